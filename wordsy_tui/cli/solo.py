"""`wordsy-tui solo`: the solo game against the Solo Card, offline."""

from __future__ import annotations

import argparse

from wordsy_tui.cli.options import player_name
from wordsy_tui.game.config import Difficulty


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "solo",
        help="play alone against the Solo Card",
        description="Play Wordsy alone against the Solo Card (first edition), offline.",
    )
    parser.add_argument(
        "--difficulty",
        choices=[d.value for d in Difficulty],
        default=Difficulty.NORMAL.value,
        help="the target score: normal 100, medium 110, hard 120, brutal 120 "
        "with no middle spot (default: normal)",
    )
    parser.add_argument(
        "--name", type=player_name, help="your name on the scoresheet (default: your login)"
    )
    parser.add_argument("--no-bell", action="store_true", help="never ring the terminal bell")
    parser.set_defaults(run=run, parser=parser)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    # Imported here so that `--help` and the other commands do not load Textual.
    from wordsy_tui.app import WordsyApp
    from wordsy_tui.app.advice import Advisor
    from wordsy_tui.app.solo import solo_session
    from wordsy_tui.session.names import default_name

    name = args.name or default_name()
    advisor = Advisor()
    session = solo_session(name, Difficulty(args.difficulty), advisor)
    return WordsyApp(session, name=name, advisor=advisor, bell=not args.no_bell).run_to_end()
