"""VectorEnv: the batch against single states."""

import subprocess
import sys

import numpy as np
import pytest

import ludus
from conftest import ROOT


class Singles:
    """The games of `VectorEnv(game, n, seed)` one `State` each, their dice thrown from the
    streams the batch throws from (`Dice`)."""

    def __init__(self, game, n, seed):
        self.game = game
        self.dice = [ludus.Dice(game, seed, i) for i in range(n)]
        self.states = [self.started(i) for i in range(n)]

    def started(self, i):
        """Game i at its start, its dice thrown."""
        state = self.game.new_initial_state()
        self.throw(i, state)
        return state

    def play(self, i, action):
        """Plays `action` in game i, then throws its dice."""
        self.states[i].apply_action(action)
        self.throw(i, self.states[i])

    def throw(self, i, state):
        while state.is_chance_node():
            state.apply_action(self.dice[i].throw(state))

    def step_as(self, env, actions):
        """Steps `env` with `actions` and plays them here: each game's done flag, rewards and
        state must be those of its single state, started again where it ended."""
        rewards, done = env.step(actions)
        for i, state in enumerate(self.states):
            self.play(i, int(actions[i]))
            assert bool(done[i]) == state.is_terminal()
            if state.is_terminal():
                assert rewards[i].tolist() == state.returns()
                self.states[i] = self.started(i)
            assert env.state(i).serialize() == self.states[i].serialize()


def test_the_mask_agrees_with_legal_actions():
    game = ludus.load_game(str(ROOT / "games/ur.game"))
    env = ludus.VectorEnv(game, 16, seed=5)
    rng = np.random.default_rng(1)
    for _ in range(200):
        mask = env.legal_action_mask()
        assert mask.shape == (16, game.num_distinct_actions()) and mask.dtype == np.bool_
        for i in range(16):
            state = env.state(i)
            assert list(np.flatnonzero(mask[i])) == sorted(state.legal_actions())
        choice = np.array([rng.choice(np.flatnonzero(row)) for row in mask], dtype=np.int64)
        env.step(choice)


