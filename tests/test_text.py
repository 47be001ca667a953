import pytest

from tests.hostile import PAYLOADS, raw_in, wrapped
from wordsy_tui.text import shown, unsafe_characters


@pytest.mark.parametrize("payload", PAYLOADS.values(), ids=PAYLOADS.keys())
def test_unsafe_text_is_shown_escaped_and_never_raw(payload):
    text = wrapped(payload)
    assert unsafe_characters(text)
    safe = shown(text)
    assert raw_in(safe) == []
    assert safe.startswith("Qz")
    assert safe.endswith("Zq")
    assert safe.isprintable()


def test_the_escapes_say_which_character_it_was():
    assert shown("a\x1b[2Jb") == "a\\x1b[2Jb"
    assert shown("\u202eevil") == "\\u202eevil"
    assert shown("\U000e0041") == "\\U000e0041"  # a tag character (Cf)
    assert shown("zero\u200bwidth") == "zero\\u200bwidth"
    assert unsafe_characters("a\x1b\x1b\x9b") == "\x1b\x9b"


def test_printable_text_is_left_alone():
    for text in ("Ann", "Zoë", "Ἀθηνᾶ", "山田", "O'Brien [bold]", ""):
        assert shown(text) == text
        assert unsafe_characters(text) == ""
