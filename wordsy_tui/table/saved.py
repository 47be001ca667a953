"""The games a host saved: read, summed up for the list, never changed.

No Textual here: `wordsy-tui replay` lists and reads saved games before any screen.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wordsy_tui.kit import game_info, kit_for
from wordsy_tui.kit import logged_game as game_in


@dataclass(frozen=True)
class SavedGame:
    """One game the host saved, as the list of saved games shows it."""

    path: Path
    played: str
    """When it was last played (the log's last write), local time."""
    players: tuple[str, ...]
    rounds: int
    """How far it went, in the game's own steps (rounds played to their end, turns)."""
    finished: bool
    game: str
    """Which game the log holds, by its `--game` name."""

    @property
    def game_id(self) -> str:
        return self.path.stem

    @property
    def title(self) -> str:
        """The game's name for people."""
        return game_info(self.game).title

    @property
    def length(self) -> str:
        """How far it went, in the game's own steps: "7 rounds", "23 turns"."""
        step = game_info(self.game).step
        return f"{self.rounds} {step}{'s' if self.rounds != 1 else ''}"


def event_bodies(path: Path) -> list[Any]:
    """The bodies of the events in the host's log at `path`, as logged (not decoded)."""
    return read_for_replay(path)[0]


def logged_game(path: Path) -> str | None:
    """Which game a host's log holds, from its first event, by its `--game` name; None when
    it holds no game this version reads (empty, damaged at the start)."""
    try:
        return game_in(event_bodies(path))
    except OSError:
        return None


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


def replay_of(path: Path) -> tuple[str, Any]:
    """The game the log at `path` holds (its `--game` name) and a replay of it (as its
    kit's app opens it), with the damage note when it is damaged.

    Raises OSError when it cannot be read, ValueError when it holds no game this version
    can replay (not a game log, an unknown game, a game that never started).
    """
    bodies, note = read_for_replay(path)
    if not bodies:
        raise ValueError("it holds no game events")
    game = game_in(bodies)
    if game is None:
        raise ValueError("it holds no game this version knows (not a game log, or a newer game)")
    return game, kit_for(game).replay(game, bodies, note)


def saved_game(path: Path) -> SavedGame | None:
    """What the list says of the log at `path`; None when it holds no game to replay."""
    try:
        played = time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
        bodies = event_bodies(path)
        game = game_in(bodies)
        if game is None:
            return None
        players, steps, finished = kit_for(game).saved(game, bodies)
    except Exception:  # a file no host of ours wrote: one bad file must not hide the others
        return None  # (and a game that never started has no board to show)
    return SavedGame(path, played, players, steps, finished, game)


def saved_game_list(directory: Path) -> list[SavedGame]:
    """The games saved in `directory` that can be replayed, the last played first."""
    from net.log import saved_games

    return [game for path in saved_games(directory) if (game := saved_game(path)) is not None]


def default_saved_games() -> list[SavedGame]:
    """The games this user's hosts saved."""
    from net.log import default_log_dir
    from wordsy_tui.table.basics import APP_NAME

    return saved_game_list(default_log_dir(APP_NAME))
