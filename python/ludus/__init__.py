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
    load_game,
)

__all__ = [
    "CHANCE_PLAYER",
    "TERMINAL_PLAYER",
    "Dice",
    "Game",
    "GameError",
    "State",
    "VectorEnv",
    "load_game",
]
