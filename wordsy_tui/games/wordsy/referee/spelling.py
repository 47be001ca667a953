"""English spelling rules that turn a base word into its regular forms.

No Cheapies (first edition) forbids regular tense changes but allows
irregular ones (go/went), so a lemma link only counts as "regular" when one
of these rules spells the form. They also find -ly adverbs, -y adjectives
and -ess nouns that WordNet links by meaning but not by spelling, and the
American spelling of a British word (COLOUR is COLOR).
"""

from __future__ import annotations

from collections.abc import Container
from typing import Final

VOWELS: Final = frozenset("aeiou")


def _doubles_final(base: str) -> bool:
    """Whether a suffix starting with a vowel doubles the last consonant (stop/stopped).

    Stress decides this in English; consonant-vowel-consonant endings are the
    cheap test, and both spellings are tried so travel/traveled still match.
    """
    return (
        len(base) >= 3
        and base[-1] not in VOWELS
        and base[-1] not in "wxy"
        and base[-2] in VOWELS
        and (base[-3] not in VOWELS or base[-4:-2] == "qu")  # quiz, quit: the u is no vowel
    )


def _vowel_suffix_stems(base: str) -> set[str]:
    """The stems a suffix beginning with a vowel (-ed, -ing, -er) attaches to."""
    stems = {base}
    if base.endswith("e"):
        stems.add(base[:-1])
    if base.endswith("c"):
        stems.add(base + "k")  # panic, panicked
    if _doubles_final(base):
        stems.add(base + base[-1])
    return stems


def _ends_consonant_y(base: str) -> bool:
    return len(base) >= 2 and base.endswith("y") and base[-2] not in VOWELS


def s_forms(base: str) -> set[str]:
    """Plurals and third persons: cats, boxes, cities, quizzes, leaves."""
    forms = {base + "s", base + "es"}
    if _ends_consonant_y(base):
        forms.add(base[:-1] + "ies")
    if _doubles_final(base):
        forms.add(base + base[-1] + "es")
    if base.endswith("f"):
        forms.add(base[:-1] + "ves")
    if base.endswith("fe"):
        forms.add(base[:-2] + "ves")
    return forms


def ed_forms(base: str) -> set[str]:
    forms = {stem + ("d" if stem.endswith("e") else "ed") for stem in _vowel_suffix_stems(base)}
    if _ends_consonant_y(base):
        forms.add(base[:-1] + "ied")
    return forms


def ing_forms(base: str) -> set[str]:
    forms = {stem + "ing" for stem in _vowel_suffix_stems(base) if not stem.endswith("e")}
    forms.add(base + "ing")  # dyeing, seeing
    if base.endswith("ie"):
        forms.add(base[:-2] + "ying")
    return forms


def comparison_forms(base: str) -> set[str]:
    forms = {
        stem + suffix
        for stem in _vowel_suffix_stems(base)
        if not stem.endswith("e")
        for suffix in ("er", "est")
    }
    if base.endswith("e"):
        forms.update({base + "r", base + "st"})
    if _ends_consonant_y(base):
        forms.update({base[:-1] + "ier", base[:-1] + "iest"})
    return forms


def ly_forms(base: str) -> set[str]:
    """-ly adverbs: quickly, happily, gently, basically, truly, fully."""
    forms = {base + "ly"}
    if _ends_consonant_y(base):
        forms.add(base[:-1] + "ily")
    if base.endswith("le"):
        forms.add(base[:-1] + "y")
    if base.endswith("ic"):
        forms.add(base + "ally")
    if base.endswith("ue"):
        forms.add(base[:-1] + "ly")  # truly, duly; a wider -e rule would make ONLY of ONE
    if base.endswith("ll"):
        forms.add(base + "y")
    return forms


def y_forms(base: str) -> set[str]:
    """-y adjectives: fishy, sunny, stony."""
    forms = {base + "y"}
    if _doubles_final(base):
        forms.add(base + base[-1] + "y")
    if base.endswith("e"):
        forms.add(base[:-1] + "y")
    return forms


def ess_bases(word: str) -> set[str]:
    """The masculine or neutral nouns an -ess noun may come from: actor, lion, prince, god."""
    # -nness is the -ness of an -n word (brownness), never a feminine.
    if not word.endswith("ess") or word.endswith("nness") or len(word) < 6:
        return set()
    stem = word[:-3]
    bases = {stem, stem + "e"}
    if stem[-1] == stem[-2]:
        bases.add(stem[:-1])  # goddess
    if stem.endswith("r"):
        bases.update({stem[:-1] + "or", stem[:-1] + "er"})
    return bases


# British spelling -> American spelling, as (British fragment, American fragment).
# Tried one or two at a time, anywhere in the word: colourised -> colorized.
BRITISH_TO_AMERICAN: Final = (
    ("our", "or"),
    ("ise", "ize"),
    ("isa", "iza"),
    ("isi", "izi"),
    ("yse", "yze"),
    ("ysi", "yzi"),
    ("re", "er"),
    ("ogue", "og"),
    ("ll", "l"),
    ("ence", "ense"),
    ("dgement", "dgment"),
    ("grey", "gray"),
    ("mme", "m"),
    ("ae", "e"),
    ("oe", "e"),
    ("que", "ck"),
    ("que", "k"),
    ("ph", "f"),
    ("ough", "ow"),
    ("ou", "o"),
    ("sc", "sk"),
    ("tt", "t"),
    ("l", "ll"),
    ("eable", "able"),
    ("eing", "ing"),
)


def _replacements(word: str) -> set[str]:
    found: set[str] = set()
    for british, american in BRITISH_TO_AMERICAN:
        start = word.find(british)
        while start != -1:
            found.add(word[:start] + american + word[start + len(british) :])
            start = word.find(british, start + 1)
    return found


def american_spellings(word: str, known: Container[str]) -> set[str]:
    """The `known` American spellings of a British word, by the fewest replacements.

    Fewest first keeps CONCRETISE from reaching CONCERTIZE when CONCRETIZE is there.
    """
    once = _replacements(word)
    found = {candidate for candidate in once if candidate in known}
    if found:
        return found
    return {twice for candidate in once for twice in _replacements(candidate) if twice in known}
