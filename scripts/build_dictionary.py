"""Build wordsy_tui/words/data/lexicon.bin.z from SCOWL, WordNet and lemminflect.

Run once at development time, then commit the output:

    apt-get install -y scowl wordnet-base
    uv run --group data python scripts/build_dictionary.py

It also writes the short meanings (glosses.bin.z, from WordNet) the referee shows
beside a word; `--glosses-only` rebuilds just those, for the shipped word list.

The runtime reads only the generated file. docs/REFEREE.md explains every
policy this script applies.
"""

from __future__ import annotations

import argparse
import re
import shutil
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

import lemminflect

from wordsy_tui.games.wordsy.referee import spelling
from wordsy_tui.games.wordsy.referee.families import IRREGULAR, RELATIONS, Relation
from wordsy_tui.games.wordsy.referee.meanings import GLOSS_FILE, pack_glosses
from wordsy_tui.games.wordsy.rules.referee import Reason
from wordsy_tui.games.wordsy.rules.rulesets import Ruleset
from wordsy_tui.words.digest import DIGEST_FILE
from wordsy_tui.words.lexicon import CHAINED, DATA_FILE, load_lexicon, pack, unpack

SCOWL_DIR: Final = Path("/usr/share/dict/scowl")
SCOWL_COPYRIGHT: Final = Path("/usr/share/doc/scowl/copyright")
WORDNET_DIR: Final = Path("/usr/share/wordnet")
WORDNET_LICENSE: Final = Path("/usr/share/doc/wordnet-base/copyright")
ROOT: Final = Path(__file__).resolve().parent.parent
OUTPUT_DIR: Final = ROOT / "wordsy_tui" / "words" / "data"
GLOSSES_DIR: Final = ROOT / "wordsy_tui" / "games" / "wordsy" / "referee" / "data"

MAX_LEVEL: Final = 80
# SCOWL's english- and american- lists: American spelling, as the game is
# published. British spellings (-our, -ise and -ize, -re) are accepted too,
# as the same word as their American spelling; SCOWL's variant lists
# (uncommon spellings) are left out (docs/REFEREE.md).
WORD_LISTS: Final = ("english-words", "american-words")
BRITISH_LISTS: Final = ("british-words", "british_z-words")
# Names and abbreviations are read up to level 95 only to say why they are refused.
MAX_REFUSED_LEVEL: Final = 95
NAME_LISTS: Final = (
    "english-proper-names",
    "american-proper-names",
    "english-upper",
    "american-upper",
)
ABBREVIATION_LISTS: Final = ("english-abbreviations", "american-abbreviations")
# Words the rulebooks print that SCOWL lacks: a table should not have to
# vote on the rulebook's own example.
ALLOW_LIST: Final = {"somnambulent": MAX_LEVEL}
# SCOWL lists letters and their plurals as words (b, bs) and a few unit
# symbols (kb, lm); no table would accept them.
DENY_LIST: Final = (
    frozenset("bcdefghjklmnopqrstuvwxyz")
    | {letter + "s" for letter in "bcdfghjklmnpqrstvwxyz"}
    | {"kb", "lm", "ln", "lx", "mb", "mf"}
)
LETTERS: Final = re.compile(r"^[a-z]+$")
NAME: Final = re.compile(r"^[A-Z][A-Za-z]*$")

INFLECTIONS: Final = frozenset(
    {Relation.PLURAL, Relation.TENSE, Relation.GERUND, Relation.COMPARISON}
)
DERIVATIONS: Final = frozenset({Relation.ADJECTIVE, Relation.GENDER})
# A word reaches its ancestors by at most one step of each group, in this
# order (flinchingly -> flinching -> flinch; fishily -> fishy -> fish).
# Stacking two inflections (buildings -> building -> build) is not followed.
# A British spelling steps to its American one first (colourfully -> colorfully).
STAGES: Final = (
    frozenset({Relation.SPELLING}),
    frozenset({Relation.ADVERB}),
    INFLECTIONS,
    DERIVATIONS,
)
OOV_CLASSES: Final = ("NOUN", "VERB", "ADJ")
TAG_RELATIONS: Final = {
    "NNS": Relation.PLURAL,
    "VBD": Relation.TENSE,
    "VBN": Relation.TENSE,
    "VBZ": Relation.TENSE,
    "VBG": Relation.GERUND,
    "JJR": Relation.COMPARISON,
    "JJS": Relation.COMPARISON,
    "RBR": Relation.COMPARISON,
    "RBS": Relation.COMPARISON,
}


