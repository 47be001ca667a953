"""The one name rule (docs/RULES.md, "Players and seats"), and hostile text in the rules."""

import string
import subprocess
import sys

import pytest

from tests.games.wordsy.rules.table import SALT, Table
from tests.hostile import PAYLOADS, wrapped
from wordsy_tui.engine import names
from wordsy_tui.engine.names import (
    MAX_NAME_LENGTH,
    MAX_NAME_WIDTH,
    name_problem,
    normal_name,
    same_name,
)
from wordsy_tui.engine.sealed import commit
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules import errors
from wordsy_tui.games.wordsy.rules.config import Difficulty, GameConfig

# Pairs people take for one another: each would let an impostor sit beside the real player.
LOOKALIKES = [
    ("Ann", "ann"),  # case
    ("Ann", "\uff21\uff2e\uff2e"),  # width (fullwidth letters)
    ("Ann", "\u0410nn"),  # Cyrillic capital A
    ("Olga", "\u039flga"),  # Greek capital Omicron
    ("OLGA", "0LGA"),  # digit zero
    ("Al", "AI"),  # capital I and small L
    ("Al", "aI"),  # ... and small L, whose capital is L
    ("Alice", "ALICE"),  # case, with an I, which the confusables table maps to "l"
    ("Kim", "KIM"),
    ("LIAM", "Liam"),
    ("ALICE", "alice"),
    ("lan", "Ian"),  # small L and capital I
    ("Emma", "Ernrna"),  # "rn" for "m"
    ("Bera", "\u0412\u0435r\u0430"),  # Cyrillic Ve (looks like B), ie, a
    ("Ann B", "Ann  B"),  # spacing
]


@pytest.mark.parametrize(("seated", "newcomer"), LOOKALIKES)
def test_a_lookalike_of_a_seated_name_is_the_same_name(seated, newcomer):
    newcomer = normal_name(newcomer)
    problem = name_problem(newcomer, [seated])
    assert isinstance(problem, errors.NameTaken)
    assert "taken" in str(problem)


@pytest.mark.parametrize(
    ("one", "other"),
    [("Zoë", "Zoe"), ("Ann", "Anna"), ("Yan", "Ian"), ("Kim", "Klm"), ("Liam", "Llam")],
)
def test_names_that_read_differently_are_different(one, other):
    assert not same_name(one, other)
    assert name_problem(other, [one]) is None


@pytest.mark.parametrize("letter", string.ascii_lowercase)
def test_every_letter_is_the_same_letter_in_either_case(letter):
    small = f"Ma{letter}o"
    spellings = [small, small.upper(), small.lower(), small.title(), small.swapcase()]
    for one in spellings:
        for other in spellings:
            assert same_name(one, other), (one, other)
            if one != other:
                assert isinstance(name_problem(other, [one]), errors.NameTaken), (one, other)


def test_a_name_is_printable_nfkc_and_of_one_length_limit():
    assert name_problem("A" * MAX_NAME_LENGTH) is None
    too_long = name_problem("A" * (MAX_NAME_LENGTH + 1))
    assert isinstance(too_long, errors.BadName)
    assert str(MAX_NAME_LENGTH) in str(too_long)
    assert isinstance(name_problem(""), errors.BadName)
    assert isinstance(name_problem(" Ann"), errors.BadName)
    assert isinstance(name_problem("\uff21\uff2e\uff2e"), errors.BadName), (
        "not NFKC: the client normalises"
    )
    assert normal_name("  \uff21\uff2e\uff2e ") == "ANN"


