"""Files kept beside the package's bytecode: what a run makes from text the package ships
(a dataclass's methods, a stylesheet's rules), kept so that the next run need not make it
again, under Python's own rules for bytecode: where it goes (`__pycache__`, or
`sys.pycache_prefix`), whether it is written at all (`sys.dont_write_bytecode`), and which
interpreter it is for (each file starts with a header naming it).

Such a file is trusted as the bytecode beside it is, which the interpreter runs: only this
program writes there. What cannot be read, or is not such a file, is as if absent."""

from __future__ import annotations

import contextlib
import os
import sys
from importlib.util import cache_from_source
from pathlib import Path


def kept_path(module_file: str, suffix: str) -> Path | None:
    """Where the file of `module_file`'s module with `suffix` is kept; None with an
    interpreter that keeps no bytecode."""
    try:
        return Path(cache_from_source(module_file)).with_suffix(suffix)
    except NotImplementedError:
        return None


def read_kept(path: Path, header: bytes) -> bytes | None:
    """What `path` holds after `header`; None if it cannot be read or starts otherwise
    (another interpreter's, another version's, not such a file)."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    return data[len(header) :] if data.startswith(header) else None


def write_kept(path: Path, header: bytes, body: bytes) -> bool:
    """Put `header` and `body` in `path` at once (a reader never sees half of it), unless
    bytecode is not to be written; whether it was written (not in a package installed
    read-only: there the work is done again every run, as without the file)."""
    if sys.dont_write_bytecode:
        return False
    temporary = path.with_name(f"{path.name}.{os.getpid()}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_bytes(header + body)
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink()
        return False
    return True
