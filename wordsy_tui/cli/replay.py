"""`wordsy-tui replay FILE`: step through a saved game, round by round (read-only)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from wordsy_tui.game.events import Event


def add_parser(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "replay",
        help="step through a saved game round by round",
        description="Step through a game the host saved, round by round. Nothing is changed: "
        "the log is only read. Keys: → or n next round, ← or p previous, s sheets, q quit.",
    )
    parser.add_argument("file", type=Path, metavar="FILE", help="a game log the host saved")
    parser.set_defaults(run=run, parser=parser)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    # Imported here so that `--help` and the other commands do not load Textual.
    from wordsy_tui.app import WordsyApp
    from wordsy_tui.app.replay import ReplaySession, round_frames

    path: Path = args.file
    try:
        events = read_events(path)
    except OSError as error:
        parser.error(f"cannot read {path}: {error.strerror or error}")
    except ValueError as error:
        parser.error(f"{path} is not a Wordsy game log: {error}")
    if not events:
        parser.error(f"{path} holds no game events")
    note = damage_note(path)
    status = WordsyApp(ReplaySession(round_frames(events), note=note), name="replay").run_to_end()
    if note:  # the app's notice is gone with its screen: leave it in the terminal too
        print(f"wordsy-tui replay: {note}", file=sys.stderr)
    return status


def damage_note(path: Path) -> str | None:
    """What a damaged log means for its replay, for people; None when the log is whole.

    A torn tail (a host stopped mid-write) is normal and goes unmentioned.
    """
    from net.log import survey

    found = survey(path.read_bytes())
    if not found.damaged:
        return None
    return (
        f"This log is damaged at record {found.damaged_record} ({found.reason}): "
        f"the replay stops before it, and {found.following_events} later events "
        "cannot be shown."
    )


def read_events(path: Path) -> list[Event]:
    """The game's events from the host's log, read without changing the file."""
    from net.log import read_log
    from wordsy_tui.session.codec import decode_event

    records, _damage = read_log(path)
    return [decode_event(r.get("body")) for r in records if r.get("k") == "event"]
