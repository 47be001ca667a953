"""The games on the table, and what each brings: one kit per game's package.

Every shared part of the product (the command line, the start menu and its host form, the
LAN's list, `join`, saved games, replay, export, the calculator, the SSH and web fronts)
finds a game here, by the name `--game` takes, and asks its `Kit`; none of them names a
game. A kit's module is cheap to import: it loads its game's rules, table and screens only
inside the methods that use them, so listing the games costs no start-up time.

Adding a game is one package under `wordsy_tui/games/` with a `kit.py` that defines `KIT`,
and one line in `KITS` below (docs/ARCHITECTURE.md, "Add a game").
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Protocol

if TYPE_CHECKING:
    from textual.screen import ModalScreen

    from wordsy_tui.app.screens.host_form import HostFields
    from wordsy_tui.app.table import SeatAgain, TableApp

KITS: Final = (
    "wordsy_tui.games.wordsy.kit",
    "wordsy_tui.games.tiles.kit",
    "wordsy_tui.games.wordnerds.kit",
    "wordsy_tui.games.wordsmith.kit",
)
"""Each game's kit module, in the order menus and `--help` list them."""


class NotExported(ValueError):
    """A saved game with no record to export (not finished, or its game keeps none); the
    message completes "GAME ..." for people."""


class NotImported(ValueError):
    """Another tool's record that cannot become a saved game; the message says why (for a
    record of lines, which line)."""


@dataclass(frozen=True)
class Imported:
    """A game read from another tool's record: its log's event bodies, and what the
    record says of itself (its title and id, for people; may be empty)."""

    bodies: list[dict[str, Any]]
    said: str


class UsageError(ValueError):
    """A command line (or a form) that asks a game for what it does not have; the message
    says what to do instead."""


@dataclass(frozen=True, slots=True)
class Game:
    """One game a kit plays, as the table names it."""

    name: str
    """What `--game` takes, what the host's door and the LAN's list call it."""
    title: str
    """Its name for people: "Wordsy", "Words with Friends"."""
    seats: tuple[int, int]
    """The fewest and the most players at its table."""
    step: str
    """What the game counts its progress in, singular: "round", "turn"."""
    table: str
    """What the LAN's list calls a person's table of it: "game" ("Ann's game"), "Scrabble"."""
    solo: str
    """The start menu's line for playing it alone."""
    short: str = ""
    """Its name where a column has room for a word or so ("WWF"); empty: its title."""

    @property
    def brief(self) -> str:
        """Its name in a narrow column."""
        return self.short or self.title


@dataclass(frozen=True, slots=True)
class Listing:
    """What the LAN's list shows of a hosted game, from its state."""

    players: int
    seats: int
    phase: str
    """Where the game is, in a few words: "lobby", "round 3", "over"."""
    rules: str
    """Its variant or board, in a few words."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished game's result, as the table's ratings read it (`table/ratings.py`)."""

    places: tuple[tuple[str, ...], ...]
    """Every player of the game, best first: those in one tuple shared the place. Empty
    while the game is not over."""
    ruleset: str
    """The rules it was played by, in a few words ("double challenge"): a rating is kept
    per game and per ruleset, for a player's strength under one is not under another."""

    @classmethod
    def ranked(cls, scores: Mapping[str, int], winners: Collection[str], ruleset: str) -> Outcome:
        """The game's `winners` first, then the others by score, highest first (equal
        scores share a place)."""
        rest = sorted({s for p, s in scores.items() if p not in winners}, reverse=True)
        places = [tuple(p for p in scores if p in winners)] if winners else []
        places += [
            tuple(p for p, s in scores.items() if s == score and p not in winners)
            for score in rest
        ]
        return cls(tuple(places), ruleset)


class GameDesk(Protocol):
    """A game's own part of the headless host: its keyboard commands beyond every game's
    ('rematch', 'players', 'help'), and the first and last lines of its log."""

    @property
    def help(self) -> str: ...

    async def obey(self, verb: str, name: str) -> str | None:
        """Carry out `verb` (on `name`); what to tell the host, or None: not this game's."""
        ...

    def left(self) -> Collection[str]:
        """The seats whose players left for good."""
        ...

    def opening(self, resumed: bool) -> tuple[list[str], list[str]]:
        """The log's first lines, before and after the host seats its computer players."""
        ...

    def closing(self) -> str:
        """The log's last line, once the host has stopped."""
        ...


