from __future__ import annotations

import threading

import pytest

from wordsy_tui.games.wordsy.referee import preload_in_background
from wordsy_tui.games.wordsy.referee.best import load_word_search
from wordsy_tui.games.wordsy.rules.referee import Reason
from wordsy_tui.words import lexicon as lexicon_module
from wordsy_tui.words.digest import dictionary_hash
from wordsy_tui.words.lexicon import WordList, load_lexicon, pack, unpack

# The words the rulebooks print, as their examples spell them.
RULEBOOK_WORDS = (
    "assiduously",
    "predominantly",
    "satisfactory",
    "astronomical",
    "absolvent",
    "somnambulent",
    "trashing",
    "crabby",
    "poltergeist",
    "bedraggled",
    "plagiarized",
    "quibbles",
    "baccalaureates",
    "misquoting",
    "flinch",
)


def test_shipped_list_has_the_expected_size():
    lexicon = load_lexicon()
    british = sum(lexicon.british)
    assert 240_000 <= len(lexicon.words) - british <= 246_000
    assert 5_000 <= british <= 15_000
    assert len(lexicon.levels) == len(lexicon.british) == len(lexicon.words)
    assert list(lexicon.words) == sorted(lexicon.words)


@pytest.mark.parametrize(
    ("word", "is_british"),
    [("colour", True), ("color", False), ("organise", True), ("organize", False), ("fish", False)],
)
def test_british_spellings_are_accepted_and_marked(word, is_british):
    lexicon = load_lexicon()
    assert lexicon.british[lexicon.find(word)] == is_british


@pytest.mark.parametrize("word", RULEBOOK_WORDS)
def test_rulebook_words_are_in_the_list(word):
    assert word in load_lexicon()


@pytest.mark.parametrize(
    ("word", "reason"),
    [
        ("london", Reason.PROPER_NOUN),
        ("england", Reason.PROPER_NOUN),
        ("december", Reason.PROPER_NOUN),
        ("shakespeare", Reason.PROPER_NOUN),
        ("nasa", Reason.ABBREVIATION),
        ("etc", Reason.ABBREVIATION),
        ("inc", Reason.ABBREVIATION),
        ("jr", Reason.ABBREVIATION),
        ("tv", Reason.ABBREVIATION),
        ("ok", Reason.ABBREVIATION),
    ],
)
def test_names_and_abbreviations_are_absent_and_known_as_such(word, reason):
    lexicon = load_lexicon()
    assert word not in lexicon
    assert lexicon.refusal_reason(word) == reason


def test_levels_rank_common_words_before_rare_ones():
    lexicon = load_lexicon()
    assert lexicon.level("fish") == 10
    assert lexicon.level("absolvent") == 80
    assert lexicon.level("notaword") is None


def test_every_word_is_lower_case_letters():
    assert all(
        word.isascii() and word.isalpha() and word.islower() for word in load_lexicon().words
    )


def test_the_hash_is_known_without_loading_the_list(monkeypatch: pytest.MonkeyPatch):
    # Joining and hosting ask for it before their first frame.
    def no_load(blob: bytes) -> None:
        raise AssertionError("dictionary_hash() loaded the word list")

    monkeypatch.setattr(lexicon_module, "unpack", no_load)
    monkeypatch.setattr(lexicon_module, "load_lexicon", lambda: no_load(b""))
    assert len(dictionary_hash()) == 64


def test_hash_is_stable_and_covers_the_content():
    lexicon = load_lexicon()
    assert dictionary_hash() == lexicon.digest
    assert len(lexicon.digest) == 64
    smaller = unpack(pack(["cat", "cats"], [10, 10], [False, False], _no_families(2), {}))
    assert smaller.digest != lexicon.digest
    assert (
        unpack(pack(["cat", "cats"], [10, 10], [False, False], _no_families(2), {})).digest
        == smaller.digest
    )


def test_pack_round_trips_families_and_refusals():
    families = {ruleset: ([0, 0, 1], [0], [1]) for ruleset in _rulesets()}
    lexicon = unpack(
        pack(["cat", "cats"], [10, 20], [False, True], families, {"nasa": Reason.ABBREVIATION})
    )
    assert lexicon.british == bytes([0, 1])
    assert (lexicon.find("cat"), lexicon.find("cats"), lexicon.find("dog")) == (0, 1, None)
    assert lexicon.level("cats") == 20
    assert list(lexicon.families[_rulesets()[0]].of(1)) == [(0, 1)]
    assert lexicon.refusal_reason("nasa") == Reason.ABBREVIATION
    assert lexicon.refusal_reason("cat") is None


def test_family_offsets_past_16_bits_round_trip():
    words = [f"w{'a' * i}" for i in range(40)]
    counts = [0] * 40
    counts[0] = counts[20] = counts[39] = 40_000
    offsets = [0]
    for count in counts:
        offsets.append(offsets[-1] + count)
    families = {
        ruleset: (offsets, [7] * offsets[-1], [2] * offsets[-1]) for ruleset in _rulesets()
    }
    table = unpack(pack(words, [10] * 40, [False] * 40, families, {})).families[_rulesets()[0]]
    assert [len(table.of(i)) for i in range(40)] == counts
    assert table.of(39)[-1] == (7, 2)


def test_pack_refuses_more_ancestors_than_family_offsets_hold():
    words = [f"w{'a' * i}" for i in range(16)]
    offsets = [0] * 16 + [70_000]
    families = {ruleset: (offsets, [0] * 70_000, [1] * 70_000) for ruleset in _rulesets()}
    with pytest.raises(ValueError, match="16-bit"):
        pack(words, [10] * 16, [False] * 16, families, {})


def test_word_list_finds_each_word_and_nothing_else():
    words = ["a", "ab", "abc", "b", "ba", "bab", "cab", "i"]
    listed = WordList("".join(f"{word}\n" for word in words).encode())
    assert len(listed) == len(words)
    assert list(listed) == words
    assert [listed.find(word) for word in words] == list(range(len(words)))
    assert (listed[-1], listed[1:3]) == ("i", ["ab", "abc"])
    for missing in ("", "aa", "abcd", "c", "ca", "z", "\u00e9t\u00e9", "a\nab", "b\nba"):
        assert listed.find(missing) is None, missing
        assert missing not in listed
    with pytest.raises(IndexError):
        listed[len(words)]
    assert len(WordList(b"")) == 0
    assert WordList(b"").find("a") is None


@pytest.mark.parametrize("count", [15, 16, 17, 32, 40])
def test_word_list_reads_and_finds_across_blocks(count):
    words = sorted(f"{a}{b}" for a in "bdfhk" for b in "aeiouyrlnm")[:count]
    listed = WordList("".join(f"{word}\n" for word in words).encode())
    assert len(listed) == count
    assert [listed[i] for i in range(count)] == list(listed) == words
    assert [listed.find(word) for word in words] == list(range(count))
    assert [listed.find(word + "s") for word in words] == [None] * count


def test_background_preload_fills_the_shared_lexicon_and_search():
    thread = preload_in_background()
    assert isinstance(thread, threading.Thread)
    thread.join(timeout=30)
    assert not thread.is_alive()
    assert load_lexicon() is load_lexicon()
    assert load_word_search() is load_word_search()
    assert load_word_search().lexicon is load_lexicon()


def _rulesets():
    from wordsy_tui.games.wordsy.rules.rulesets import Ruleset

    return list(Ruleset)


def _no_families(n: int):
    return {ruleset: ([0] * (n + 1), [], []) for ruleset in _rulesets()}
