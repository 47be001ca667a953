"""The table's ratings: each name's strength per game and ruleset, kept by the host.

A host rates every game its table finishes, once (by the game's id), from the places the
game's kit gives (`Kit.outcome`), with openskill's Plackett-Luce model (Weng and Lin's
Bayesian approximation), which rates a game of any number of players from their places,
ties shared. Its scale here is openskill's own times 60: a newcomer is 1500 ± 500, so the
numbers read like the club ratings people know. The host's computer players sit at fixed
ratings, one per level (`BOT_RATINGS`), and are never moved: a person who beats the
medium bot learns where that puts them, and nothing a bot does drifts the scale.

The ratings live in one file beside the saved games, read whole and written whole (aside,
flushed, then renamed): a crash never leaves half a file, and a file this version cannot
read is left as it is, never overwritten, with a message that says so.

A name is not an account: whoever sits down as "Ann" plays on Ann's rating, at this host.
Names that the table takes for one another ("Ann", "ANN", an "Ann" written with a Cyrillic A)
share one rating, as they could not sit at one table together.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import math
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from wordsy_tui.engine.levels import Level
from wordsy_tui.engine.names import name_keys
from wordsy_tui.kit import Outcome
from wordsy_tui.text import shown

if TYPE_CHECKING:
    from openskill.models import PlackettLuce

SCALE: Final = 60.0
"""openskill's defaults (25 ± 25/3, beta 25/6, tau 25/300) times this: a newcomer is
1500 ± 500."""
MU: Final = 25.0 * SCALE
SIGMA: Final = 25.0 / 3.0 * SCALE
NEWCOMER: Final = round(MU)
"""A newcomer's rating as shown."""

BOT_RATINGS: Final[Mapping[Level, int]] = {
    Level.EASY: 1100,
    Level.MEDIUM: 1400,
    Level.HARD: 1700,
    Level.EXPERT: 2000,
}
"""The computer players' fixed ratings (docs/RULES.md, "Ratings", says how they were
chosen)."""
BOT_SIGMA: Final = 100.0
"""How sure the model is of a computer player's rating: much surer than of a newcomer's
(a bot of a level plays alike every game), not so sure that a person's single game
against one moves them little."""

FORMAT: Final = 1
"""The file's format: a file of another is not read (nor written over)."""
FILE_NAME: Final = "ratings.json"

Change = tuple[int] | tuple[int, int]
"""A player's rating as the table shows it: (now,) or, after a game it counted,
(before, after)."""

MAX_SHOWN: Final = 64
"""More players than any table seats: a note naming more is not a host's."""
LOWEST, HIGHEST = -10_000, 10_000
"""A shown rating outside these is not one a host of ours sends."""


class RatingsDamaged(Exception):
    """The ratings file cannot be read: its message says where and what to do."""


@dataclass(frozen=True, slots=True)
class Rating:
    """One name's rating at one game and ruleset."""

    name: str
    """The name as it last sat down (hostile: it came from the network)."""
    mu: float = MU
    sigma: float = SIGMA
    games: int = 0

    @property
    def shown(self) -> int:
        return round(self.mu)


@dataclass
class Ratings:
    """Everything the file holds: each game's ratings per ruleset, by name key, and the
    games already counted (by id) with each player's change."""

    games: dict[str, dict[str, dict[str, Rating]]] = field(default_factory=dict)
    counted: dict[str, dict[str, Change]] = field(default_factory=dict)

    def table(self, game: str, ruleset: str) -> dict[str, Rating]:
        return self.games.setdefault(game, {}).setdefault(ruleset, {})

    def rating(self, game: str, ruleset: str, name: str) -> Rating:
        found = self.games.get(game, {}).get(ruleset, {}).get(rating_key(name))
        return found or Rating(name)

    def rows(self, game: str | None = None) -> Iterator[tuple[str, str, Rating]]:
        """Each rating as (game, ruleset, rating), the game's and ruleset's in order,
        the highest first."""
        for name in sorted(self.games):
            if game is not None and name != game:
                continue
            for ruleset in sorted(self.games[name]):
                ratings = self.games[name][ruleset].values()
                for rating in sorted(ratings, key=lambda r: (-r.mu, r.name)):
                    yield name, ruleset, rating


