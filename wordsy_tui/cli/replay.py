"""`wordsy-tui replay [GAME]`: step through a saved game, round by round (a tile game:
turn by turn, on its board), read-only."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from wordsy_tui.kit import games
from wordsy_tui.table.saved import damage_note

__all__ = ["add_parser", "damage_note", "run"]


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    by_step: dict[str, list[str]] = {}
    for known in games():
        by_step.setdefault(known.step, []).append(known.title)
    steps = "; ".join(f"{step} by {step} ({', '.join(t)})" for step, t in by_step.items())
    parser = commands.add_parser(
        "replay",
        help="step through a saved game",
        description=f"Step through a game the host saved: {steps}. Nothing is changed: "
        "the log is only read. Without GAME: the saved games, the last played first, to "
        "pick from. Keys: → or n the next step, ← or p the one before, q quit (each "
        "game's screen lists its own). A game not finished shows only what a spectator "
        "saw (no secret, such as a rack); a finished one shows everything.",
    )
    parser.add_argument(
        "game",
        nargs="?",
        default=None,
        metavar="GAME",
        help="a saved game's id (as the list shows it) or a game log's path",
    )
    parser.set_defaults(run=run, parser=parser)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.game is None:
        return pick_a_game()
    path = game_path(args.game)
    # Imported here so that `--help` and the other commands do not load Textual.
    from wordsy_tui.kit import kit_for
    from wordsy_tui.table.saved import replay_of
    from wordsy_tui.text import shown

    try:
        game, session = replay_of(path)  # the log says which game, hence which app
    except OSError as error:
        parser.error(f"cannot read {shown(str(path))}: {shown(str(error.strerror or error))}")
    except ValueError as error:
        parser.error(f"{shown(str(path))} cannot be replayed: {shown(str(error))}")
    status = kit_for(game).app(game, session).run_to_end()
    note = session.door.note
    if note:  # the app's notice is gone with its screen: leave it in the terminal too
        print(f"wordsy-tui replay: {note}", file=sys.stderr)
    return status


def game_path(game: str) -> Path:
    """The log of `game`: a path as given, or a saved game's id in the games directory."""
    path = Path(game)
    if path.exists() or path.suffix == ".log" or len(path.parts) > 1:
        return path
    from net.log import default_log_dir
    from wordsy_tui.table.basics import APP_NAME

    return default_log_dir(APP_NAME) / f"{game}.log"


def pick_a_game() -> int:
    """The list of saved games to pick from; a plain sentence when there is none."""
    from net.log import default_log_dir
    from wordsy_tui.table.basics import APP_NAME
    from wordsy_tui.table.saved import default_saved_games

    if not default_saved_games():
        print(
            "No saved games to replay yet: the games you host are saved in "
            f"{default_log_dir(APP_NAME)}, and show here once a game has started."
        )
        return 0
    from wordsy_tui.app.launcher import Launcher, Place

    return Launcher(name="replay", place=Place.SAVED, only_saved=True).run_to_end()
