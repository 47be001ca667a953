"""The methods of dataclasses, compiled once and kept with the bytecode."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from dataclasses import FrozenInstanceError, dataclass, field
from pathlib import Path

import pytest

from wordsy_tui.dataclass_code import DataclassCode


def make(code: DataclassCode) -> type:
    """A frozen dataclass with defaults, its methods' code from `code`."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(dataclasses, "exec", code.exec, raising=False)

        @dataclass(frozen=True, slots=True, order=True)
        class Seat:
            player: str
            bot: bool = False
            marks: tuple[int, ...] = field(default_factory=tuple)

    return Seat


def test_a_class_made_again_takes_its_methods_from_the_file_and_behaves_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    first = DataclassCode(tmp_path / "kept.methods")
    made = make(first)
    assert len(first.new) >= 6  # __init__, __repr__, __eq__, the order, the frozen
    first.save()
    again = DataclassCode(tmp_path / "kept.methods")
    seat = make(again)
    assert again.new == {}  # nothing compiled
    for kind in (made, seat):
        ann = kind("Ann")
        assert (ann, ann.bot, ann.marks) == (kind("Ann", False, ()), False, ())
        assert repr(ann) == "make.<locals>.Seat(player='Ann', bot=False, marks=())"
        assert hash(ann) == hash(kind("Ann"))
        assert kind("Ann") < kind("Bob")
        with pytest.raises(FrozenInstanceError):
            ann.player = "Bob"  # type: ignore[misc]
        # Compiled as `dataclasses` compiles it: without this module's `annotations`.
        assert kind.__init__.__annotations__["return"] is None  # type: ignore[misc]


def test_a_file_that_is_not_one_is_compiled_anew_and_written_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    kept = tmp_path / "kept.methods"
    kept.write_bytes(b"not bytecode")
    code = DataclassCode(kept)
    assert make(code)("Ann").player == "Ann"
    code.save()
    assert DataclassCode(kept).kept.keys() == code.kept.keys() != set()


def test_nothing_is_written_where_bytecode_is_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    code = DataclassCode(tmp_path / "kept.methods")
    made = make(code)
    assert made("Ann") == made("Ann", False, ())
    assert code.new == {}  # nothing held that would never be written
    code.save()
    assert list(tmp_path.iterdir()) == []


UP_TO_THE_LOOP = """
import asyncio, builtins, sys
from wordsy_tui import dataclass_code
from wordsy_tui.cli import main

compiled = []

def counted(*args, **options):
    compiled.append(args[0])
    return builtins.compile(*args, **options)

def run(coroutine):
    coroutine.close()
    print(len(compiled))
    return 0

dataclass_code.compile = counted
asyncio.run = run
main(sys.argv[1:])
"""


@pytest.mark.parametrize(
    "argv",
    [
        ["solo", "--name", "Ann"],
        ["host", "--no-advertise", "--bind", "127.0.0.1", "--port", "0", "--name", "Hal"],
    ],
)
def test_a_second_start_up_compiles_no_dataclass_method(argv: list[str], tmp_path: Path) -> None:
    # A start-up makes 130-170 dataclasses (the rules', the table's, Textual's): their
    # methods' text is the same every run, compiled once (about 40 ms of solo's first frame).
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env |= {"PYTHONPYCACHEPREFIX": str(tmp_path / "pycache")}
    env |= {f"XDG_{kind}_HOME": str(tmp_path / kind) for kind in ("DATA", "CONFIG", "CACHE")}

    def compiled() -> int:
        program = [sys.executable, "-c", UP_TO_THE_LOOP, *argv]
        run = subprocess.run(program, check=True, capture_output=True, text=True, env=env)
        return int(run.stdout.split()[-1])

    assert compiled() > 300
    assert compiled() == 0
