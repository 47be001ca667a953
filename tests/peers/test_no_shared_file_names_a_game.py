"""No shared file knows a game (issue 22): the made-up game's name is nowhere in the
product, and no shared module branches on a real game's name.

The shared layers (`wordsy_tui/{engine,words,table,app,front,cli}`, `kit.py` and the
package's own modules) reach a game only through the registry. What this test calls
knowing a game, read from each module's syntax tree (its docstrings and comments aside):
importing a game's package (at run time, lazily or for the type checker), naming one of
its modules in a string (bar `KITS`' lines, the registry's one line per game), comparing
anything with a game's name or title (`==`, `in`, `match`, a dict's key), and the tile
games' `GameName`.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import Final

import pytest

from tests.games.madeup import rules as made_up
from tests.terminal import ROOT
from wordsy_tui.kit import KITS, games

PRODUCT: Final = ROOT / "wordsy_tui"
SHARED: Final = [
    *(PRODUCT / layer for layer in ("engine", "words", "table", "app", "front", "cli")),
    *PRODUCT.glob("*.py"),
]
GAMES_PACKAGE: Final = "wordsy_tui.games"


def shared_modules() -> list[Path]:
    found = [p for place in SHARED for p in ([place] if place.is_file() else place.rglob("*.py"))]
    return sorted(found)


def game_words() -> set[str]:
    """The real games' names and titles, and their packages' names, folded."""
    packages = {module.split(".")[2] for module in KITS}
    return {w.casefold() for game in games() for w in (game.name, game.title)} | packages


def knowledge(path: Path) -> Iterator[str]:
    """Each place `path` knows a real game, as "LINE: what"."""
    tree = ast.parse(path.read_text(), str(path))
    words = game_words()
    registry = {
        id(node)
        for statement in tree.body
        if isinstance(statement, ast.Assign | ast.AnnAssign) and "KITS" in ast.unparse(statement)
        for node in ast.walk(statement)
    }
    prose = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }

    def named(node: ast.expr) -> str | None:
        """The game `node` names, itself or as one of a literal tuple, list or set."""
        if isinstance(node, ast.Tuple | ast.List | ast.Set):
            return next(filter(None, map(named, node.elts)), None)
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value if node.value.casefold() in words else None
        return None

    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        match node:
            case ast.Import(names=aliases):
                for alias in aliases:
                    if alias.name.startswith(GAMES_PACKAGE):
                        yield f"{line}: imports {alias.name}"
            case ast.ImportFrom(module=str(module)) if module.startswith(GAMES_PACKAGE):
                yield f"{line}: imports {module}"
            case ast.Constant(value=str(text)) if (
                GAMES_PACKAGE + "." in text and id(node) not in registry | prose
            ):
                yield f"{line}: names the module {text!r}"
            case ast.Compare(left=left, comparators=rights):
                for side in (left, *rights):
                    if (name := named(side)) is not None:
                        yield f"{line}: compares with {name!r}"
            case ast.MatchValue(value=value) if (name := named(value)) is not None:
                yield f"{line}: matches {name!r}"
            case ast.Dict(keys=keys):
                for key in keys:
                    if key is not None and (name := named(key)) is not None:
                        yield f"{line}: keys a dict by {name!r}"
            case ast.Name(id="GameName") | ast.Attribute(attr="GameName"):
                yield f"{line}: uses GameName"


def shared_module_cases() -> list[object]:
    return [pytest.param(p, id=p.relative_to(PRODUCT).as_posix()) for p in shared_modules()]


@pytest.mark.parametrize("path", shared_module_cases())
def test_no_shared_module_knows_a_real_game(path: Path) -> None:
    known = list(knowledge(path))
    assert not known, f"{path.relative_to(ROOT)} knows a game:\n" + "\n".join(known)


def test_the_product_never_names_the_made_up_game() -> None:
    """Not a shared module, not a game, not the network's: the made-up game, its title, its
    package and its kit's module appear nowhere in the product."""
    needles = {made_up.GAME, made_up.TITLE, "tests.games", "madeup", "twenty-one"}
    files = [p for top in ("wordsy_tui", "net") for p in (ROOT / top).rglob("*") if p.is_file()]
    for path in files:
        if path.suffix in (".pyc", ".gz", ".dawg", ".bin"):
            continue
        text = path.read_bytes().decode(errors="ignore").casefold()
        assert not [n for n in needles if n.casefold() in text], path


def test_the_check_finds_what_it_looks_for(tmp_path: Path) -> None:
    """Each kind of knowledge, written once, is found; prose and the registry are not."""
    module = tmp_path / "shared.py"
    module.write_text(
        '"""Wordsy and Scrabble are named in prose, and wordsy_tui.games.wordsy too."""\n'
        'KITS = ("wordsy_tui.games.wordsy.kit",)\n'
        "from wordsy_tui.games.tiles.rules.rulesets import RULES\n"
        "def f(game, kind):\n"
        "    import wordsy_tui.games.wordsy.app\n"
        '    if game == "wordsy":\n'
        "        return 1\n"
        '    if kind in ("Scrabble", "x"):\n'
        "        return 2\n"
        "    match game:\n"
        '        case "wordfeud":\n'
        "            return 3\n"
        '    short = {"wwf": "WWF"}\n'
        '    load("wordsy_tui.games.tiles.kit")\n'
        "    return GameName(game)\n"
    )
    found = sorted(int(line.split(": ", 1)[0]) for line in knowledge(module))
    assert found == [3, 5, 6, 8, 11, 13, 14, 15]