def scowl_entries(names: Iterable[str], max_level: int) -> Iterator[tuple[str, int]]:
    for path in sorted(SCOWL_DIR.iterdir()):
        stem, _, level = path.name.rpartition(".")
        if stem in names and int(level) <= max_level:
            for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
                yield line.strip(), int(level)


def read_words(lists: Iterable[str]) -> dict[str, int]:
    """Each word with the lowest (most common) SCOWL level it appears at."""
    levels: dict[str, int] = {}
    for word, level in scowl_entries(lists, MAX_LEVEL):
        if LETTERS.match(word) and word not in DENY_LIST:
            levels[word] = min(level, levels.get(word, level))
    return levels


def read_lists() -> tuple[dict[str, int], set[str]]:
    """All accepted words with their levels, and which of them are British-only."""
    words = read_words(WORD_LISTS)
    for word, level in ALLOW_LIST.items():
        words.setdefault(word, level)
    british = read_words(BRITISH_LISTS)
    for word in words.keys() & british.keys():
        del british[word]
    return words | british, set(british)


def read_refused(words: dict[str, int]) -> dict[str, Reason]:
    """Capitalised entries, so a refusal can say proper noun or abbreviation.

    The word lists hold some too (OK, Ms); an all-capitals entry (NASA) is an
    abbreviation whichever list holds it, and that reading wins.
    """
    refused: dict[str, Reason] = {}
    sources = (
        (NAME_LISTS + WORD_LISTS, Reason.PROPER_NOUN),
        (ABBREVIATION_LISTS, Reason.ABBREVIATION),
    )
    for lists, reason in sources:
        for entry, _level in scowl_entries(lists, MAX_REFUSED_LEVEL):
            word = entry.lower()
            if (
                NAME.match(entry)
                and word not in words
                and word not in DENY_LIST
                and refused.get(word) != Reason.ABBREVIATION
            ):
                is_abbreviation = entry.isupper() and len(entry) > 1
                refused[word] = Reason.ABBREVIATION if is_abbreviation else reason
    return refused


@dataclass
class WordNet:
    """The few WordNet links the family rules use, keyed by single lower-case words."""

    adjectives: set[str] = field(default_factory=set)
    adverbs: set[str] = field(default_factory=set)
    nouns: set[str] = field(default_factory=set)
    pertains_to: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    """Word -> words it is lexically derived from or pertains to (pointers \\ and +)."""
    hypernyms: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))


def _lemma(raw: str) -> str:
    return re.sub(r"\(.*\)$", "", raw).lower()


def read_wordnet() -> WordNet:
    synsets: dict[tuple[str, int], list[str]] = {}
    pointers: list[tuple[str, list[str], str, str, int, int, int]] = []
    for pos_name in ("noun", "verb", "adj", "adv"):
        for line in (WORDNET_DIR / f"data.{pos_name}").read_text(encoding="latin-1").splitlines():
            if line.startswith("  "):
                continue  # licence header
            fields = line.split(" | ")[0].split()
            offset, pos = int(fields[0]), fields[2]
            pos = "a" if pos == "s" else pos
            count = int(fields[3], 16)
            words = [_lemma(fields[4 + 2 * i]) for i in range(count)]
            synsets[(pos, offset)] = words
            at = 4 + 2 * count
            for i in range(int(fields[at])):
                symbol, target, target_pos, source_target = fields[at + 1 + 4 * i : at + 5 + 4 * i]
                source, target_word = int(source_target[:2], 16), int(source_target[2:], 16)
                target_pos = "a" if target_pos == "s" else target_pos
                pointers.append((pos, words, symbol, target_pos, int(target), source, target_word))
    wordnet = WordNet()
    kinds = {"a": wordnet.adjectives, "r": wordnet.adverbs, "n": wordnet.nouns}
    for (pos, _offset), words in synsets.items():
        kinds.get(pos, set()).update(words)
    for pos, words, symbol, target_pos, target, source, target_word in pointers:
        targets = synsets[(target_pos, target)]
        if symbol in ("\\", "+") and source:
            wordnet.pertains_to[words[source - 1]].add(targets[target_word - 1])
        elif symbol in ("@", "@i") and pos == "n":
            for word in words:
                wordnet.hypernyms[word].update(targets)
    return wordnet


@dataclass(frozen=True, slots=True)
class Edge:
    parent: str
    relation: Relation
    irregular: bool


