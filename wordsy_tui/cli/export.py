"""`wordsy-tui export GAME --gcg [-o FILE]`: a finished tile game's record, for Scrabble tools.

GAME is found as `replay` finds it (a saved game's id, or a log's path). The log is
only read. Every refusal is one line on standard error and exit status 2.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from wordsy_tui.kit import NotExported, UsageError, kits, titles
from wordsy_tui.text import shown

if TYPE_CHECKING:
    pass

ERROR: Final = 2
TILE_GAMES: Final = "Scrabble, Words with Friends and Wordfeud"


class ExportError(Exception):
    """Why GAME cannot be exported, in one sentence for the person who asked."""


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "export",
        help="write a finished Scrabble, Words with Friends or Wordfeud game as GCG",
        description="Write a finished tile game that was saved (hosted or solo) as GCG, the "
        "record format that Scrabble tools (Quackle, Woogles, macondo) read: every move with "
        "the rack it "
        "was played from, and the end's rack adjustments. Only a finished game exports: "
        "until the end its racks are secret. Hosted games are saved as they go, solo games "
        "once they end; both export. The log is only read.",
    )
    parser.add_argument(
        "game",
        metavar="GAME",
        help="a saved game's id (as the host printed its log's name) or a game log's path",
    )
    parser.add_argument(
        "--gcg",
        action="store_true",
        required=True,
        help="the format: GCG (the only one)",
    )
    parser.add_argument(
        "--review",
        action="store_true",
        help="add the post-game review as a note after each move: the best move by equity "
        "and by score, and what the move lost (a few seconds: every move's plays are found)",
    )
    parser.add_argument(
        "--lexicon",
        type=Path,
        default=None,
        metavar="FILE",
        help="with --review: the word list the game was played with (its host's --lexicon "
        "FILE), for the review's best plays; a game played with the shipped list needs none",
    )
    parser.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="write the record to FILE instead of standard output",
    )
    parser.set_defaults(run=run, parser=parser)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from wordsy_tui.kit import game_info, kit_for, logged_game

    if args.lexicon is not None and not args.review:
        parser.error(
            "--lexicon is the word list the review finds the best plays in: give --review too"
        )
    try:
        path = log_of(args.game)
        bodies = event_bodies(path)
        game = logged_game(bodies)
        if game is None:
            raise ExportError(f"{shown(path.name)} is not a game log this version can read")
        kit, title = kit_for(game), game_info(game).title
        if kit.record_format is None:
            raise ExportError(
                f"{shown(path.name)} is a {title} game: GCG records {gcg_games()}; "
                f"'wordsy-tui replay' shows {title} games"
            )
        try:
            record = kit.export(game, bodies, path.stem, review=args.review, lexicon=args.lexicon)
        except NotExported as why:
            raise ExportError(f"{shown(path.stem)} {why}") from None
        except UsageError as why:
            raise ExportError(str(why)) from None
        except ValueError as why:
            raise ExportError(f"{shown(path.name)} cannot be exported: {why}") from None
        if args.output is None:
            sys.stdout.write(record)
            return 0
        write(Path(args.output), record)
    except ExportError as why:
        print(f"wordsy-tui export: error: {why}", file=sys.stderr)
        return ERROR
    print(f"Wrote the game's GCG record to {shown(args.output)}")
    return 0


def gcg_games() -> str:
    """The games whose finished logs export as GCG, for people."""
    return ", ".join(titles(kit) for kit in kits() if kit.record_format == "GCG")


def log_of(game: str) -> Path:
    """The log of GAME, as `replay` finds it; ExportError when there is none."""
    from wordsy_tui.cli.replay import game_path

    path = game_path(game)
    if path.is_file():
        return path
    if path.exists():
        raise ExportError(f"{shown(str(path))} is not a game log")
    if path == Path(game):
        raise ExportError(f"{shown(str(path))}: no such file")
    folder = shown(str(path.parent))
    raise ExportError(f"no saved game {shown(game)} (the host saves its games in {folder})")


def event_bodies(path: Path) -> list[Any]:
    """The event bodies of the log at `path`, read without changing it; ExportError when it
    is damaged or holds none."""
    from net.log import survey

    try:
        data = path.read_bytes()
    except OSError as error:
        raise ExportError(f"cannot read {shown(str(path))}: {error.strerror or error}") from None
    found = survey(data)
    if found.damaged:
        raise ExportError(
            f"{shown(path.name)} is damaged at record {found.damaged_record} "
            f"({found.reason}): it cannot be exported"
        )
    bodies = [record.get("body") for record in found.records if record.get("k") == "event"]
    if not bodies:
        raise ExportError(f"{shown(path.name)} holds no game")
    return bodies


def write(path: Path, record: str) -> None:
    try:
        path.write_text(record, encoding="utf-8")
    except OSError as error:
        raise ExportError(f"cannot write {shown(str(path))}: {error.strerror or error}") from None
