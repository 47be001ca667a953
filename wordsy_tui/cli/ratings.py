"""`wordsy-tui ratings [--game GAME] [--json]`: the ratings this user's hosts keep.

The file is only read. A file that cannot be read is one message on standard error and
exit status 2; no ratings yet is a sentence that says how they come, and status 0.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Final

from wordsy_tui.kit import game_info, game_names

ERROR: Final = 2


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "ratings",
        help="list the players' ratings your hosts keep",
        description="List the rating of each name that played at a table you hosted, per "
        "game and ruleset, the highest first. A host rates each game its table finishes, "
        "once; computer players sit at fixed ratings per level and only people move. A "
        "name is not an account: whoever sits down as Ann plays on Ann's rating. To start "
        "afresh, delete the file this command names.",
    )
    parser.add_argument(
        "--game", choices=game_names(), default=None, help="only this game's ratings"
    )
    parser.add_argument(
        "--json", action="store_true", help="print them as JSON, one object per rating"
    )
    parser.set_defaults(run=run, parser=parser)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from wordsy_tui.engine.levels import Level
    from wordsy_tui.table.ratings import BOT_RATINGS, RatingsDamaged, RatingsFile
    from wordsy_tui.text import shown

    store = RatingsFile.default()
    try:
        ratings = store.read()
    except RatingsDamaged as error:
        print(f"wordsy-tui ratings: error: {error}", file=sys.stderr)
        return ERROR
    rows = list(ratings.rows(args.game))
    if args.json:
        found = [
            {
                "game": game,
                "ruleset": ruleset,
                "name": rating.name,
                "rating": rating.shown,
                "mu": round(rating.mu, 2),
                "sigma": round(rating.sigma, 2),
                "games": rating.games,
            }
            for game, ruleset, rating in rows
        ]
        print(json.dumps(found, indent=1))  # ASCII: a name's control characters escaped
        return 0
    if not rows:
        which = f" for {game_info(args.game).title}" if args.game else ""
        print(
            f"No ratings yet{which}: a host rates each game its table finishes, and they "
            f"are kept in {store.path}."
        )
        return 0
    heading = None
    for game, ruleset, rating in rows:
        if (game, ruleset) != heading:
            if heading is not None:
                print()
            heading = (game, ruleset)
            # A game this version does not know (a newer one's) keeps its name, escaped.
            title = game_info(game).title if game in game_names() else shown(game)
            print(f"{title}, {shown(ruleset)}:")
        games = f"{rating.games} game{'s' if rating.games != 1 else ''}"
        print(f"  {rating.shown:>5} ±{round(rating.sigma):<4} {games:<10} {shown(rating.name)}")
    bots = " · ".join(f"{level.value} {BOT_RATINGS[level]}" for level in Level)
    print(f"\nComputer players (fixed): {bots}.")
    print(f"Kept in {store.path} (delete it to start afresh).")
    return 0
