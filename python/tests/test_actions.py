"""The compact action encoding (docs/PYTHON.md, "Actions"): every legal move has an action below
`num_distinct_actions()` that maps back to it, two legal moves never share one, a move has the
same action everywhere, and the mask costs what the legal moves cost, not the action space."""

import random
import time
from pathlib import Path

import numpy as np
import pytest

import ludus
from conftest import GAMES, ROOT


def random_positions(game, seed, playouts, cap=300):
    """The decision states of random playouts (chance outcomes drawn by their probabilities)."""
    rng = random.Random(seed)
    for _ in range(playouts):
        state = game.new_initial_state()
        for _ in range(cap):
            if state.is_terminal():
                break
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
                continue
            yield state
            state.apply_action(rng.choice(state.legal_actions()))


# The shipped games whose chains are too many to number whole: International draughts' captures
# are numbered by origin, end and first direction, Fanorona's long chains by a hash of their steps
# (docs/PYTHON.md), so one action may be written differently in two positions; two moves legal
# together are still told apart (`Actions::encode_all`), which the test below checks.
NUMBERED_BY_CLASS = {"international-draughts", "fanorona"}


@pytest.mark.parametrize("path", GAMES)
def test_every_legal_move_round_trips_at_many_positions(path):
    game = ludus.load_game(path)
    size = game.num_distinct_actions()
    # Each action's notation over every position visited, a capture's `x` read as `-` (whether
    # a target holds a piece is the position's): one move, so one notation.
    notation_of = {}
    positions = 0
    for state in random_positions(game, seed=sum(path.encode()), playouts=12):
        positions += 1
        actions = state.legal_actions()
        assert actions, str(state)
        assert len(set(actions)) == len(actions), ("two moves share an action", str(state))
        texts = set()
        for a in actions:
            assert 0 <= a < size
            text = state.action_to_string(a)
            texts.add(text)
            assert state.string_to_action(text) == a, (text, str(state))
            # An entry that hits is written `enter xl2`: the same move as `enter l2`.
            plain = text.replace("enter x", "enter ").replace("x", "-")
            # A chain numbered by its ends or its hash is one action however it goes.
            if Path(path).stem not in NUMBERED_BY_CLASS:
                assert notation_of.setdefault(a, plain) == plain, (a, text, notation_of[a])
            child = state.clone()
            child.apply_action(a)
            assert child.history()[-1] == a
        # Distinct actions are distinct moves: their notations differ too.
        assert len(texts) == len(actions), str(state)
        mask = state.legal_actions_mask()
        assert mask.shape == (size,) and mask.dtype == np.bool_
        assert list(np.flatnonzero(mask)) == sorted(actions)
    assert positions >= 12


def test_two_chains_between_the_same_squares_have_two_actions():
    # A man on c1 jumps d2 to e3, then either f4 and f6 or d4 and d6, landing on e7 both ways:
    # same origin, target and first jump, two moves (they take other pieces).
    game = ludus.load_game(
        """
(game "Diamond"
  (players 2)
  (equipment {(board (square 8))})
  (rules
    (start {(pieces P1 (sites {2})) (pieces P2 (sites {11 29 45 27 43}))})
    (play (jump ForwardDiagonal captured:Removed))
    (end (if (no-moves Next) (result Next Loss)))))
"""
    )
    state = game.new_initial_state()
    actions = state.legal_actions()
    assert sorted(state.action_to_string(a) for a in actions) == ["c1xe3xc5xe7", "c1xe3xg5xe7"]
    assert len(set(actions)) == 2
    for a in actions:
        child = state.clone()
        child.apply_action(a)
        # Each takes its own three pieces: two left of the five.
        assert str(child).count("o1") == 2


# What the encoding makes of the shipped games: far below the former generator × origin ×
# target × extra (draughts 73,729, Ludo 50,857, Morris 29,401, Breakthrough 4,097).
SIZES = {
    "amazons": 3041,
    "backgammon": 4222,
    "bagh-chal": 763,
    "breakthrough": 309,
    "draughts": 3481,
    "konane": 513,
    "ludo": 16585,
    "morris": 16601,
    "international-draughts": 11473,
    "fanorona": 16593,
}


@pytest.mark.parametrize("name,size", sorted(SIZES.items()))
def test_the_action_space_is_compact(name, size):
    assert ludus.load_game(str(ROOT / "games" / f"{name}.game")).num_distinct_actions() == size


@pytest.mark.parametrize("path", GAMES)
def test_every_action_space_is_at_most_twenty_thousand(path):
    assert ludus.load_game(path).num_distinct_actions() <= 20000


# The mask's budget: a call at most 10 µs in a release build (the cost of a random step's
# order), whatever the action space.
MASK_MICROSECONDS = 10.0


