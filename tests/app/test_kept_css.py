"""The rules Textual parses from each stylesheet, kept beside the bytecode for the next run."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import textual.css.parse
import textual.css.stylesheet
from textual.app import App
from textual.css.model import RuleSet

from wordsy_tui.app.kept_css import KeptRules, KeptStylesheet
from wordsy_tui.app.terminal import TABLE_CSS
from wordsy_tui.app.widgets.chat import ChatLog

VARIABLES = App().get_css_variables()


def parse_all(sheet: KeptStylesheet) -> list[RuleSet]:
    """Parse what an app of ours parses: its own file, and a widget's defaults."""
    sheet.read(TABLE_CSS)
    sheet.add_source(
        ChatLog.DEFAULT_CSS,
        read_from=(ChatLog.__module__, "ChatLog.DEFAULT_CSS"),
        is_default_css=True,
        scope="ChatLog",
    )
    return sheet.rules


@pytest.fixture
def parsed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text Textual's parser is given from now on."""
    given: list[str] = []
    parse = textual.css.parse.parse  # what the stylesheet's module calls

    def counted(scope: str, css: str, *args: object, **options: object) -> object:
        given.append(css)
        return parse(scope, css, *args, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(textual.css.stylesheet, "parse", counted)
    return given


def test_a_second_run_takes_the_rules_it_parsed_and_they_are_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, parsed: list[str]
) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    first = KeptRules(tmp_path / "kept.rules", VARIABLES)
    rules = parse_all(KeptStylesheet(variables=VARIABLES, kept=first))
    assert len(parsed) == 2
    assert len(first.new) == 2
    KeptStylesheet(variables=VARIABLES, kept=first).keep()
    assert first.new == {}

    parsed.clear()
    again = KeptRules(tmp_path / "kept.rules", VARIABLES)
    kept = parse_all(KeptStylesheet(variables=VARIABLES, kept=again))
    assert parsed == []  # nothing parsed
    assert kept == rules  # rule by rule: selectors, styles, defaults, scope
    assert [rule.css for rule in kept] == [rule.css for rule in rules]


def test_another_themes_rules_are_parsed_and_not_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, parsed: list[str]
) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    kept = KeptRules(tmp_path / "kept.rules", VARIABLES)
    parse_all(KeptStylesheet(variables=VARIABLES, kept=kept))
    KeptStylesheet(variables=VARIABLES, kept=kept).keep()
    other = {**VARIABLES, "primary": "#123456"}

    parsed.clear()
    elsewhere = KeptRules(tmp_path / "kept.rules", other)
    assert elsewhere.rules == {}  # the file is the first theme's
    sheet = KeptStylesheet(variables=VARIABLES, kept=kept)
    sheet.set_variables(other)  # a theme changed while the app runs
    parse_all(sheet)
    assert len(parsed) == 2
    assert kept.new == {}


def test_a_damaged_file_is_parsed_anew_and_written_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, parsed: list[str]
) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    path = tmp_path / "kept.rules"
    whole = KeptRules(path, VARIABLES)
    parse_all(KeptStylesheet(variables=VARIABLES, kept=whole))
    whole.save()
    path.write_bytes(path.read_bytes()[:-100])  # cut short
    parsed.clear()
    damaged = KeptRules(path, VARIABLES)
    assert damaged.rules == {}
    parse_all(KeptStylesheet(variables=VARIABLES, kept=damaged))
    assert len(parsed) == 2
    damaged.save()
    assert KeptRules(path, VARIABLES).rules.keys() == whole.rules.keys()


def test_nothing_is_written_or_held_twice_where_bytecode_is_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    kept = KeptRules(tmp_path / "kept.rules", VARIABLES)
    sheet = KeptStylesheet(variables=VARIABLES, kept=kept)
    assert parse_all(sheet) != []
    assert kept.new == {}
    sheet.keep()
    assert list(tmp_path.iterdir()) == []