def knock(
    pin: str | None,
    *,
    spectate: bool,
    reclaim: bool,
    keys: Any,
    seat_file: Path | None,
) -> dict[str, Any]:
    """How a seat knocks at a host (its `join`'s keywords), from `Kit.seat`'s arguments:
    every game's the same, the seat's keeper a front's seat file when one keeps it."""
    from wordsy_tui.front.seat import SeatFile

    keeper = None if seat_file is None else SeatFile(seat_file)
    return {"pin": pin, "spectate": spectate, "keys": keys, "reclaim": reclaim, "keeper": keeper}


@dataclass(frozen=True)
class Hosted:
    """What one game brings to the host path; the rest is the same for every game."""

    table: Callable[..., Any]
    """Its host: a function that makes it (a `table.served.ServedTable` with the game's
    part)."""
    settings: Callable[[Any], dict[str, Any]]
    """Its host's own arguments, from the host's options."""
    line: Callable[[Any, Any], str | None]
    """A line of the headless log for an event, given the state after it (None: nothing)."""
    desk: Callable[[Any, Callable[[str], None]], GameDesk]
    """Its part of the headless host, given its server and the log's voice."""
    app: Callable[[Any], TableApp]
    """The hosting player's app, from the host's options, not run yet (running it starts
    the host)."""
    lingers: bool = False
    """Whether its headless host stays after the game while SSH and web players read it
    (the tile games'; Wordsy's stops after the rematch window, as it always has)."""


