"""Ray shards: the merged result equals the same shards run in this process, exactly."""

import pytest
import ray

import ludus
import ludus.distributed as dist
from conftest import ROOT

WOLI = str(ROOT / "games/woli.game")
KALAH = str(ROOT / "games/kalah.game")


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_shards_and_seeds():
    assert dist.shard_sizes(10, 3) == [4, 3, 3]
    assert dist.shard_sizes(2, 3) == [1, 1, 0]
    seeds = [dist.shard_seed(7, i) for i in range(4)]
    assert len(set(seeds)) == 4 and all(0 <= s < 2**64 for s in seeds)
    assert dist.shard_seed(7, 0) != dist.shard_seed(8, 0)


def test_sharded_analyse_on_ray_equals_the_serial_run(local_ray):
    game = ludus.load_game(WOLI, counters=4)
    kwargs = dict(playouts=301, seed=11, shards=3, agents=["flatmc:playouts=4"], agent_games=5)
    on_ray = dist.analyse(game, **kwargs)
    serial = dist.analyse(game, serial=True, **kwargs)
    assert on_ray == serial
    # The merge adds the shards' counts.
    parts = [
        ludus.analyse(game, playouts=p, seed=dist.shard_seed(11, i), agents=["flatmc:playouts=4"],
                      agent_games=g)
        for i, (p, g) in enumerate(zip([101, 100, 100], [2, 2, 1]))
    ]
    assert on_ray["playouts"] == 301
    wins = sum(round(r["p1_wins"]["rate"] * r["playouts"]) for r in parts)
    assert on_ray["p1_wins"]["rate"] == wins / 301
    assert on_ray["moves"]["min"] == min(r["moves"]["min"] for r in parts)
    assert on_ray["agents"][0]["games"] == 5
    assert on_ray["options"] == [["counters", "4"], ["limit", "1000"]]


def test_one_shard_is_the_plain_analysis():
    game = ludus.load_game(WOLI)
    merged = dist.analyse(game, playouts=200, seed=3, shards=1, serial=True)
    plain = ludus.analyse(game, playouts=200, seed=dist.shard_seed(3, 0), agents=[], agent_games=0)
    assert merged["p1_wins"] == plain["p1_wins"] and merged["draws"] == plain["draws"]
    assert merged["moves"] == pytest.approx(plain["moves"])
    assert merged["endings"] == plain["endings"]


def test_sharded_match_on_ray_equals_the_serial_run(local_ray):
    kwargs = dict(agents=["flatmc:playouts=6", "random"], games=10, seed=5, shards=2)
    on_ray = dist.match(KALAH, **kwargs)
    serial = dist.match(KALAH, serial=True, **kwargs)
    without = lambda r: {k: v for k, v in r.items() if k != "ms_per_move"}  # noqa: E731
    assert without(on_ray) == without(serial)
    assert on_ray["games"] == 10
    a = on_ray["agents"]
    assert sum(on_ray["wins"][x] + on_ray["agent_draws"][x] + on_ray["losses"][x] for x in a) == 20


def test_sweep_on_ray(local_ray):
    table = dist.sweep(str(ROOT / "games/tabou.game"), {"counters": [3, 4], "transfers": ["on", "off"]},
                       playouts=40, seed=2)
    rows = table.to_dict("records") if hasattr(table, "to_dict") else table
    assert [(r["counters"], r["transfers"]) for r in rows] == [(3, "on"), (3, "off"), (4, "on"), (4, "off")]
    serial = dist.sweep(str(ROOT / "games/tabou.game"), {"counters": [3, 4], "transfers": ["on", "off"]},
                        playouts=40, seed=2, serial=True)
    assert rows == (serial.to_dict("records") if hasattr(serial, "to_dict") else serial)
    assert all(r["playouts"] == 40 for r in rows)
