"""ludus board games from Python: load a ``.game`` file, play it through a pyspiel-shaped
``State`` API, step many games at once with ``VectorEnv``, and run the command line's jobs."""

from ludus._ludus import (  # noqa: F401
    CHANCE_PLAYER,
    TERMINAL_PLAYER,
    Dice,
    Game,
    GameError,
    State,
    VectorEnv,
    analyse,
    load_game,
    perft,
    playouts,
    wilson_interval,
)
from ludus._ludus import match  # noqa: F401  (a keyword since 3.10, a name all the same)

__all__ = [
    "CHANCE_PLAYER",
    "TERMINAL_PLAYER",
    "Dice",
    "Game",
    "GameError",
    "State",
    "VectorEnv",
    "analyse",
    "load_game",
    "match",
    "perft",
    "playouts",
    "wilson_interval",
]