@pytest.mark.skipif(
    not ludus._ludus.RELEASE_BUILD,
    reason="timing limit of a release build (maturin develop --release)",
)
@pytest.mark.parametrize("path", GAMES)
def test_the_mask_costs_at_most_ten_microseconds(path):
    game = ludus.load_game(path)
    positions = [s.clone() for s in random_positions(game, seed=7, playouts=1, cap=40)][::8]
    assert positions
    worst = 0.0
    for state in positions:
        state.legal_actions_mask()  # the first call of a size allocates its pages
        # The least of five means over 500 calls: the machine's other work only adds time.
        best = min(_mean_seconds(state.legal_actions_mask, 500) for _ in range(5))
        worst = max(worst, best * 1e6)
    assert worst <= MASK_MICROSECONDS, f"{path}: {worst:.2f} µs a call"


def _mean_seconds(call, n):
    start = time.perf_counter()
    for _ in range(n):
        call()
    return (time.perf_counter() - start) / n


def test_a_board_with_too_many_chains_numbers_them_by_their_ends():
    # Jumps in eight directions on 12 × 12: more chains than the tree holds (16,384), so its
    # chains are numbered by origin, target and first direction, the targets those two-site
    # jumps reach (36 of the 144 from each origin); it loads at once all the same.
    text = """
(game "Wide jumps"
  (players 2)
  (equipment {(board (square 12))})
  (rules
    (start {(pieces P1 (row 0)) (pieces P2 (row 1))})
    (play (jump All captured:Removed))
    (end (if (no-moves Next) (result Next Loss)))))
"""
    start = time.perf_counter()
    game = ludus.load_game(text)
    assert time.perf_counter() - start < 5.0
    assert game.num_distinct_actions() == 1 + 144 * 36 * 8
    state = game.new_initial_state()
    actions = state.legal_actions()
    assert len(actions) == 32 and len(set(actions)) == 32
    for a in actions:
        assert state.string_to_action(state.action_to_string(a)) == a


def test_approach_and_withdrawal_and_the_parts_of_a_chain_have_their_own_actions():
    # Fanorona: c3 steps to d3 toward e3 (approach) or away from b3 (withdrawal); after either,
    # d3-d4 takes d5 by approach, and after the withdrawal d4-c5 withdraws from e3. Every part of
    # a chain is a move (may-stop), each with its own action.
    text = (ROOT / "games" / "fanorona.game").read_text()
    game = ludus.load_game(text)
    position = game.new_initial_state()
    assert game.num_distinct_actions() <= 20000
    moves = {
        "c3-d3A",
        "c3-d3W",
        "c3-d3A-d4A",
        "c3-d3W-d4A",
        "c3-d3W-d4A-c5W",
    }
    # The same position as tests/it/fanorona.rs builds, reached here by editing the start.
    edited = text.replace(
        "(pieces P1 (union {(rect 0 0 1 8) (sites {19 21 24 26})}))",
        "(pieces P1 (sites {20}))",
    ).replace(
        "(pieces P2 (union {(rect 3 0 4 8) (sites {18 20 23 25})}))",
        "(pieces P2 (sites {18 19 22 39 44}))",
    )
    assert edited != text
    game = ludus.load_game(edited)
    state = game.new_initial_state()
    actions = state.legal_actions()
    assert {state.action_to_string(a) for a in actions} == moves
    assert len(set(actions)) == len(actions) == len(moves)
    for a in actions:
        assert state.string_to_action(state.action_to_string(a)) == a
    assert position.legal_actions()


def test_two_chains_numbered_alike_are_told_apart_in_their_position():
    # Fanorona's long chains are numbered by a hash of their steps, so two legal together may
    # hash alike: the later then takes the next free number of its block, in that position only.
    game = ludus.load_game(str(ROOT / "games" / "fanorona.game"))
    # 13 of 12,674 positions of 300 random games have such a pair: these 150 games meet several.
    rng = random.Random(5)
    for _ in range(150):
        state = game.new_initial_state()
        while not state.is_terminal():
            actions = state.legal_actions()
            assert len(set(actions)) == len(actions), str(state)
            for a in actions:
                assert state.string_to_action(state.action_to_string(a)) == a
            state.apply_action(rng.choice(actions))


def test_two_dice_follow_pyspiel_chance_outcomes():
    """Backgammon's throws are pyspiel's 21 chance outcomes, in its order: the pairs of different
    dice (1-2, 1-3, ... 5-6) at 1/18, then the doubles (1-1 ... 6-6) at 1/36."""
    game = ludus.load_game(str(ROOT / "games" / "backgammon.game"))
    state = game.new_initial_state()
    by_action = sorted(state.chance_outcomes())
    pairs = [(a, b) for a in range(1, 7) for b in range(a + 1, 7)] + [(a, a) for a in range(1, 7)]
    assert [a for a, _ in by_action] == list(range(1, 22))
    assert [state.action_to_string(a) for a, _ in by_action] == [f"throw {b}{a}" for a, b in pairs]
    for (_, p), (a, b) in zip(by_action, pairs):
        assert abs(p - (1 / 36 if a == b else 1 / 18)) < 1e-12
