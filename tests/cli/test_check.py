import json

import pytest

from tests.cli.test_score import run


def test_an_allowed_word_exits_0(capsys):
    code, out, _ = run(capsys, "check", "flinch")
    assert code == 0
    assert out.splitlines()[0] == "FLINCH: allowed"


def test_a_cheapie_exits_1_and_says_why(capsys):
    code, out, _ = run(capsys, "check", "FLINCHED", "--after", "FLINCH")
    assert code == 1
    assert "FLINCHED is a tense of FLINCH, played in round 1" in out


def test_json_names_the_related_word_and_round(capsys):
    code, out, _ = run(
        capsys, "check", "fishy", "--after", "cat", "fish", "--ruleset", "second-edition", "--json"
    )
    verdict = json.loads(out)
    assert code == 1
    assert (verdict["ok"], verdict["related"], verdict["related_round"]) == (False, "FISH", 2)


def test_a_contraction_is_refused(capsys):
    code, out, _ = run(capsys, "check", "don't")
    assert code == 1
    assert "contraction" in out


def test_bad_input_exits_2(capsys):
    assert run(capsys, "check", "  ")[0] == 2
    assert run(capsys, "check", "word", "--ruleset", "chess")[0] == 2


@pytest.mark.parametrize(
    ("word", "sense"),
    [
        ("JOHN", "toilets"),  # not the name: the common noun that makes it a word
        ("PARIS", "herb Paris"),  # not the city: the plant
        ("ENGLISH", "spin given to a ball"),  # not the language: spin on a ball
    ],
)
def test_check_says_the_common_sense_that_makes_a_name_a_word(capsys, word, sense):
    code, out, _ = run(capsys, "check", word)
    assert code == 0
    allowed, means = out.splitlines()
    assert allowed == f"{word}: allowed"
    assert means.startswith("  means: ")
    assert sense in means


def test_a_form_takes_the_meaning_of_its_word(capsys):
    _code, out, _ = run(capsys, "check", "glimmerings", "--json")
    verdict = json.loads(out)
    assert (verdict["ok"], verdict["meaning_of"]) == (True, "GLIMMERING")
    assert verdict["meaning"]
    _code, out, _ = run(capsys, "check", "glimmerings")
    assert "means (a form of GLIMMERING): " in out


def test_a_tile_game_asks_its_own_word_list(capsys):
    code, out, _ = run(capsys, "check", "xylophone", "--game", "scrabble")
    assert (code, out.strip()) == (0, "XYLOPHONE: allowed")
    code, out, _ = run(capsys, "check", "qzx", "--game", "wwf", "--json")
    verdict = json.loads(out)
    assert code == 1
    assert (verdict["word"], verdict["ok"]) == ("QZX", False)
    assert "word list of Words with Friends" in verdict["message"]


def test_another_games_option_is_refused_by_name(capsys):
    code, _, err = run(capsys, "check", "flinch", "--game", "wordfeud", "--after", "fish")
    assert code == 2
    assert "--after is for Wordsy, not Wordfeud" in err
