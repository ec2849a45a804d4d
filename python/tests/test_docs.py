"""The code of docs/PYTHON.md and of the README's Python section runs."""

import json
import re
import subprocess
import sys

import pytest

from conftest import ROOT

BLOCKS = re.findall(r"```python\n(.*?)```", (ROOT / "docs/PYTHON.md").read_text(), re.S)
README_BLOCKS = re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(), re.S)

# Runs a block in a fresh interpreter and reports, as JSON, how long the block took (the
# interpreter's start and `import ludus` aside) and how its `state` ended.
RUNNER = """
import json, sys, time
import ludus
block = sys.stdin.read()
scope = {}
start = time.perf_counter()
exec(compile(block, "README.md's Python block", "exec"), scope)
seconds = time.perf_counter() - start
state = scope["state"]
print(json.dumps({
    "seconds": seconds,
    "terminal": state.is_terminal(),
    "stopped": state.is_stopped(),
    "moves": state.move_number(),
    "returns": state.returns(),
}))
"""


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_block_runs(index, monkeypatch):
    monkeypatch.chdir(ROOT)
    exec(compile(BLOCKS[index], f"PYTHON.md block {index}", "exec"), {})


def test_there_are_blocks():
    assert len(BLOCKS) == 4
    assert len(README_BLOCKS) == 1


def test_readme_block_plays_a_real_game_in_under_a_second():
    # A block that never ends would run to the edge limit (minutes): the timeout stops it first.
    done = subprocess.run(
        [sys.executable, "-c", RUNNER],
        input=README_BLOCKS[0],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=20,
        check=True,
    )
    ran = json.loads(done.stdout.strip().splitlines()[-1])
    assert ran["seconds"] < 1.0, ran
    # A real end: the game's own rules ended it, not the edge limit, and someone won.
    assert ran["terminal"] and not ran["stopped"], ran
    assert 0 < ran["moves"] < 1000, ran
    assert sorted(ran["returns"]) == [-1.0, 1.0], ran
