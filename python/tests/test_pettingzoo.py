"""The PettingZoo AEC wrapper passes PettingZoo's own API test."""

import numpy as np
import pytest

from pettingzoo.test import api_test

import ludus.pettingzoo
from conftest import ROOT


@pytest.mark.parametrize(
    "name,options",
    [("tictactoe.game", {}), ("ur.game", {}), ("kalah.game", {}), ("ludo.game", {"players": 3})],
)
def test_api_test(name, options):
    api_test(ludus.pettingzoo.env(str(ROOT / "games" / name), **options), num_cycles=1000)


def test_a_random_game_to_the_end():
    env = ludus.pettingzoo.env(str(ROOT / "games/tictactoe.game"))
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    total = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        total[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sorted(total.values()) in ([-1.0, 1.0], [0.0, 0.0])
    assert env.agents == []


def test_a_game_stopped_at_the_edge_limit_is_truncated():
    env = ludus.pettingzoo.env(str(ROOT / "games/ur.game"), max_edges=9)
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    ends = set()
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            ends.add((terminated, truncated, reward))
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert ends == {(False, True, 0.0)}
    api_test(ludus.pettingzoo.env(str(ROOT / "games/ur.game"), max_edges=9), num_cycles=100)
