"""A solo game: the whole table in this process, no network."""

from __future__ import annotations

from wordsy_tui.game.config import Difficulty, GameConfig
from wordsy_tui.game.referee import Referee
from wordsy_tui.session.local import LocalSession


def solo_session(
    name: str, difficulty: Difficulty, referee: Referee | None = None, seed: int | None = None
) -> LocalSession:
    return LocalSession(name, GameConfig(solo=difficulty), referee=referee, seed=seed)
