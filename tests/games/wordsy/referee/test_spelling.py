from __future__ import annotations

import pytest

from wordsy_tui.games.wordsy.referee import spelling


@pytest.mark.parametrize(
    ("rule", "base", "form"),
    [
        (spelling.s_forms, "cat", "cats"),
        (spelling.s_forms, "box", "boxes"),
        (spelling.s_forms, "city", "cities"),
        (spelling.s_forms, "quiz", "quizzes"),
        (spelling.s_forms, "leaf", "leaves"),
        (spelling.s_forms, "knife", "knives"),
        (spelling.ed_forms, "flinch", "flinched"),
        (spelling.ed_forms, "bake", "baked"),
        (spelling.ed_forms, "stop", "stopped"),
        (spelling.ed_forms, "travel", "traveled"),
        (spelling.ed_forms, "travel", "travelled"),
        (spelling.ed_forms, "panic", "panicked"),
        (spelling.ed_forms, "carry", "carried"),
        (spelling.ing_forms, "bake", "baking"),
        (spelling.ing_forms, "die", "dying"),
        (spelling.ing_forms, "see", "seeing"),
        (spelling.ing_forms, "run", "running"),
        (spelling.comparison_forms, "big", "biggest"),
        (spelling.comparison_forms, "large", "larger"),
        (spelling.comparison_forms, "fishy", "fishier"),
        (spelling.ly_forms, "happy", "happily"),
        (spelling.ly_forms, "gentle", "gently"),
        (spelling.ly_forms, "basic", "basically"),
        (spelling.ly_forms, "true", "truly"),
        (spelling.ly_forms, "full", "fully"),
        (spelling.y_forms, "fish", "fishy"),
        (spelling.y_forms, "sun", "sunny"),
        (spelling.y_forms, "stone", "stony"),
    ],
)
def test_regular_spelling_rules(rule, base, form):
    assert form in rule(base)


@pytest.mark.parametrize(
    ("rule", "base", "form"),
    [
        (spelling.ed_forms, "go", "went"),
        (spelling.ed_forms, "run", "ran"),
        (spelling.s_forms, "mouse", "mice"),
        (spelling.ly_forms, "on", "ony"),
        (spelling.comparison_forms, "good", "better"),
    ],
)
def test_irregular_forms_are_not_spelled_by_rule(rule, base, form):
    assert form not in rule(base)


def test_ess_bases():
    assert {"actor", "lion", "prince", "waiter", "god"} <= (
        spelling.ess_bases("actress")
        | spelling.ess_bases("lioness")
        | spelling.ess_bases("princess")
        | spelling.ess_bases("waitress")
        | spelling.ess_bases("goddess")
    )
    assert spelling.ess_bases("less") == set()
    assert spelling.ess_bases("brownness") == set()


@pytest.mark.parametrize(
    ("british", "american"),
    [
        ("colour", "color"),
        ("organisation", "organization"),
        ("analyse", "analyze"),
        ("centre", "center"),
        ("catalogue", "catalog"),
        ("labelled", "labeled"),
        ("defence", "defense"),
        ("judgement", "judgment"),
        ("programme", "program"),
        ("anaemia", "anemia"),
        ("sulphur", "sulfur"),
        ("plough", "plow"),
        ("enrolment", "enrollment"),
        ("colourised", "colorized"),
    ],
)
def test_american_spellings(british, american):
    assert spelling.american_spellings(british, {american}) == {american}


def test_american_spelling_prefers_fewest_changes():
    known = {"concretize", "concertize"}
    assert spelling.american_spellings("concretise", known) == {"concretize"}
