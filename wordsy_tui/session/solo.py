"""A solo game: the whole table in this process, no network."""

from __future__ import annotations

from wordsy_tui.game.config import Difficulty, GameConfig
from wordsy_tui.game.referee import Referee
from wordsy_tui.session.base import Session
from wordsy_tui.session.local import LocalSession


def solo_session(
    name: str, difficulty: Difficulty, referee: Referee | None = None, seed: int | None = None
) -> LocalSession:
    return LocalSession(name, GameConfig(solo=difficulty), referee=referee, seed=seed)


def is_solo(session: Session | None) -> bool:
    """A solo game, known before the session has told anything: it is set up in this process."""
    return isinstance(session, LocalSession) and session.config.solo is not None