def test_a_name_is_bounded_by_its_width_on_screen():
    assert name_problem("\u6f22" * (MAX_NAME_WIDTH // 2)) is None  # ten CJK characters
    too_wide = name_problem("\u6f22" * (MAX_NAME_WIDTH // 2 + 1))
    assert isinstance(too_wide, errors.BadName)
    assert "wide" in str(too_wide)
    # One terminal cell each, but each draws a whole phrase across its neighbours.
    for phrase in ("\ufdfd", "\ufd40", "\ufdff"):
        assert isinstance(name_problem(phrase * MAX_NAME_LENGTH), errors.BadName)
        assert isinstance(name_problem(f"Ann{phrase}"), errors.BadName)


@pytest.mark.parametrize("payload", [*PAYLOADS.values(), "\u200b", "\t"])
def test_a_name_with_control_or_format_characters_is_refused_with_a_typed_error(payload):
    problem = name_problem(wrapped(payload), [])
    assert isinstance(problem, errors.ControlCharacters)
    assert str(problem).isprintable(), "the refusal itself shows the characters escaped"


@pytest.mark.parametrize("name", ["Bot 1 (easy)", "bot 12 (hard)", "B0t 3 (medium)", "Bot l (x)"])
def test_the_computer_players_names_are_kept_for_them(name):
    assert isinstance(name_problem(name, []), errors.BadName)
    assert name_problem(name, [], bot=True) is None


@pytest.mark.parametrize("name", ["Bot", "Bottle", "Bot Bob", "Robot 1 (easy)"])
def test_names_merely_starting_like_a_bot_are_fine(name):
    assert name_problem(name, []) is None


def test_the_game_refuses_a_lookalike_and_a_bot_name_and_seats_the_host_bot():
    table = Table(players=("Ann",), config=GameConfig(max_players=4))
    with pytest.raises(errors.NameTaken):
        table.do(cmd.JoinGame("\u0410nn"))
    with pytest.raises(errors.BadName):
        table.do(cmd.JoinGame("Bot 1 (easy)"))
    table.do(cmd.JoinGame("Bot 1 (easy)", bot=True))
    with pytest.raises(errors.NameTaken):
        table.do(cmd.JoinGame("B0t 1 (easy)", bot=True))
    assert table.state.players == ("Ann", "Bot 1 (easy)")


def test_a_solo_player_is_only_checked_for_being_a_name():
    table = Table(players=(), config=GameConfig(solo=Difficulty.NORMAL))
    table.do(cmd.JoinGame("Bot 1 (easy)"))
    assert table.state.players == ("Bot 1 (easy)",)


@pytest.mark.parametrize("payload", PAYLOADS.values(), ids=PAYLOADS.keys())
def test_a_revealed_word_with_control_characters_is_refused_not_judged(payload):
    table = Table(players=("Ann", "Bob"))
    table.start()
    word = wrapped(payload, "PLANT")
    table.do(cmd.WriteWord("Ann", commit(word, SALT)))
    table.write("Bob", "WORDS")
    table.do(cmd.LockIn("Ann"))
    table.do(cmd.LockIn("Bob"))
    logged = len(table.log)
    with pytest.raises(errors.ControlCharacters) as refused:
        table.do(cmd.RevealWord("Ann", word, SALT))
    assert len(table.log) == logged, "nothing of it is logged"
    assert str(refused.value).isprintable()
    assert not table.state.draft("Ann").revealed
    table.do(cmd.RevealWord("Bob", "WORDS", SALT))  # the others go on
    assert table.state.draft("Bob").word == "WORDS"


def test_the_confusables_table_is_read_without_keeping_the_packages_copy():
    # The package's module holds the whole table, every character's name included (about
    # 8 MB a host kept for its life); the game reads the package's file and keeps only
    # its prototypes. A fresh interpreter, so no other test has imported the module.
    probe = (
        "import sys\n"
        "from wordsy_tui.engine.names import same_name\n"
        "assert same_name('\\u0410nn', 'Ann')\n"
        "print(sorted(m for m in sys.modules if m in ('confusable_homoglyphs.confusables', "
        "'urllib.request')))\n"
    )
    assert printed_by(probe) == "[]"


def printed_by(program: str) -> str:
    """What `program` prints, run in a fresh interpreter."""
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_a_character_is_looked_up_in_the_confusables_when_a_name_first_holds_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Seating a table's first players is on the way to a solo game's first frame: it works
    # out the prototypes of the characters it compares, not the whole table's thousands.
    table = names._Confusables()
    monkeypatch.setattr(names, "_confusables", lambda: table)
    assert names.same_name("B\u043eb", "Bob")  # a Cyrillic o
    assert names.name_problem("Ann", ["Bot 1 (easy)"]) is None
    assert len(table._prototype) < 40


def test_asciis_lookalikes_written_out_are_the_tables() -> None:
    table = names._Confusables()
    for char in map(chr, range(128)):
        assert names.ASCII_PROTOTYPES.get(char, char) == table.prototype(char), repr(char)


def test_names_in_ascii_sit_down_without_reading_the_confusables_table() -> None:
    # A hosting player's name and a solo game's computer players are on the way to a first
    # frame. A fresh interpreter: this one's table may have been read by another test.
    probe = (
        "from wordsy_tui.engine import names\n"
        "assert names.name_problem('Hal', ['Bot 1 (easy)', 'Bot 2 (hard)']) is None\n"
        "assert names.name_problem('B0t 1 (easy)', []) is not None\n"
        "assert names.name_problem('AI', ['Al']) is not None\n"
        "print(names._confusables.cache_info().currsize)\n"
    )
    assert printed_by(probe) == "0"
