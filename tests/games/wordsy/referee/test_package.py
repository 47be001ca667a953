"""The referee package's names load their modules on first use, and only those."""

from __future__ import annotations

import importlib

import pytest

import wordsy_tui.games.wordsy.referee as referee


@pytest.mark.parametrize("name", referee.__all__)
def test_every_name_the_package_offers_is_its_module_s_own(name: str) -> None:
    home = importlib.import_module(f"wordsy_tui.games.wordsy.referee.{referee._HOMES[name]}")
    assert getattr(referee, name) is getattr(home, name)


def test_a_name_it_does_not_offer_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'judge_everything'"):
        _ = referee.judge_everything  # type: ignore[attr-defined]
