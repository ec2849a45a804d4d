"""Shared fixtures: the repository's games and its command-line binary."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
GAMES = sorted(str(p) for p in (ROOT / "games").glob("*.game"))


def cli(*args):
    """Runs the `ludus` binary that `cargo test --release` built (or LUDUS_BIN) and gives its stdout."""
    binary = os.environ.get("LUDUS_BIN", str(ROOT / "target" / "release" / "ludus"))
    if not os.path.exists(binary):
        pytest.fail(f"{binary} is missing: build it with `cargo build --release` first")
    done = subprocess.run([binary, *args], capture_output=True, text=True, check=True)
    return done.stdout


def cli_json(*args):
    """The JSON a command prints with `--format json`."""
    return json.loads(cli(*args, "--format", "json"))
