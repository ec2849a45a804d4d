"""The code of docs/PYTHON.md runs."""

import re

import pytest

from conftest import ROOT

BLOCKS = re.findall(r"```python\n(.*?)```", (ROOT / "docs/PYTHON.md").read_text(), re.S)


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_block_runs(index, monkeypatch):
    monkeypatch.chdir(ROOT)
    exec(compile(BLOCKS[index], f"PYTHON.md block {index}", "exec"), {})


def test_there_are_blocks():
    assert len(BLOCKS) == 4