def inflection_edges(word: str, words: dict[str, int]) -> list[Edge]:
    """Lemmas whose regular spelling rules produce `word`; irregular ones marked.

    An irregular link is kept only when the word is no lemma itself, so SAW
    (a noun and a verb) is not folded into SEE, while RAN is into RUN.
    """
    lemmas = lemminflect.getAllLemmas(word)
    # Rare words lemminflect does not know get its suffix rules' guesses,
    # trusted only where a regular spelling rule agrees.
    known = bool(lemmas)
    if not known:
        for upos in OOV_CLASSES:
            lemmas.update(lemminflect.getAllLemmasOOV(word, upos))
    is_own_lemma = not known or any(word in found for found in lemmas.values())
    edges: list[Edge] = []
    for upos, found in lemmas.items():
        for lemma in found:
            if lemma == word or lemma not in words:
                continue
            relation = regular_relation(upos, lemma, word)
            if relation is not None:
                edges.append(Edge(lemma, relation, irregular=False))
            elif not is_own_lemma:
                tags = lemminflect.getAllInflections(lemma, upos=upos)
                for tag, forms in tags.items():
                    if word in forms and tag in TAG_RELATIONS:
                        edges.append(Edge(lemma, TAG_RELATIONS[tag], irregular=True))
                        break
    # One edge per lemma: FISHES is first a plural of FISH, then a tense of it.
    return list({edge.parent: edge for edge in sorted(edges, key=lambda e: -e.relation)}.values())


def regular_relation(upos: str, lemma: str, word: str) -> Relation | None:
    if upos == "NOUN" and word in spelling.s_forms(lemma):
        return Relation.PLURAL
    if upos == "VERB":
        if word in spelling.s_forms(lemma) or word in spelling.ed_forms(lemma):
            return Relation.TENSE
        if word in spelling.ing_forms(lemma):
            return Relation.GERUND
    if upos in ("ADJ", "ADV") and word in spelling.comparison_forms(lemma):
        return Relation.COMPARISON
    return None


def is_adjective_like(word: str, wordnet: WordNet, participles: set[str]) -> bool:
    return (
        word in wordnet.adjectives
        or "ADJ" in lemminflect.getAllLemmas(word)
        or word in participles
    )


def adverb_edges(
    word: str, words: dict[str, int], wordnet: WordNet, participles: set[str]
) -> list[Edge]:
    """-ly adverbs: WordNet's pertainym first, spelling rules when WordNet is silent."""
    if not word.endswith("ly"):
        return []
    linked = (
        [
            base
            for base in wordnet.pertains_to.get(word, ())
            if base in words and base != word and word in spelling.ly_forms(base)
        ]
        if word in wordnet.adverbs
        else []
    )
    if not linked and (word in wordnet.adverbs or word not in wordnet.adjectives | wordnet.nouns):
        # Bases of one or two letters would make ONLY an adverb of ON.
        linked = [
            base
            for base in _ly_bases(word)
            if len(base) >= 3 and base in words and is_adjective_like(base, wordnet, participles)
        ]
    return [Edge(base, Relation.ADVERB, irregular=False) for base in linked]


def _ly_bases(word: str) -> set[str]:
    stem = word[:-2]
    candidates = {
        stem,
        stem + "y",
        stem + "le",
        stem[:-1] + "y",
        stem + "e",
        stem[:-2],
        stem + "l",
    }
    if stem.endswith("i"):
        candidates.add(stem[:-1] + "y")
    return {base for base in candidates if base and word in spelling.ly_forms(base)}


def derivation_edges(word: str, words: dict[str, int], wordnet: WordNet) -> list[Edge]:
    edges = [
        Edge(base, Relation.ADJECTIVE, irregular=False)
        for base in wordnet.pertains_to.get(word, ())
        if word in wordnet.adjectives and base in words and word in spelling.y_forms(base)
    ]
    # An -ess noun is a kind of its base (lioness: lion) or a sibling of it
    # (princess and prince are both aristocrats); spelling alone would make
    # a MATTRESS of MATTER.
    hypernyms = wordnet.hypernyms.get(word, set())
    edges.extend(
        Edge(base, Relation.GENDER, irregular=False)
        for base in spelling.ess_bases(word)
        if base in words and (base in hypernyms or hypernyms & wordnet.hypernyms.get(base, set()))
    )
    return edges


def spelling_edges(word: str, american: dict[str, int]) -> list[Edge]:
    return [
        Edge(spelled, Relation.SPELLING, irregular=False)
        for spelled in sorted(spelling.american_spellings(word, american))
    ]


