"""A solo game: the whole table in this process, no network."""

from __future__ import annotations

from wordsy_tui.games.wordsy.local import LocalSession
from wordsy_tui.games.wordsy.rules.config import Difficulty, GameConfig
from wordsy_tui.games.wordsy.rules.referee import Referee
from wordsy_tui.table.seat import Session


def solo_session(
    name: str, difficulty: Difficulty, referee: Referee | None = None, seed: int | None = None
) -> LocalSession:
    return LocalSession(name, GameConfig(solo=difficulty), referee=referee, seed=seed)


def is_solo(session: Session | None) -> bool:
    """A solo game, known before the session has told anything: it is set up in this process."""
    return isinstance(session, LocalSession) and session.config.solo is not None