@pytest.mark.parametrize("name,n", [("ur.game", 8), ("kalah.game", 8), ("tictactoe.game", 4), ("ludo.game", 4)])
def test_ten_thousand_steps_agree_with_single_states(name, n):
    """The same actions and dice, one state at a time through the State API: equal everywhere."""
    game = ludus.load_game(str(ROOT / "games" / name))
    seed = 42
    env = ludus.VectorEnv(game, n, seed)
    singles = Singles(game, n, seed)
    states = singles.states
    rng = np.random.default_rng(9)
    ends = 0
    for _ in range(10_000 // n):
        mask = env.legal_action_mask()
        obs = env.observations()
        players = env.current_players()
        for i, state in enumerate(states):
            assert list(np.flatnonzero(mask[i])) == state.legal_actions()
            assert np.array_equal(obs[i], state.observation_tensor())
            assert players[i] == state.current_player()
        actions = np.array([rng.choice(s.legal_actions()) for s in states], dtype=np.int64)
        rewards, done = env.step(actions)
        for i, state in enumerate(states):
            singles.play(i, int(actions[i]))
            assert bool(done[i]) == state.is_terminal()
            if state.is_terminal():
                assert rewards[i].tolist() == state.returns()
                ends += 1
                states[i] = singles.started(i)
            else:
                assert rewards[i].tolist() == [0.0] * game.num_players()
            assert env.state(i).history() == states[i].history()
    assert ends > 0


@pytest.mark.parametrize("name", ["morris.game", "draughts.game", "backgammon.game", "hex.game"])
def test_random_actions_step_as_single_states_do(name):
    """`step` plays the moves `random_actions` drew without looking for them, and looks for an
    action changed since: the games go exactly as single states given the same actions."""
    game = ludus.load_game(str(ROOT / "games" / name))
    n, seed = 6, 11
    env = ludus.VectorEnv(game, n, seed)
    singles = Singles(game, n, seed)
    states = singles.states
    for k in range(300):
        actions = env.random_actions(k)
        if k % 3 == 0:
            actions[k % n] = states[k % n].legal_actions()[-1]
        singles.step_as(env, actions)


@pytest.mark.parametrize(
    "name,options",
    [
        ("hex.game", {"pie": "off"}),
        ("breakthrough.game", {}),
        ("toki.game", {}),
        ("woli.game", {}),
        ("tictactoe.game", {}),
    ],
)
def test_games_drawn_from_sets_list_their_moves_when_asked(name, options):
    """In a game drawn from site sets, a step that plays the moves `random_actions` drew lists
    no moves after them: the games still go exactly as single states given the same actions, and
    their moves are listed when asked for (the mask, an action not drawn, an illegal action)."""
    game = ludus.load_game(str(ROOT / "games" / name), **options)
    n, seed = 5, 3
    env = ludus.VectorEnv(game, n, seed)
    singles = Singles(game, n, seed)
    states = singles.states
    for k in range(300):
        actions = env.random_actions(k)
        for i, state in enumerate(states):
            assert int(actions[i]) in state.legal_actions()
        if k % 4 == 1:
            mask = env.legal_action_mask()
            for i, state in enumerate(states):
                assert list(np.flatnonzero(mask[i])) == sorted(state.legal_actions())
        i = k % n
        if k % 3 == 0:
            # An action other than the one drawn, where there is one.
            others = [a for a in states[i].legal_actions() if a != actions[i]]
            actions[i] = others[-1] if others else actions[i]
        if k % 7 == 2:
            illegal = actions.copy()
            illegal[i] = game.num_distinct_actions()
            with pytest.raises(ValueError, match=f"not legal in game {i}") as raised:
                env.step(illegal)
            listed = raised.value.args[0].split("legal: ")[1].strip("[]").split(",")
            assert sorted(int(a) for a in listed) == sorted(states[i].legal_actions())
        singles.step_as(env, actions)


def test_an_illegal_action_plays_nothing():
    game = ludus.load_game(str(ROOT / "games/tictactoe.game"))
    env = ludus.VectorEnv(game, 2, seed=0)
    b2 = game.new_initial_state().string_to_action("place b2")
    env.step(np.array([b2, b2]))
    before = [env.state(i).serialize() for i in range(2)]
    a1 = game.new_initial_state().string_to_action("place a1")
    with pytest.raises(ValueError, match="not legal in game 1"):
        env.step(np.array([a1, b2]))
    with pytest.raises(ValueError, match="takes 2 actions"):
        env.step(np.array([a1]))
    with pytest.raises(ValueError, match="not legal in game 0"):
        env.step(np.array([-3, a1]))
    assert [env.state(i).serialize() for i in range(2)] == before


def test_the_first_games_error_is_raised_whichever_way_a_step_reads():
    """Steps read the games from either end in turn: the error named is the first game's."""
    game = ludus.load_game(str(ROOT / "games/tictactoe.game"))
    env = ludus.VectorEnv(game, 3, seed=0)
    b2 = game.new_initial_state().string_to_action("place b2")
    for _ in range(2):
        with pytest.raises(ValueError, match="not legal in game 1"):
            env.step(np.array([b2, -1, -2]))
    env.step(np.array([b2, b2, b2]))
    for _ in range(2):
        with pytest.raises(ValueError, match="not legal in game 0"):
            env.step(np.array([b2, b2, b2]))
    assert all(env.state(i).history() == [b2] for i in range(3))


def test_random_actions_are_legal_and_games_restart():
    game = ludus.load_game(str(ROOT / "games/tictactoe.game"))
    env = ludus.VectorEnv(game, 64, seed=1)
    finished = 0
    for k in range(30):
        actions = env.random_actions(k)
        mask = env.legal_action_mask()
        assert mask[np.arange(64), actions].all()
        rewards, done = env.step(actions)
        finished += int(done.sum())
        assert (rewards[done].sum(axis=1) == 0).all()
    # Tic-tac-toe ends within nine moves: every game has ended at least three times.
    assert finished >= 64 * 3


def test_a_batch_too_large_raises_and_the_interpreter_lives():
    """In a child process: before, the allocation failed and aborted the interpreter (exit 134)."""
    script = (
        "import ludus\n"
        f"g = ludus.load_game({str(ROOT / 'games/tictactoe.game')!r})\n"
        "for n in [10**12, 2**64 - 1, (1 << 20) + 1]:\n"
        "    try:\n"
        "        ludus.VectorEnv(g, n)\n"
        "    except (ValueError, MemoryError, OverflowError) as e:\n"
        "        print(type(e).__name__, e)\n"
        "print(len(ludus.VectorEnv(g, 3)))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 4 and lines[-1] == "3"
    for line in lines[:3]:
        assert line.startswith("ValueError") and "at most 1048576 games" in line, line


def test_the_largest_batch_is_documented():
    assert ludus.VectorEnv.MAX_GAMES == 1 << 20
    assert "1,048,576" in (ROOT / "docs/PYTHON.md").read_text()
