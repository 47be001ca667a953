"""The games a host saved: read, summed up for the list, never changed.

No Textual here: `wordsy-tui replay` lists and reads saved games before any screen.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from wordsy_tui.games.wordsy.rules import events as ev
from wordsy_tui.games.wordsy.rules.evolve import evolve
from wordsy_tui.games.wordsy.rules.state import GameState, Phase

if TYPE_CHECKING:
    from wordsy_tui.games.tiles.rules import events as tile_ev

WORDSY: Final = "wordsy"
"""`SavedGame.game` of a Wordsy game; a tile game's is its name (scrabble, wwf, wordfeud)."""


@dataclass(frozen=True)
class SavedGame:
    """One game the host saved, as the list of saved games shows it."""

    path: Path
    played: str
    """When it was last played (the log's last write), local time."""
    players: tuple[str, ...]
    rounds: int
    """Rounds played to their end (a tile game: turns played)."""
    finished: bool
    game: str = WORDSY
    """Which game the log holds: `WORDSY`, or a tile game's name (scrabble, wwf, wordfeud)."""

    @property
    def game_id(self) -> str:
        return self.path.stem

    @property
    def title(self) -> str:
        """The game's name for people: Wordsy, Scrabble, Words with Friends, Wordfeud."""
        from wordsy_tui.games.tiles.rules.rulesets import RULES, GameName

        return "Wordsy" if self.game == WORDSY else RULES[GameName(self.game)].title

    @property
    def length(self) -> str:
        """How far it went, in the game's own steps: "7 rounds", "23 turns"."""
        step = "round" if self.game == WORDSY else "turn"
        return f"{self.rounds} {step}{'s' if self.rounds != 1 else ''}"


def event_bodies(path: Path) -> list[Any]:
    """The bodies of the events in the host's log at `path`, as logged (not decoded)."""
    return read_for_replay(path)[0]


def read_events(path: Path) -> list[ev.Event]:
    """The Wordsy game's events from the host's log, read without changing the file."""
    from wordsy_tui.engine.codec import decode_event

    return [decode_event(body) for body in event_bodies(path)]


def read_tile_events(path: Path) -> list[tile_ev.Event]:
    """The tile game's events from the host's log, read without changing the file."""
    from wordsy_tui.games.tiles.rules.codec import decode_event

    return [decode_event(body) for body in event_bodies(path)]


def logged_game(path: Path) -> str | None:
    """Which game a host's log holds, from its first event: `WORDSY` or a tile game's
    name; None when it holds no game this version reads (empty, damaged at the start)."""
    try:
        return game_in(event_bodies(path))
    except OSError:
        return None


def game_in(bodies: list[Any]) -> str | None:
    """Which game a log's event bodies hold, from the first (see `logged_game`)."""
    from wordsy_tui.engine.codec import CodecError, decode_event
    from wordsy_tui.games.tiles.rules.codec import decode_event as decode_tile_event
    from wordsy_tui.games.tiles.rules.events import GameCreated

    body = next(iter(bodies), None)
    try:
        decode_event(body)
        return WORDSY
    except CodecError:
        pass
    try:
        created = decode_tile_event(body)
    except CodecError:
        return None
    return created.config.game.value if isinstance(created, GameCreated) else None


def damage_note(path: Path) -> str | None:
    """What a damaged log means for its replay, for people; None when the log is whole.

    A torn tail (a host stopped mid-write) is normal and goes unmentioned.
    """
    return read_for_replay(path)[1]


def read_for_replay(path: Path) -> tuple[list[Any], str | None]:
    """The event bodies of the log at `path` (as logged, not decoded) and its damage note
    (`damage_note`), from one read of the file."""
    from net.log import survey

    found = survey(path.read_bytes())
    bodies = [r.get("body") for r in found.records if r.get("k") == "event"]
    if not found.damaged:
        return bodies, None
    return bodies, (
        f"This log is damaged at record {found.damaged_record} ({found.reason}): "
        f"the replay stops before it, and {found.following_events} later events "
        "cannot be shown."
    )


def saved_game(path: Path) -> SavedGame | None:
    """What the list says of the log at `path`; None when it holds no game to replay."""
    state, rounds = GameState(), 0
    try:
        played = time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
        game = logged_game(path)
        if game is not None and game != WORDSY:
            return _saved_tile_game(path, played, game)
        events = read_events(path)
        for event in events:
            rounds += isinstance(event, ev.RoundEnded)
            state = evolve(state, event)
    except Exception:  # a file no host of ours wrote: one bad file must not hide the others
        return None
    if state.round < 1:
        return None  # never left the lobby: no board to show
    return SavedGame(path, played, state.players, rounds, state.phase is Phase.OVER)


def _saved_tile_game(path: Path, played: str, game: str) -> SavedGame | None:
    from wordsy_tui.games.tiles.rules.evolve import replay
    from wordsy_tui.games.tiles.rules.state import Phase as TilePhase

    state = replay(read_tile_events(path))
    if state.phase in (TilePhase.NEW, TilePhase.LOBBY):
        return None  # never started: no board to show
    return SavedGame(
        path, played, state.players, len(state.turns), state.phase is TilePhase.OVER, game
    )


def saved_game_list(directory: Path) -> list[SavedGame]:
    """The games saved in `directory` that can be replayed, the last played first."""
    from net.log import saved_games

    return [game for path in saved_games(directory) if (game := saved_game(path)) is not None]


def default_saved_games() -> list[SavedGame]:
    """The games this user's hosts saved."""
    from net.log import default_log_dir
    from wordsy_tui.table.served import APP_NAME

    return saved_game_list(default_log_dir(APP_NAME))