@cache
def model() -> PlackettLuce:
    """The rating model (imported when a game is rated: a joining player never needs it)."""
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=MU, sigma=SIGMA, beta=25.0 / 6.0 * SCALE, tau=25.0 / 300.0 * SCALE)


def rating_key(name: str) -> str:
    """The key a name's rating is kept under: its look-alikes' and capitals' alike."""
    return name_keys(name)[1]


def bot_rating(level: Level) -> Rating:
    return Rating(level.value, float(BOT_RATINGS[level]), BOT_SIGMA)


def rate(
    ratings: Ratings, game: str, outcome: Outcome, bots: Mapping[str, Level]
) -> dict[str, Change]:
    """Each player's rating before and after the finished game `outcome` (in `game`), the
    people's kept in `ratings`; the computer players (`bots`, by name, with their level)
    play at their fixed ratings and stay there. Nothing changes for a game of one."""
    players = [(place, name) for place, names in enumerate(outcome.places) for name in names]
    if len(players) < 2:
        return {}
    table = ratings.table(game, outcome.ruleset)
    before = {name: _current(ratings, game, outcome.ruleset, name, bots) for _, name in players}
    teams = [[model().rating(before[name].mu, before[name].sigma, name)] for _, name in players]
    rated = model().rate(teams, ranks=[float(place) for place, _ in players])
    changes: dict[str, Change] = {}
    for (_, name), [after] in zip(players, rated, strict=True):
        old = before[name]
        if name in bots:
            changes[name] = (old.shown,)
            continue
        new = Rating(name, after.mu, after.sigma, old.games + 1)
        table[rating_key(name)] = new
        changes[name] = (old.shown, new.shown)
    return changes


def standing(
    ratings: Ratings, game: str, ruleset: str, players: list[str], bots: Mapping[str, Level]
) -> dict[str, Change]:
    """Each player's rating now, as the lobby shows it (a newcomer's the model's start)."""
    return {name: (_current(ratings, game, ruleset, name, bots).shown,) for name in players}


def _current(
    ratings: Ratings, game: str, ruleset: str, name: str, bots: Mapping[str, Level]
) -> Rating:
    return bot_rating(bots[name]) if name in bots else ratings.rating(game, ruleset, name)


