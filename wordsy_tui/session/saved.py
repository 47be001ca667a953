"""The games a host saved: read, summed up for the list, never changed.

No Textual here: `wordsy-tui replay` lists and reads saved games before any screen.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from wordsy_tui.game import events as ev
from wordsy_tui.game.evolve import evolve
from wordsy_tui.game.state import GameState, Phase


@dataclass(frozen=True)
class SavedGame:
    """One game the host saved, as the list of saved games shows it."""

    path: Path
    played: str
    """When it was last played (the log's last write), local time."""
    players: tuple[str, ...]
    rounds: int
    """Rounds played to their end."""
    finished: bool

    @property
    def game_id(self) -> str:
        return self.path.stem


def read_events(path: Path) -> list[ev.Event]:
    """The game's events from the host's log, read without changing the file."""
    from net.log import read_log
    from wordsy_tui.session.codec import decode_event

    records, _damage = read_log(path)
    return [decode_event(r.get("body")) for r in records if r.get("k") == "event"]


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


def saved_game(path: Path) -> SavedGame | None:
    """What the list says of the log at `path`; None when it holds no game to replay."""
    state, rounds = GameState(), 0
    try:
        played = time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
        events = read_events(path)
        for event in events:
            rounds += isinstance(event, ev.RoundEnded)
            state = evolve(state, event)
    except Exception:  # a file no host of ours wrote: one bad file must not hide the others
        return None
    if state.round < 1:
        return None  # never left the lobby: no board to show
    return SavedGame(path, played, state.players, rounds, state.phase is Phase.OVER)


def saved_game_list(directory: Path) -> list[SavedGame]:
    """The games saved in `directory` that can be replayed, the last played first."""
    from net.log import saved_games

    return [game for path in saved_games(directory) if (game := saved_game(path)) is not None]


def default_saved_games() -> list[SavedGame]:
    """The games this user's hosts saved."""
    from net.log import default_log_dir
    from wordsy_tui.session.lan import APP_NAME

    return saved_game_list(default_log_dir(APP_NAME))
