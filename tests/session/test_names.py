import getpass

import pytest

from wordsy_tui.engine.names import name_problem
from wordsy_tui.table.names import default_name


@pytest.mark.parametrize(
    ("login", "expected"),
    [("ann", "Ann"), ("  bob ", "Bob"), ("x" * 40, "X" + "x" * 19), ("", "Player")],
)
def test_the_login_becomes_a_valid_name_at_the_table(monkeypatch, login, expected):
    monkeypatch.setattr(getpass, "getuser", lambda: login)
    assert default_name() == expected
    assert name_problem(default_name()) is None


def test_no_login_at_all_sits_down_as_player(monkeypatch):
    def no_login() -> str:
        raise KeyError("no such user")

    monkeypatch.setattr(getpass, "getuser", no_login)
    assert default_name() == "Player"