def family_table(
    ordered: list[str], edges: dict[str, list[Edge]], ruleset: Ruleset
) -> tuple[list[int], list[int], list[int]]:
    index = {word: i for i, word in enumerate(ordered)}
    allowed, irregular_ok = RELATIONS[ruleset], IRREGULAR[ruleset]
    offsets, ancestors, relations = [0], [], []
    for word in ordered:
        # reached: ancestor -> (steps, relation of the first step)
        reached: dict[str, tuple[int, Relation]] = {}
        frontier: list[tuple[str, int, Relation | None]] = [(word, 0, None)]
        for stage in STAGES:
            grown = [
                (edge.parent, steps + 1, first or edge.relation)
                for node, steps, first in frontier
                for edge in edges.get(node, ())
                if edge.relation in stage
                and edge.relation in allowed
                and (not edge.irregular or edge.relation in irregular_ok)
            ]
            frontier += grown
        for node, steps, first in frontier:
            if (
                first is not None
                and node != word
                and (node not in reached or steps < reached[node][0])
            ):
                reached[node] = (steps, first)
        for node in sorted(reached, key=index.__getitem__):
            steps, first = reached[node]
            ancestors.append(index[node])
            relations.append(int(first) | (CHAINED if steps > 1 else 0))
        offsets.append(len(ancestors))
    return offsets, ancestors, relations


def build(output_dir: Path, glosses_dir: Path) -> Path:
    words, british = read_lists()
    refused = read_refused(words)
    wordnet = read_wordnet()
    ordered = sorted(words)
    american = {word: level for word, level in words.items() if word not in british}
    edges: dict[str, list[Edge]] = {}
    for word in ordered:
        found = inflection_edges(word, words)
        if word in british:
            found += spelling_edges(word, american)
        if found:
            edges[word] = found
    participles = {
        word
        for word, found in edges.items()
        if any(e.relation in (Relation.TENSE, Relation.GERUND) for e in found)
        and word.endswith(("ed", "ing"))
    }
    for word in ordered:
        extra = adverb_edges(word, words, wordnet, participles)
        extra += derivation_edges(word, words, wordnet)
        if extra:
            edges.setdefault(word, []).extend(extra)
    families = {ruleset: family_table(ordered, edges, ruleset) for ruleset in Ruleset}
    output_dir.mkdir(parents=True, exist_ok=True)
    target = output_dir / DATA_FILE
    levels = [words[w] for w in ordered]
    data = pack(ordered, levels, [w in british for w in ordered], families, refused)
    target.write_bytes(data)
    (output_dir / DIGEST_FILE).write_text(unpack(data).digest + "\n", "ascii")
    build_glosses(ordered, glosses_dir)
    shutil.copyfile(SCOWL_COPYRIGHT, output_dir / "SCOWL-COPYRIGHT")
    shutil.copyfile(WORDNET_LICENSE, glosses_dir / "WORDNET-LICENSE")
    print(f"{len(ordered)} words ({len(british)} British spellings), {len(refused)} refused")
    print(f"{len(edges)} words are forms of others")
    print(f"wrote {target} ({target.stat().st_size} bytes)")
    return target


# Glosses: one short meaning per word, the sense a table would have in mind.
POS_NUMBERS: Final = {"n": 1, "v": 2, "a": 3, "s": 5, "r": 4}
INDEX_FILES: Final = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
# Lexicographer files of people, places and groups: where WordNet keeps proper nouns
# (noun.group 14, noun.location 15, noun.person 18).
PROPER_FILES: Final = frozenset({14, 15, 18})
GLOSS_LENGTH: Final = 80


@dataclass(frozen=True, slots=True)
class Sense:
    pos: str
    lemmas: tuple[str, ...]
    """As WordNet writes them: case kept, underscores for spaces."""
    lex_ids: tuple[int, ...]
    lexfile: int
    instance: bool
    """A named individual (a city, a king): never the sense that makes a word a word."""
    members: tuple[tuple[str, int], ...]
    """A genus's members (pointer %m): its meaning is theirs."""
    gloss: str


def read_senses() -> dict[tuple[str, int], Sense]:
    senses: dict[tuple[str, int], Sense] = {}
    for pos_name in ("noun", "verb", "adj", "adv"):
        for line in (WORDNET_DIR / f"data.{pos_name}").read_text(encoding="latin-1").splitlines():
            if line.startswith("  "):
                continue  # licence header
            head, _, gloss = line.partition(" | ")
            fields = head.split()
            offset, lexfile, pos = int(fields[0]), int(fields[1]), fields[2]
            count = int(fields[3], 16)
            lemmas = tuple(re.sub(r"\(.*\)$", "", fields[4 + 2 * i]) for i in range(count))
            lex_ids = tuple(int(fields[5 + 2 * i], 16) for i in range(count))
            at = 4 + 2 * count
            pointers = [fields[at + 1 + 4 * i : at + 5 + 4 * i] for i in range(int(fields[at]))]
            key_pos = "a" if pos == "s" else pos
            senses[(key_pos, offset)] = Sense(
                pos,
                lemmas,
                lex_ids,
                lexfile,
                instance=any(p[0] == "@i" for p in pointers),
                members=tuple((p[2], int(p[1])) for p in pointers if p[0] == "%m"),
                gloss=gloss.strip(),
            )
    return senses


