"""Labelled No Cheapies pairs: (word, earlier word, same in classic, same in second edition).

Labels follow the rulebooks as docs/REFEREE.md reads them, not the code's
output: a pair the referee gets wrong stays labelled as the rules say and
counts against its accuracy. RULEBOOK pairs are printed in the rulebooks
and must always be right.
"""

from __future__ import annotations

from typing import Final

Pair = tuple[str, str, bool, bool]

RULEBOOK: Final[tuple[Pair, ...]] = (
    # First edition, Restrictions: flinch, flinches, flinched, flinching, flinchingly.
    ("flinches", "flinch", True, True),
    ("flinched", "flinch", True, True),
    ("flinching", "flinch", True, True),
    ("flinchingly", "flinch", True, True),
    ("flinches", "flinching", True, True),
    ("went", "go", False, True),
    # Second edition: fish, fishes, fishing, fishy, fishier, fishily are the same word.
    ("fishes", "fish", True, True),
    ("fishing", "fish", True, True),
    ("fishy", "fish", False, True),
    ("fishier", "fish", False, True),
    ("fishily", "fish", False, True),
    ("fishily", "fishes", False, True),
    ("fishier", "fishing", False, True),
    # ... fisherman and shellfish are different words.
    ("fisherman", "fish", False, False),
    ("shellfish", "fish", False, False),
)

TRAPS: Final[tuple[Pair, ...]] = (
    ("early", "ear", False, False),
    ("only", "on", False, False),
    ("penny", "pen", False, False),
    ("university", "universe", False, False),
    ("tiny", "tin", False, False),
    ("happiness", "happy", False, False),
    ("song", "sing", False, False),
    ("ran", "run", False, True),
    ("wrote", "write", False, True),
)

OTHERS: Final[tuple[Pair, ...]] = (
    # regular plurals, tenses and gerunds
    ("cats", "cat", True, True),
    ("boxes", "box", True, True),
    ("cities", "city", True, True),
    ("glasses", "glass", True, True),
    ("buses", "bus", True, True),
    ("pens", "pen", True, True),
    ("penned", "pen", True, True),
    ("ears", "ear", True, True),
    ("stopped", "stop", True, True),
    ("stopping", "stop", True, True),
    ("panicked", "panic", True, True),
    ("dying", "die", True, True),
    ("lying", "lie", True, True),
    ("carried", "carry", True, True),
    ("walked", "walk", True, True),
    ("walks", "walk", True, True),
    ("walking", "walked", True, True),
    ("jumped", "jump", True, True),
    ("played", "play", True, True),
    ("singing", "sing", True, True),
    ("building", "build", True, True),
    ("buildings", "build", True, True),
    ("winged", "wing", True, True),
    # irregular plurals: the first edition spares only irregular tenses
    ("mice", "mouse", True, True),
    ("children", "child", True, True),
    ("leaves", "leaf", True, True),
    ("teeth", "tooth", True, True),
    ("feet", "foot", True, True),
    ("men", "man", True, True),
    ("women", "woman", True, True),
    ("geese", "goose", True, True),
    ("oxen", "ox", True, True),
    ("criteria", "criterion", True, True),
    ("analyses", "analysis", True, True),
    ("fishermen", "fisherman", True, True),
    # irregular tenses: allowed in the first edition, the same word in the second
    ("sang", "sing", False, True),
    ("sung", "sing", False, True),
    ("saw", "see", False, True),
    ("left", "leave", False, True),
    ("brought", "bring", False, True),
    ("thought", "think", False, True),
    ("ate", "eat", False, True),
    ("eaten", "eat", False, True),
    ("swam", "swim", False, True),
    ("began", "begin", False, True),
    ("bought", "buy", False, True),
    # -ly adverbs, alone and chained
    ("quickly", "quick", True, True),
    ("happily", "happy", True, True),
    ("slowly", "slow", True, True),
    ("easily", "easy", True, True),
    ("angrily", "angry", True, True),
    ("gently", "gentle", True, True),
    ("nobly", "noble", True, True),
    ("basically", "basic", True, True),
    ("dramatically", "dramatic", True, True),
    ("publicly", "public", True, True),
    ("truly", "true", True, True),
    ("duly", "due", True, True),
    ("fully", "full", True, True),
    ("wholly", "whole", True, True),
    ("carefully", "careful", True, True),
    ("surprisingly", "surprising", True, True),
    ("surprisingly", "surprise", True, True),
    ("flinchingly", "flinches", True, True),
    # comparison: the second edition's fishier
    ("bigger", "big", False, True),
    ("happier", "happy", False, True),
    ("largest", "large", False, True),
    ("earlier", "early", False, True),
    ("better", "good", False, True),
    ("happier", "happily", False, True),
    # gender: the second edition only
    ("actress", "actor", False, True),
    ("lioness", "lion", False, True),
    ("waitress", "waiter", False, True),
    ("hostess", "host", False, True),
    ("princess", "prince", False, True),
    ("goddess", "god", False, True),
    ("actresses", "actors", False, True),
    # -y adjectives: the second edition's fishy
    ("sunny", "sun", False, True),
    ("stony", "stone", False, True),
    ("dirty", "dirt", False, True),
    ("salty", "salt", False, True),
    ("rainy", "rain", False, True),
    ("starry", "star", False, True),
    ("windy", "wind", False, True),
    ("noisy", "noise", False, True),
    ("icy", "ice", False, True),
    ("lucky", "luck", False, True),
    ("cloudy", "cloud", False, True),
    # other modifications are different words in both editions
    ("builder", "build", False, False),
    ("teacher", "teach", False, False),
    ("walker", "walk", False, False),
    ("singer", "sing", False, False),
    ("kindness", "kind", False, False),
    ("playful", "play", False, False),
    ("careful", "care", False, False),
    ("unhappy", "happy", False, False),
    ("undo", "do", False, False),
    ("disorder", "order", False, False),
    ("untie", "tie", False, False),
    ("kingdom", "king", False, False),
    ("freedom", "free", False, False),
    ("childish", "child", False, False),
    ("childhood", "child", False, False),
    # look-alikes that share letters, not a word
    ("care", "car", False, False),
    ("busy", "bus", False, False),
    ("hello", "hell", False, False),
    ("hate", "hat", False, False),
    ("scare", "scar", False, False),
    ("news", "new", False, False),
    ("only", "one", False, False),
    ("lives", "life", True, True),
    ("life", "live", False, False),
)

ALL_PAIRS: Final = RULEBOOK + TRAPS + OTHERS
