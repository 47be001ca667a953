"""A solo game: the whole table in this process, no network."""

from __future__ import annotations

from wordsy_tui.games.wordsy.rules.config import Difficulty, GameConfig
from wordsy_tui.games.wordsy.rules.referee import Referee
from wordsy_tui.games.wordsy.seat import WordsySeat


def solo_session(
    name: str, difficulty: Difficulty, referee: Referee | None = None, seed: int | None = None
) -> WordsySeat:
    return WordsySeat.local(name, GameConfig(solo=difficulty), referee=referee, seed=seed)


def is_solo(session: WordsySeat | None) -> bool:
    """A solo game, known before the session has told anything: it is set up in this process."""
    config = session.config if session is not None else None
    return config is not None and config.solo is not None
