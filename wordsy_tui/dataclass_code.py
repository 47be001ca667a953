"""The methods `dataclass` writes for each class, compiled once and kept with the bytecode.

Python's `dataclass` writes each class's `__init__`, `__repr__`, `__eq__` and `__hash__`
(and a frozen class's `__setattr__` and `__delattr__`) as source text and compiles that
text each time the class is made, in every process: only a module's own bytecode is
cached. Compiling is about 70 % of making a dataclass (some 55 us a method), and a host's
first frame makes about 170 of them, Textual's among them: some 60 ms spent compiling the
very text the last run compiled.

`install` has `dataclasses` take the code of a text it has compiled before from a file
beside the package's bytecode (`beside_bytecode`), one per interpreter version and
optimization level. The text itself is the key, so a class whose fields change has new
text and is compiled anew; the code compiled from a text is all that the text's `exec`
would have compiled.
"""

from __future__ import annotations

import builtins
import contextlib
import dataclasses
import marshal
import sys
from collections.abc import Mapping
from importlib.util import MAGIC_NUMBER
from pathlib import Path
from types import CodeType
from typing import Any

from wordsy_tui.beside_bytecode import kept_path, read_kept, write_kept

# What `exec` passes for a text (see `compile`): a text run by `exec` takes no
# `from __future__` of the module that runs it, here or in `dataclasses`.
_FILENAME = "<string>"


class DataclassCode:
    """The compiled code of every method text `dataclasses` has run, by its text: those
    read from `path` and those compiled since (`new`, written by `save`)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.kept = self._read()
        self.new: dict[str, bytes] = {}

    def _read(self) -> dict[str, bytes]:
        """What `path` holds, or nothing if it cannot be read or is not such a file."""
        body = read_kept(self.path, MAGIC_NUMBER)
        if body is None:
            return {}
        try:
            kept = marshal.loads(body)
        except (EOFError, ValueError, TypeError):
            return {}
        return kept if isinstance(kept, dict) else {}

    def code(self, source: str) -> CodeType:
        """The code `exec(source)` compiles: kept, or compiled now and kept."""
        kept = self.kept.get(source)
        if isinstance(kept, bytes):
            with contextlib.suppress(EOFError, ValueError, TypeError):
                code = marshal.loads(kept)
                if isinstance(code, CodeType):
                    return code
        code = compile(source, _FILENAME, "exec", dont_inherit=True)
        if not sys.dont_write_bytecode:  # kept to be written (`save`), else never held
            self.kept[source] = self.new[source] = marshal.dumps(code)
        return code

    def exec(
        self,
        source: str | bytes | CodeType,
        globals: dict[str, Any] | None = None,
        locals: Mapping[str, object] | None = None,
        /,
    ) -> None:
        """Python's `exec`, for `dataclasses`: a text's code is taken from `code`."""
        if globals is None:
            # The namespace of the function that asked, as `exec` itself takes it.
            caller = sys._getframe(1)
            globals = caller.f_globals
            locals = caller.f_locals if locals is None else locals
        builtins.exec(self.code(source) if isinstance(source, str) else source, globals, locals)

    def save(self) -> None:
        """Write what was compiled since the file was read, with what the file holds now
        (another process may have added to it), unless bytecode is not to be written."""
        if not self.new or sys.dont_write_bytecode:
            return
        if write_kept(self.path, MAGIC_NUMBER, marshal.dumps(self._read() | self.new)):
            self.new = {}


def installed() -> DataclassCode | None:
    """The code `dataclasses` takes its methods from, once `install` has run."""
    taken = getattr(dataclasses, "exec", None)
    owner = getattr(taken, "__self__", None)
    return owner if isinstance(owner, DataclassCode) else None


def install() -> None:
    """Have every dataclass made from now on in this process take its methods' code from
    the kept file (see the module's doc); at once, before the program's imports."""
    if installed() is not None:
        return
    path = kept_path(__file__, ".methods")
    if path is None:  # an interpreter that keeps no bytecode
        return
    # `dataclasses` calls `exec` by its name, looked up in its own namespace first.
    setattr(dataclasses, "exec", DataclassCode(path).exec)  # noqa: B010


def save() -> None:
    """Write what was compiled since the start (see `DataclassCode.save`): where the
    program's start-up is done, and at its end."""
    code = installed()
    if code is not None:
        code.save()
