"""The name a player sits down under when they give none."""

from __future__ import annotations

import getpass

from wordsy_tui.game.decide import MAX_NAME_LENGTH

FALLBACK_NAME = "Player"


def default_name() -> str:
    """The login name, capitalised as a name at the table; "Player" when there is none."""
    try:
        login = getpass.getuser()
    except (KeyError, OSError):
        return FALLBACK_NAME
    return login.strip().capitalize()[:MAX_NAME_LENGTH] or FALLBACK_NAME
