"""The command line's jobs as functions: the same figures as its JSON."""

import signal
import subprocess
import sys
import time

import pytest

import ludus
from conftest import GAMES, ROOT, cli, cli_json

TIMING = ("seconds", "playouts_per_second", "edges_per_second", "ms_per_move", "threads")


def without_timing(figures):
    return {k: v for k, v in figures.items() if k not in TIMING}


def test_playouts_equal_the_cli():
    path = str(ROOT / "games/ur.game")
    ours = ludus.playouts(ludus.load_game(path), 500, seed=7, threads=2)
    theirs = cli_json("run", path, "--playouts", "500", "--seed", "7", "--threads", "1")
    assert ours["threads"] == 2 and ours["edges_per_second"] > 0
    assert without_timing(ours) == without_timing(theirs)


@pytest.mark.parametrize("path", GAMES)
def test_perft_equals_the_cli(path):
    rows = [line.split() for line in cli("perft", path, "--depth", "3").splitlines()]
    got = ludus.perft(ludus.load_game(path), 3)
    assert got["depth"] == 3
    assert got["counts"] == [int(n) for _, n in rows]


def test_match_equals_the_cli():
    path = str(ROOT / "games/kalah.game")
    game = ludus.load_game(path)
    ours = ludus.match(game, ["flatmc:playouts=8", "random"], games=6, seed=3)
    theirs = cli_json("match", path, "--p1", "flatmc:playouts=8", "--p2", "random",
                      "--games", "6", "--seed", "3")
    assert without_timing(ours) == without_timing(theirs)
    assert set(ours["ms_per_move"]) == {"flatmc:playouts=8", "random"}


def test_analyse_equals_the_cli():
    path = str(ROOT / "games/woli.game")
    game = ludus.load_game(path, counters=4)
    ours = ludus.analyse(game, playouts=300, seed=5, agents=["flatmc:playouts=4"], agent_games=4)
    theirs = cli_json("analyse", path, "-D", "counters=4", "--playouts", "300", "--seed", "5",
                      "--agents", "flatmc:playouts=4", "--agent-games", "4")
    assert ours == theirs
    assert ours["options"] == [["counters", "4"], ["limit", "1000"]]


def test_bad_agents_raise():
    game = ludus.load_game(str(ROOT / "games/kalah.game"))
    with pytest.raises(ValueError, match="players"):
        ludus.match(game, ["random"], games=2)
    with pytest.raises(ValueError, match="nonsense"):
        ludus.match(game, ["nonsense", "random"], games=2)
    with pytest.raises(ValueError, match="out of range"):
        ludus.playouts(game, 10, threads=0)


# Each runs for minutes unless interrupted.
LONG_JOBS = {
    "perft": "ludus.perft(ludus.load_game(HEX), 12)",
    "playouts": "ludus.playouts(ludus.load_game(HEX), 10**9, threads=2)",
    "match": "ludus.match(ludus.load_game(HEX), ['mcts:iterations=2000', 'random'], games=10**6, threads=2)",
}


@pytest.mark.parametrize("job", sorted(LONG_JOBS))
def test_ctrl_c_interrupts_a_long_job(job):
    """SIGINT half a second into the job: KeyboardInterrupt within a second or two, and the
    next job runs as usual."""
    script = (
        "import sys, time, ludus\n"
        f"HEX = {str(ROOT / 'games/hex.game')!r}\n"
        "print('started', flush=True)\n"
        "try:\n"
        f"    {LONG_JOBS[job]}\n"
        "    print('finished')\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', flush=True)\n"
        "print(ludus.perft(ludus.load_game(HEX, size=3), 2)['counts'])\n"
    )
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline() == "started\n"
        time.sleep(0.5)
        child.send_signal(signal.SIGINT)
        sent = time.monotonic()
        out, err = child.communicate(timeout=10)
        elapsed = time.monotonic() - sent
    finally:
        child.kill()
        child.wait()
    assert out.splitlines() == ["interrupted", "[9, 81]"], err
    assert elapsed < 2.0
