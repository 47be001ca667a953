"""What a word means: the shipped WordNet glosses, the common sense first."""

from __future__ import annotations

import zlib

import pytest

from wordsy_tui.games.wordsy.referee.meanings import gloss, meaning, pack_glosses


@pytest.mark.parametrize(
    ("word", "sense"),
    [
        ("JOHN", "a room or building equipped with one or more toilets"),
        ("paris", "herb Paris, European herb"),
        ("English", "(sports) the spin given to a ball"),
        ("CRYPT", "a cellar or vault or underground burial chamber"),
    ],
)
def test_a_word_means_its_common_sense_not_a_name(word, sense):
    found = meaning(word)
    assert found is not None
    assert found.gloss.startswith(sense)
    assert found.headword == found.word == word.upper()


def test_a_form_of_a_word_means_what_its_word_means():
    found = meaning("FLINCHED")
    assert found is not None
    assert found.headword == "FLINCH"
    assert found.describe() == f"FLINCHED, a form of FLINCH: {gloss('flinch')}"


@pytest.mark.parametrize("word", ["XQZT", "", "fish\nchips", "cat\tdog", "café", "a b"])
def test_no_meaning_for_what_is_not_a_listed_word(word):
    assert meaning(word) is None
    assert gloss(word) is None


def test_glosses_are_short_one_liners():
    assert len(gloss("english") or "") <= 80
    with pytest.raises(ValueError, match="one line"):
        pack_glosses({"cat": "a pet\nwith claws"})
    text = zlib.decompress(pack_glosses({"dog": "a pet", "cat": "a pet too"})).decode()
    assert text == "cat\ta pet too\ndog\ta pet\n"
