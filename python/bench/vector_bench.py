"""VectorEnv against `ludus run`: steps per second with random actions, and the State API's cost
per step. `python python/bench/vector_bench.py [GAME...]` (the `ludus` binary from
`cargo build --release`); the figures go into docs/PERFORMANCE.md."""

import json
import pathlib
import subprocess
import sys
import time

import numpy as np

import ludus

ROOT = pathlib.Path(__file__).resolve().parents[2]


def cli_edges_per_second(path):
    out = subprocess.run(
        [str(ROOT / "target/release/ludus"), "run", path, "--playouts", "20000", "--threads", "1",
         "--format", "json"],
        capture_output=True, text=True, check=True,
    ).stdout
    return json.loads(out)["edges_per_second"]


def timed(step, seconds=2.0):
    """Calls step() until `seconds` pass; gives calls per second."""
    calls, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        step()
        calls += 1
    return calls / elapsed


def vector_steps(game, n, masked=False):
    env = ludus.VectorEnv(game, n, seed=1)
    rng = np.random.default_rng(1)
    k = [0]

    def step():
        if masked:
            # The learner's way: a random legal action from the mask, in numpy.
            mask = env.legal_action_mask()
            actions = np.argmax(mask * rng.random(mask.shape), axis=1)
        else:
            k[0] += 1
            actions = env.random_actions(k[0])
        env.step(actions)

    return timed(step) * n


def single_steps(game):
    """Random games through the State API alone: apply_action with a random legal action."""
    rng = np.random.default_rng(1)
    dice = ludus.Dice(game, 1, 0)
    state = [game.new_initial_state()]

    def step():
        s = state[0]
        if s.is_terminal():
            s = state[0] = game.new_initial_state()
        if s.is_chance_node():
            s.apply_action(dice.throw(s))
        else:
            legal = s.legal_actions()
            s.apply_action(legal[int(rng.integers(len(legal)))])

    return timed(step)


def main(paths):
    for path in paths:
        game = ludus.load_game(path)
        cli = cli_edges_per_second(path)
        row = {"game": game.name, "actions": game.num_distinct_actions(), "cli_edges_per_s": round(cli)}
        for n in (1, 64, 1024):
            row[f"vector_{n}"] = round(vector_steps(game, n))
        row["vector_1024_numpy_mask"] = round(vector_steps(game, 1024, masked=True))
        row["single_state_edges_per_s"] = round(single_steps(game))
        row["single_state_us_per_edge"] = round(1e6 / row["single_state_edges_per_s"], 2)
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:] or [str(ROOT / "games" / g) for g in ("woli.game", "ur.game", "connect-four.game")])