def read_sense_counts() -> dict[str, int]:
    """How often each sense was seen in WordNet's tagged texts, by the sense key's
    lemma%pos:file:id (a satellite's head word left out)."""
    counts: dict[str, int] = defaultdict(int)
    for line in (WORDNET_DIR / "cntlist.rev").read_text(encoding="latin-1").splitlines():
        key, _number, count = line.split()
        counts[":".join(key.split(":")[:3])] += int(count)
    return counts


def sense_count(word: str, sense: Sense, counts: dict[str, int]) -> int:
    for lemma, lex_id in zip(sense.lemmas, sense.lex_ids, strict=True):
        if lemma.lower() == word:
            key = f"{word}%{POS_NUMBERS[sense.pos]}:{sense.lexfile:02d}:{lex_id:02d}"
            return counts.get(key, 0)
    return 0


def commonness(word: str, sense: Sense) -> int:
    """0 for a sense WordNet writes in lower case (john: a toilet); 1 for one with a lower-case
    synonym (English, side: spin on a ball); 2 for another common sense; 3 for a proper noun's
    (Paris, the capital of France): the lower the likelier a table means it."""
    if any(lemma == word for lemma in sense.lemmas):
        return 0
    if sense.instance or (sense.lexfile in PROPER_FILES and sense.pos == "n"):
        return 3
    if any(lemma.islower() and "_" not in lemma for lemma in sense.lemmas):
        return 1
    return 2


def short_gloss(gloss: str) -> str:
    """The definition without its examples, cut to GLOSS_LENGTH at a word."""
    text = gloss.split("; ")[0].split(' "')[0].strip().rstrip(";:,")
    if len(text) <= GLOSS_LENGTH:
        return text
    return text[: text.rfind(" ", 0, GLOSS_LENGTH - 1)].rstrip(",;:") + "…"


def meaning_of(sense: Sense, senses: dict[tuple[str, int], Sense]) -> str:
    """A genus (genus Paris) means what its members are (herb Paris, a European herb)."""
    if any(lemma.lower().startswith("genus_") for lemma in sense.lemmas) and sense.members:
        member_pos, offset = sense.members[0]
        member = senses[(member_pos, offset)]
        return f"{member.lemmas[0].replace('_', ' ')}, {short_gloss(member.gloss)}"
    return short_gloss(sense.gloss)


def read_glosses(words: Iterable[str]) -> dict[str, str]:
    """Each word's likeliest common meaning: lower-case senses first, then the most used."""
    senses = read_senses()
    counts = read_sense_counts()
    order: dict[str, list[tuple[str, int]]] = defaultdict(list)
    for pos, name in INDEX_FILES.items():
        for line in (WORDNET_DIR / f"index.{name}").read_text(encoding="latin-1").splitlines():
            if line.startswith("  "):
                continue
            fields = line.split()
            synsets = int(fields[2])
            order[fields[0]].extend((pos, int(o)) for o in fields[-synsets:])
    glosses: dict[str, str] = {}
    for word in words:
        found = order.get(word)
        if not found:
            continue
        ranked = sorted(
            enumerate(found),
            key=lambda item: (
                commonness(word, senses[item[1]]),
                -sense_count(word, senses[item[1]], counts),
                item[0],
            ),
        )
        glosses[word] = meaning_of(senses[ranked[0][1]], senses)
    return glosses


def build_glosses(words: Iterable[str], output_dir: Path) -> Path:
    glosses = read_glosses(words)
    output_dir.mkdir(parents=True, exist_ok=True)
    target = output_dir / GLOSS_FILE
    target.write_bytes(pack_glosses(glosses))
    print(f"{len(glosses)} meanings; wrote {target} ({target.stat().st_size} bytes)")
    return target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--output-dir", type=Path, default=OUTPUT_DIR, help="where the word list goes"
    )
    parser.add_argument(
        "--glosses-dir", type=Path, default=GLOSSES_DIR, help="where the meanings go (Wordsy's)"
    )
    parser.add_argument(
        "--glosses-only",
        action="store_true",
        help="rebuild only the meanings, for the word list already in the data folder",
    )
    args = parser.parse_args()
    if args.glosses_only:
        build_glosses(load_lexicon().words, args.glosses_dir)
        return
    build(args.output_dir, args.glosses_dir)


if __name__ == "__main__":
    main()