class Kit(Protocol):
    """Everything the table needs of one game (or of one family of games sharing their
    rules: the tile games). What builds something imports the game's modules when called."""

    @property
    def games(self) -> Sequence[Game]:
        """The games this kit plays."""
        ...

    # -- the command line --------------------------------------------------------------

    def host_arguments(self, group: argparse._ArgumentGroup) -> None:
        """Add the game's own options to `wordsy-tui host`."""
        ...

    def host_config(self, game: str, args: argparse.Namespace) -> Any:
        """`game`'s config from `host`'s options; raises `UsageError` for an option that is
        not this game's."""
        ...

    def solo_arguments(self, group: argparse._ArgumentGroup) -> None:
        """Add the game's own options to `wordsy-tui solo`."""
        ...

    def solo(self, game: str, args: argparse.Namespace, name: str) -> int:
        """Play `game` alone in this terminal, as `solo`'s options say; its exit status."""
        ...

    score_examples: Sequence[str]
    """Command lines of its calculator, for `score --help`."""

    def score_arguments(self, group: argparse._ArgumentGroup) -> None:
        """Add the game's calculator's options to `wordsy-tui score`."""
        ...

    def calculate(
        self, game: str, args: argparse.Namespace, parser: argparse.ArgumentParser
    ) -> int:
        """`score` for `game`: what its calculator prints; its exit status."""
        ...

    def check_arguments(self, group: argparse._ArgumentGroup) -> None:
        """Add the game's referee's own options to `wordsy-tui check`."""
        ...

    def check(self, game: str, args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
        """`check` for `game`: its referee's verdict on `args.word`; 0 allowed, 1 not."""
        ...

    # -- the table ----------------------------------------------------------------------

    def reads(self, body: object) -> str | None:
        """Which of this kit's games a log whose first event is `body` holds (None: none)."""
        ...

    def listing(self, state: Any) -> Listing:
        """What the LAN's list shows of a game in `state`."""
        ...

    def hosted(self, game: str) -> Hosted:
        """What the host path needs of `game`."""
        ...

    def seat(
        self,
        game: str,
        address: tuple[str, int],
        name: str,
        pin: str | None,
        *,
        spectate: bool = False,
        reclaim: bool = False,
        keys: Any = None,
        seat_file: Path | None = None,
    ) -> Any:
        """A person's seat (or, `spectate`, a place to watch from) at `game`'s host at
        `address`, not started. Its token is kept in `keys` (a terminal's `net.SeatKeys`),
        or in `seat_file` (an SSH or web front's child)."""
        ...

    def computer_player(self, seat: Any, level: str) -> Any:
        """A computer player of `level` in `seat` (one of `seat`'s), not started."""
        ...

    def score(self, state: Any, player: str) -> int:
        """`player`'s score in `state`, as the game counts it."""
        ...

    def outcome(self, state: Any) -> Outcome:
        """The rules the game in `state` is played by and, once it is over, its places:
        what the table's ratings read."""
        ...

    def app(self, game: str, seat: Any, again: SeatAgain[Any] | None = None) -> TableApp:
        """`game`'s app over `seat` (a seat at a table, a place to watch from, a replay),
        not run yet. `again`: how the app asks for the same seat with another PIN, when the
        host wants one."""
        ...

    # -- saved games -------------------------------------------------------------------

    record_format: str | None
    """The record format its finished games export as (e.g. "GCG"); None: none."""

    def export(
        self,
        game: str,
        bodies: Sequence[object],
        game_id: str,
        *,
        review: bool = False,
        lexicon: Path | None = None,
    ) -> str:
        """A finished game's record, from its log's event bodies (`review`: with the
        post-game review's notes on each move, `lexicon`: found in the word list in that
        file, the one the game was played with); raises `NotExported` (the reason),
        `UsageError` (a `lexicon` that cannot be read, or is not the game's list) or
        ValueError (a log that does not fold into a game)."""
        ...

    def read_record(self, text: str) -> Imported:
        """A game from another tool's record in its `record_format`; raises `NotImported`
        (why) for a record that is not one, or for a kit that reads none."""
        ...

    def saved(self, game: str, bodies: Sequence[object]) -> tuple[tuple[str, ...], int, bool]:
        """A saved log's players, how many steps it played, and whether it finished; raises
        ValueError when there is nothing to show (it never started)."""
        ...

    def replay(self, game: str, bodies: Sequence[object], note: str | None) -> Any:
        """A saved game to step through; raises ValueError when it cannot be replayed."""
        ...

    # -- the start menu -----------------------------------------------------------------

    def solo_choice(self, game: str) -> ModalScreen[Any]:
        """The dialog that asks how to play `game` alone (its answer goes to `solo_app`)."""
        ...

    def solo_app(self, game: str, choice: Any, name: str) -> TableApp:
        """`name` playing `game` alone as `solo_choice`'s dialog answered (`choice`): its
        app, not run yet."""
        ...

    def rules(self, game: str) -> ModalScreen[None]:
        """`game`'s rules and keys in short, as the start menu shows them."""
        ...

    def host_fields(self) -> HostFields:
        """The host form's rows for the options of this kit's games."""
        ...


@cache
def kits() -> tuple[Kit, ...]:
    """Every game's kit, in `KITS`' order (each imported once)."""
    return tuple(_kit(module) for module in KITS)


def _kit(module: str) -> Kit:
    """The kit of `module` (one of `KITS`), imported now if it was not."""
    kit: Kit = importlib.import_module(module).KIT
    return kit


def games() -> list[Game]:
    """Every game the table plays, in the order menus list them."""
    return [game for kit in kits() for game in kit.games]


def game_names() -> list[str]:
    return [game.name for game in games()]


class NoRecords:
    """A kit's saved games when its games have no record format other tools read: mixed
    into such a kit, so each need not refuse in words of its own."""

    games: Sequence[Game]
    record_format: str | None = None

    def export(
        self,
        game: str,
        bodies: Sequence[object],
        game_id: str,
        *,
        review: bool = False,
        lexicon: Path | None = None,
    ) -> str:
        raise NotExported(f"is a {titles(self)} game: it has no record to export")

    def read_record(self, text: str) -> Imported:
        raise NotImported(f"{titles(self)} has no record format to read")


def titles(kit: Kit | NoRecords) -> str:
    """The names of a kit's games for people, as a heading: "Scrabble, Words with Friends,
    Wordfeud"."""
    return ", ".join(game.title for game in kit.games)


def kit_for(game: str) -> Kit:
    """The kit that plays `game`; KeyError when no game of ours has that name. Only the
    kits before it in `KITS` are imported to find it."""
    for module in KITS:
        kit = _kit(module)
        if any(known.name == game for known in kit.games):
            return kit
    raise KeyError(game)


def first_game() -> Game:
    """The game a command plays when none is named: the first listed."""
    return _kit(KITS[0]).games[0]


def game_info(game: str) -> Game:
    """`game` as the table names it; KeyError when no game of ours has that name."""
    for known in games():
        if known.name == game:
            return known
    raise KeyError(game)


def logged_game(bodies: Sequence[object]) -> str | None:
    """Which game a log's event bodies hold, from the first; None when no game of ours
    reads it."""
    first = next(iter(bodies), None)
    return next((game for kit in kits() if (game := kit.reads(first)) is not None), None)
