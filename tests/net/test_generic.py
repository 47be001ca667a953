"""`net` is generic: it serves any game and knows nothing of Wordsy."""

from __future__ import annotations

import ast
from pathlib import Path

import net

NET = Path(net.__file__).parent


def imported_modules(source: Path) -> set[str]:
    tree = ast.parse(source.read_text(), str(source))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_net_imports_nothing_of_the_game() -> None:
    sources = sorted(NET.glob("*.py"))
    assert len(sources) > 5
    offenders = {
        source.name: sorted(name for name in imported_modules(source) if name.startswith("wordsy"))
        for source in sources
    }
    assert {name: found for name, found in offenders.items() if found} == {}
