"""The word referee: the rules engine's `Referee`, backed by the shipped word list."""

from __future__ import annotations

from collections.abc import Sequence

from wordsy_tui.games.wordsy.referee.families import Family, family, relate
from wordsy_tui.games.wordsy.referee.restrictions import (
    dictionary_refusal,
    form_refusal,
    normalise,
)
from wordsy_tui.games.wordsy.rules.referee import ALLOWED, PlayedWord, Reason, Verdict
from wordsy_tui.games.wordsy.rules.rulesets import Ruleset
from wordsy_tui.words.lexicon import Lexicon, load_lexicon


def when_played(played: PlayedWord) -> str:
    by = f" by {played.player}" if played.player else ""
    return f"played{by} in round {played.round}"


class WordReferee:
    """Standard Restrictions, No Cheapies and the word list, in that order.

    No Cheapies comes before the word list so a word the table allowed by
    vote is still caught when it is played again.
    """

    def __init__(self, lexicon: Lexicon | None = None) -> None:
        self._lexicon = lexicon
        # Earlier rounds' words are judged against again and again while a
        # player types; a game has at most seven of them, so this stays small.
        self._earlier_families: dict[tuple[Ruleset, str], Family] = {}

    @property
    def lexicon(self) -> Lexicon:
        if self._lexicon is None:
            self._lexicon = load_lexicon()
        return self._lexicon

    def judge(self, word: str, earlier: Sequence[PlayedWord], ruleset: Ruleset) -> Verdict:
        wanted = normalise(word)
        refusal = form_refusal(wanted)
        if refusal is not None:
            return refusal
        mine = family(self.lexicon, ruleset, wanted)
        for played in earlier:
            old = normalise(played.word)
            if old == wanted:
                return Verdict(
                    False, Reason.REPEAT, f"{wanted.upper()} was {when_played(played)}", played
                )
            link = relate(self.lexicon.words, mine, self._earlier_family(ruleset, old))
            if link is not None:
                message = link.describe(wanted, old, when_played(played))
                return Verdict(False, Reason.SAME_WORD, message, played)
        return dictionary_refusal(wanted, self.lexicon) or ALLOWED

    def _earlier_family(self, ruleset: Ruleset, word: str) -> Family:
        key = (ruleset, word)
        found = self._earlier_families.get(key)
        if found is None:
            found = self._earlier_families[key] = family(self.lexicon, ruleset, word)
        return found


def check_word(
    word: str, after: Sequence[str] = (), ruleset: Ruleset = Ruleset.CLASSIC
) -> Verdict:
    """The verdict on `word` after `after` were played in rounds 1, 2, ...

    What `wordsy-tui check WORD --after ...` prints.
    """
    earlier = [PlayedWord(old, round_no, "") for round_no, old in enumerate(after, start=1)]
    return WordReferee().judge(word, earlier, ruleset)
