"""The name a player sits down under when they give none."""

from __future__ import annotations

import getpass

from wordsy_tui.engine.names import MAX_NAME_LENGTH, name_problem, normal_name

FALLBACK_NAME = "Player"


def default_name() -> str:
    """The login name, capitalised as a name at the table; "Player" when it makes no name."""
    try:
        login = getpass.getuser()
    except (KeyError, OSError):
        return FALLBACK_NAME
    # Cut to length, then normalised again: the cut may leave a space or a lone mark.
    name = normal_name(normal_name(login).capitalize()[:MAX_NAME_LENGTH])
    return FALLBACK_NAME if name_problem(name) is not None else name
