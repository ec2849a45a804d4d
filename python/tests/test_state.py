"""The pyspiel-shaped State API against the engine and the command line."""

import random
import subprocess
import sys

import numpy as np
import pytest

import ludus
from conftest import GAMES, ROOT, cli

# Larger variants of the board games are left out: their trees are the same code, wider.
VARIANTS = [(g, {}) for g in GAMES] + [
    (str(ROOT / "games/ludo.game"), {"players": 2}),
    (str(ROOT / "games/hex.game"), {"size": 5}),
    (str(ROOT / "games/tabou.game"), {"transfers": "off"}),
    (str(ROOT / "games/kalah.game"), {"end": "either"}),
]


def python_perft(state, depth, counts, d=1):
    """Counts paths of each length through the State API alone: moves and chance outcomes."""
    if d > depth or state.is_terminal():
        return
    actions = (
        [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
    )
    counts[d] += len(actions)
    for a in actions:
        child = state.clone()
        child.apply_action(a)
        python_perft(child, depth, counts, d + 1)


@pytest.mark.parametrize("path", GAMES)
def test_perft_equals_the_cli(path):
    rows = [line.split() for line in cli("perft", path, "--depth", "3").splitlines()]
    expected = {int(d): int(n) for d, n in rows}
    # The deepest depth whose tree Python walks in a moment.
    depth, total = 1, 0
    for d in sorted(expected):
        total += expected[d]
        if total > 60000:
            break
        depth = d
    counts = [0] * (depth + 1)
    python_perft(ludus.load_game(path).new_initial_state(), depth, counts)
    assert counts[1:] == [expected[d] for d in range(1, depth + 1)]


def random_states(game, seed, playouts=3, cap=400):
    """The states of a few random playouts, the start included."""
    rng = random.Random(seed)
    for _ in range(playouts):
        state = game.new_initial_state()
        for _ in range(cap):
            yield state
            if state.is_terminal():
                break
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("path,options", VARIANTS)
def test_actions_are_distinct_and_map_back(path, options):
    game = ludus.load_game(path, **options)
    size = game.num_distinct_actions()
    seen = 0
    for state in random_states(game, seed=len(path)):
        actions = state.legal_actions()
        assert len(set(actions)) == len(actions), str(state)
        for a in actions:
            assert 0 <= a < size
            text = state.action_to_string(a)
            assert state.string_to_action(text) == a, (text, str(state))
        mask = state.legal_actions_mask()
        assert mask.shape == (size,) and mask.dtype == np.bool_
        assert list(np.flatnonzero(mask)) == sorted(actions)
        seen += len(actions)
    assert seen > 0


def test_an_action_names_the_same_move_everywhere():
    game = ludus.load_game(str(ROOT / "games/tictactoe.game"))
    state = game.new_initial_state()
    a = state.string_to_action("place b2")
    other = game.new_initial_state()
    other.apply_action(other.string_to_action("place a1"))
    other.apply_action(other.string_to_action("place c3"))
    assert other.action_to_string(a) == "place b2"


@pytest.mark.parametrize("path", [str(ROOT / "games/ur.game"), str(ROOT / "games/sig.game"), str(ROOT / "games/ludo.game")])
def test_chance_outcomes_sum_to_one(path):
    game = ludus.load_game(path)
    chance = 0
    for state in random_states(game, seed=7):
        outcomes = state.chance_outcomes()
        if state.is_chance_node():
            chance += 1
            assert state.current_player() == ludus.CHANCE_PLAYER
            assert sum(p for _, p in outcomes) == pytest.approx(1.0, abs=1e-12)
            assert all(p > 0 for _, p in outcomes)
            assert [a for a, _ in outcomes] == state.legal_actions()
        else:
            assert outcomes == []
    assert chance > 10


@pytest.mark.parametrize("path", GAMES)
def test_serialize_round_trip(path):
    game = ludus.load_game(path)
    for i, state in enumerate(random_states(game, seed=3, playouts=1, cap=60)):
        back = game.deserialize_state(state.serialize())
        assert back == state
        assert str(back) == str(state)
        assert back.legal_actions() == state.legal_actions()
        assert back.history() == state.history()


def test_terminal_states_and_returns():
    game = ludus.load_game(str(ROOT / "games/tictactoe.game"))
    state = game.new_initial_state()
    for move in ["place a1", "place b1", "place a2", "place b2", "place a3"]:
        assert state.returns() == [0.0, 0.0]
        state.apply_action(state.string_to_action(move))
    assert state.is_terminal()
    assert state.current_player() == ludus.TERMINAL_PLAYER
    assert state.returns() == [1.0, -1.0]
    assert state.legal_actions() == []
    with pytest.raises(ValueError, match="game is over"):
        state.apply_action(0)


def test_an_illegal_action_raises():
    game = ludus.load_game(str(ROOT / "games/tictactoe.game"))
    state = game.new_initial_state()
    state.apply_action(state.string_to_action("place b2"))
    taken = game.new_initial_state().string_to_action("place b2")
    with pytest.raises(ValueError, match="not legal"):
        state.apply_action(taken)
    with pytest.raises(ValueError, match="not legal"):
        state.apply_action(game.num_distinct_actions() + 5)
    with pytest.raises(OverflowError):
        state.apply_action(-1)
    with pytest.raises(ValueError, match="b2"):
        state.string_to_action("place b2")
    assert len(state.legal_actions()) == 8


def test_observation_tensor():
    game = ludus.load_game(str(ROOT / "games/tictactoe.game"))
    planes, sites = game.observation_tensor_shape()
    assert (planes, sites) == (4 * 2 + 1, 9)
    state = game.new_initial_state()
    state.apply_action(state.string_to_action("place b2"))
    obs = state.observation_tensor()
    assert obs.shape == (planes, sites) and obs.dtype == np.float32
    # b2 is site 4: P1's piece there; P2 to move.
    assert obs[0].tolist() == [0, 0, 0, 0, 1, 0, 0, 0, 0]
    assert obs[1].sum() == 0
    # No counters are sown: the third plane holds the empty points, as pyspiel's Go does.
    assert obs[2].tolist() == [1, 1, 1, 1, 0, 1, 1, 1, 1]
    assert obs[3].tolist() == [0.0] * 9 and obs[4].tolist() == [1.0] * 9


def test_options_and_the_text_board():
    game = ludus.load_game(str(ROOT / "games/woli.game"), counters=4)
    assert game.options == [("counters", "4")]
    state = game.new_initial_state()
    assert state.observation_tensor()[2].tolist() == [4.0] * 12
    assert str(state).startswith("Woli")
    tabou = ludus.load_game(str(ROOT / "games/tabou.game"), draw_25_23=True)
    assert tabou.options == [("draw-25-23", "on")]


def test_a_bad_file_raises_game_error_with_its_line(tmp_path):
    bad = tmp_path / "bad.game"
    text = (ROOT / "games/tictactoe.game").read_text().splitlines()
    line = next(i for i, l in enumerate(text) if "(players" in l)
    text[line] = text[line].replace("(players", "(playerz")
    bad.write_text("\n".join(text) + "\n")
    with pytest.raises(ludus.GameError) as caught:
        ludus.load_game(str(bad))
    e = caught.value
    assert e.line == line + 1
    assert e.column == text[line].index("(playerz") + 2
    assert "playerz" in e.message
    assert e.help
    assert e.diagnostics[0]["line"] == line + 1
    assert f"bad.game:{line + 1}:" in str(e)


def test_a_missing_file_and_a_bad_option_raise_game_error():
    with pytest.raises(ludus.GameError, match="cannot read"):
        ludus.load_game("no/such.game")
    with pytest.raises(ludus.GameError) as caught:
        ludus.load_game(str(ROOT / "games/woli.game"), counters=0)
    assert caught.value.diagnostics


def test_a_state_of_one_game_is_refused_by_another():
    hex_game = ludus.load_game(str(ROOT / "games/hex.game"))
    tictactoe = ludus.load_game(str(ROOT / "games/tictactoe.game"))
    state = hex_game.new_initial_state()
    for a in [1, 2, 3, 4, 5]:  # actions of Tic-tac-toe too
        state.apply_action(a)
    saved = state.serialize()
    with pytest.raises(ValueError, match=r'of "Hex".*not of "Tic-tac-toe"'):
        tictactoe.deserialize_state(saved)
    # The same game with other options is another game: its actions may name other moves.
    no_swap = ludus.load_game(str(ROOT / "games/hex.game"), pie="off")
    with pytest.raises(ValueError, match="other options or another version"):
        no_swap.deserialize_state(saved)
    assert hex_game.deserialize_state(saved) == state
    with pytest.raises(ValueError, match="does not say which game"):
        tictactoe.deserialize_state("ludus-state 1\n1\n2\n")


def test_states_of_two_games_are_not_equal():
    path = ROOT / "games/tictactoe.game"
    tictactoe = ludus.load_game(str(path))
    # Another game with the same board and start.
    renamed = ludus.load_game(path.read_text().replace('"Tic-tac-toe"', '"Noughts and crosses"'))
    assert tictactoe.new_initial_state() != renamed.new_initial_state()
    hex_game = ludus.load_game(str(ROOT / "games/hex.game"))
    no_swap = ludus.load_game(str(ROOT / "games/hex.game"), pie="off")
    assert hex_game.new_initial_state() != no_swap.new_initial_state()
    assert hex_game.identity != no_swap.identity != tictactoe.identity
    # One game loaded twice, from its file or its text, the default option given or not: one game.
    text = (ROOT / "games/hex.game").read_text()
    for again in [ludus.load_game(text), ludus.load_game(str(ROOT / "games/hex.game"), size=11)]:
        assert again.identity == hex_game.identity
        assert again.new_initial_state() == hex_game.new_initial_state()
        assert hash(again.new_initial_state()) == hash(hex_game.new_initial_state())


def test_a_dice_of_one_game_refuses_a_state_of_another():
    ur = ludus.load_game(str(ROOT / "games/ur.game"))
    sig = ludus.load_game(str(ROOT / "games/sig.game"))
    state = sig.new_initial_state()
    assert state.is_chance_node()
    with pytest.raises(ValueError, match='of "Sig".*not of "Ur"'):
        ludus.Dice(ur, 1, 0).throw(state)


def test_the_identity_is_the_same_in_another_process():
    """Not a hash seeded per process: a state saved by one process loads in another."""
    path = str(ROOT / "games/hex.game")
    script = (
        "import ludus, random\n"
        f"g = ludus.load_game({path!r}, pie='off')\n"
        "s = g.new_initial_state()\n"
        "for a in [3, 40, 7]: s.apply_action(a)\n"
        "print(g.identity)\n"
        "print(s.serialize(), end='')\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    identity, saved = out.stdout.split("\n", 1)
    game = ludus.load_game(path, pie="off")
    assert game.identity == identity
    assert game.deserialize_state(saved).history() == [3, 40, 7]


def test_option_errors_are_written_as_python_passed_them():
    path = str(ROOT / "games/hex.game")
    with pytest.raises(ludus.GameError) as caught:
        ludus.load_game(path, size=[1, 2])
    text = str(caught.value)
    assert "--option" not in text
    assert "`size=[1, 2]`: `[1, 2]` is not a value of option" in caught.value.message
    assert "`size=[1, 2]`" in text
    with pytest.raises(ludus.GameError) as caught:
        ludus.load_game(path, sise=5)
    assert "--option" not in str(caught.value)
    assert caught.value.message.startswith("`sise=5`: this game has no option")
    tabou = str(ROOT / "games/tabou.game")
    with pytest.raises(ludus.GameError) as caught:
        ludus.load_game(tabou, draw_25_23="of")
    e = caught.value
    assert "--option" not in str(e)
    assert e.message.startswith("`draw_25_23=\"of\"`:")
    assert "did you mean `draw_25_23=\"off\"`?" in e.help
    with pytest.raises(ludus.GameError, match="draw_25_23=True.*draw-25-23=False") as caught:
        ludus.load_game(tabou, draw_25_23=True, **{"draw-25-23": False})
    assert "--option" not in str(caught.value)


def test_a_game_stopped_at_the_edge_limit_is_not_a_draw():
    # Ur with an edge limit of 7: throws and moves count, so it stops long before an end.
    game = ludus.load_game(str(ROOT / "games/ur.game"), max_edges=7)
    assert game.max_edges == 7
    state = game.new_initial_state()
    rng = random.Random(5)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert len(state.history()) == 7
    assert state.is_stopped()
    assert state.current_player() == ludus.TERMINAL_PLAYER
    assert state.returns() == [0.0, 0.0]
    text = str(state)
    assert "stopped at the edge limit" in text and "draw" not in text
    # The limit is part of the game's identity: its actions replay on the same limit only.
    assert game.identity != ludus.load_game(str(ROOT / "games/ur.game")).identity
    assert game.deserialize_state(state.serialize()).is_stopped()


def test_a_draw_is_not_stopped():
    # Tic-tac-toe filled without a line: the rules' draw.
    game = ludus.load_game(str(ROOT / "games/tictactoe.game"))
    state = game.new_initial_state()
    for move in ["place b2", "place a1", "place c1", "place a3", "place a2", "place c2",
                 "place b1", "place b3", "place c3"]:
        state.apply_action(state.string_to_action(move))
    assert state.is_terminal() and not state.is_stopped()
    assert state.returns() == [0.0, 0.0]
    assert "game over: draw" in str(state)
    assert not game.new_initial_state().is_stopped()


@pytest.mark.parametrize("limit", [0, -1, "7"])
def test_an_edge_limit_below_one_is_refused(limit):
    with pytest.raises((ValueError, TypeError, OverflowError)):
        ludus.load_game(str(ROOT / "games/ur.game"), max_edges=limit)


def test_go_observes_as_pyspiel_does():
    game = ludus.load_game(str(ROOT / "games/go.game"), size=5)
    state = game.new_initial_state()
    for move in ["place c3", "place d3", "pass"]:
        state.apply_action(state.string_to_action(move))
    obs = state.observation_tensor()
    # Black's stones, White's stones, the empty points; then White to move.
    assert obs[0].sum() == 1 and obs[0][12] == 1
    assert obs[1].sum() == 1 and obs[1][13] == 1
    assert obs[2].sum() == 23 and obs[2][12] == 0 and obs[2][13] == 0
    assert obs[4].tolist() == [1.0] * 25
    # The pass is action 0; a placement is one site.
    assert state.string_to_action("pass") == 0
    assert len(state.legal_actions()) == 23 + 1


def test_go_takes_a_decimal_komi():
    # Black walls column c, White column d: 15 points against 10 and the komi.
    moves = [m for b, w in zip("c1 c2 c3 c4 c5".split(), "d1 d2 d3 d4 d5".split())
             for m in (f"place {b}", f"place {w}")] + ["pass", "pass"]
    for komi, returns in [(7.5, [-1.0, 1.0]), (5, [0.0, 0.0]), (4.5, [1.0, -1.0])]:
        game = ludus.load_game(str(ROOT / "games/go.game"), size=5, komi=komi)
        state = game.new_initial_state()
        for move in moves:
            state.apply_action(state.string_to_action(move))
        assert state.is_terminal() and state.returns() == returns, komi
    with pytest.raises(ludus.GameError):
        ludus.load_game(str(ROOT / "games/go.game"), komi=7.1234)