class RatingsFile:
    """The host's ratings file (one per user, beside the saved games)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @classmethod
    def default(cls) -> RatingsFile:
        from net import default_log_dir
        from wordsy_tui.table.basics import APP_NAME

        return cls(default_log_dir(APP_NAME) / FILE_NAME)

    def damaged(self, why: str) -> RatingsDamaged:
        return RatingsDamaged(
            f"The ratings file {self.path} cannot be read ({shown(why)}). It is left as it is "
            "and no game is rated until it is mended or moved aside (then ratings start "
            "afresh)."
        )

    def read(self) -> Ratings:
        """What the file holds (nothing yet: no file); raises `RatingsDamaged`."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return Ratings()
        except (OSError, UnicodeDecodeError) as error:
            raise self.damaged(str(error)) from None
        try:
            return _parse(json.loads(text))
        except (ValueError, TypeError, KeyError) as error:
            raise self.damaged(str(error) or type(error).__name__) from None

    def record(
        self, game_id: str, game: str, outcome: Outcome, bots: Mapping[str, Level]
    ) -> dict[str, Change]:
        """Rate the finished game `game_id` once: a game counted already (a host resumed
        on its log) changes nothing and gives its changes as they were counted. Raises
        `RatingsDamaged` (nothing written) and OSError."""
        with self.locked():
            ratings = self.read()
            done = ratings.counted.get(game_id)
            if done is not None:
                return done
            changes = rate(ratings, game, outcome, bots)
            ratings.counted[game_id] = changes
            self.write(ratings)
            return changes

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """The file to this process alone, from its read to its write: two hosts on one
        machine (two games, or two players' accounts of one) that end their games at
        once would otherwise each write its own game over the other's."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path.with_suffix(".lock"), os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)  # (which releases the lock)

    def write(self, ratings: Ratings) -> None:
        # Written aside, flushed and renamed: the file is whole, the old one or the new.
        self.path.parent.mkdir(parents=True, exist_ok=True)
        spare = self.path.with_suffix(".tmp")
        spare.unlink(missing_ok=True)
        fd = os.open(spare, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(_unparse(ratings), out, ensure_ascii=False, indent=1)
            out.flush()
            os.fsync(out.fileno())
        spare.replace(self.path)


def _unparse(ratings: Ratings) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "games": {
            game: {
                ruleset: {
                    key: {"name": r.name, "mu": r.mu, "sigma": r.sigma, "games": r.games}
                    for key, r in table.items()
                }
                for ruleset, table in rulesets.items()
            }
            for game, rulesets in ratings.games.items()
        },
        "counted": {
            gid: {n: list(c) for n, c in ch.items()} for gid, ch in ratings.counted.items()
        },
    }


def _parse(data: object) -> Ratings:
    """The file's content, checked: anything else raises ValueError with what is wrong."""
    top = _map(data, "the file")
    if top.get("format") != FORMAT:
        raise ValueError(f"not a ratings file of format {FORMAT}")
    ratings = Ratings()
    for game, rulesets in _map(top.get("games", {}), "games").items():
        for ruleset, table in _map(rulesets, f"{game}").items():
            kept = ratings.table(game, ruleset)
            for key, entry in _map(table, f"{game}, {ruleset}").items():
                kept[key] = _rating(_map(entry, f"{game}, {ruleset}, {key}"))
    for game_id, changes in _map(top.get("counted", {}), "counted").items():
        ratings.counted[game_id] = {
            name: change
            for name, value in _map(changes, f"game {game_id}").items()
            if (change := read_change(value)) is not None
        }
    return ratings


def _map(value: object, what: str) -> dict[str, Any]:
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise ValueError(f"{what} is not a map")
    return value


def _rating(entry: dict[str, Any]) -> Rating:
    name, mu, sigma, games = entry["name"], entry["mu"], entry["sigma"], entry["games"]
    if not isinstance(name, str):
        raise ValueError("a name is not text")
    for number in (mu, sigma):
        if isinstance(number, bool) or not isinstance(number, int | float):
            raise ValueError("a rating is not a number")
        if not math.isfinite(number) or not LOWEST <= number <= HIGHEST:
            raise ValueError(f"a rating is out of range ({number})")
    if sigma <= 0 or isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError("a rating's spread or games is out of range")
    return Rating(name, float(mu), float(sigma), games)


def read_change(value: object) -> Change | None:
    """A player's shown rating (now, or before and after) as a host sent or kept it; None
    when it is not one (it came from the network or a file: hostile)."""
    if not isinstance(value, list | tuple) or not 1 <= len(value) <= 2:
        return None
    if not all(
        isinstance(n, int) and not isinstance(n, bool) and LOWEST <= n <= HIGHEST for n in value
    ):
        return None
    return (value[0],) if len(value) == 1 else (value[0], value[1])


def read_shown(note: object) -> dict[str, Change]:
    """The players' ratings in a host's `note` (docs/PROTOCOL.md, "Ratings"); what makes no
    sense is left out (the note is hostile)."""
    if not isinstance(note, dict):
        return {}
    found = note.get("ratings")
    if not isinstance(found, dict) or len(found) > MAX_SHOWN:
        return {}
    return {
        name: change
        for name, value in found.items()
        if isinstance(name, str) and (change := read_change(value)) is not None
    }


def rating_text(change: Change | None) -> str:
    """A player's rating for people: "1500", or after a game "1500 → 1512 (+12)"."""
    if change is None:
        return ""
    if len(change) == 1:
        return str(change[0])
    before, after = change[0], change[-1]
    return f"{before} → {after} ({after - before:+d})"
