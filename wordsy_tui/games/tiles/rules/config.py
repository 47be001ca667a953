"""Options fixed when a tile game is created."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import Final

from wordsy_tui.games.tiles.rules.rulesets import RULES, ChallengeRule, GameName, Rules
from wordsy_tui.text import shown

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
"""The boxed game's four racks (rulebook 002)."""
DEFAULT_TURN_SECONDS: Final = 300
"""Five minutes a turn: room to think over a rack, yet a player who walked away costs the
table only this long (docs/RULES.md, "The turn limit")."""
MIN_TURN_SECONDS: Final = 10
MAX_TURN_SECONDS: Final = 24 * 3600
CHALLENGE_SECONDS: Final = 60
"""The longest a play waits for the table to challenge it or let it stand (Scrabble)."""
VOTE_SECONDS: Final = 30
"""The longest the table's vote on a challenge runs (Wordsy's vote has the same default)."""
TOURNAMENT_EXCHANGE_BAG: Final = 7
"""Tournament rules: the fewest tiles the bag must hold for an exchange."""
LEXICON_SHORT: Final = 12
"""Hex digits of a word list's hash shown to players: enough to tell two lists apart."""

# The game clock (docs/RULES.md, "Game clocks"): off unless the host sets one.
MAX_CLOCK_MINUTES: Final = 180
MAX_INCREMENT_SECONDS: Final = 600
DEFAULT_OVERTIME_MINUTES: Final = 10
"""NASPA's and WESPA's most a clock may run over before its player loses on time."""
MAX_OVERTIME_MINUTES: Final = 60


def club_options(game: GameName) -> bool:
    """Whether `game` takes the club and tournament options (the challenge rule, the table's
    vote, tournament going out and exchanges): Scrabble, whose words stand until
    challenged. The other games refuse a word when it is played and end as their own
    rulebooks say."""
    return RULES[game].challenges


@dataclass(frozen=True, slots=True)
class TileGameConfig:
    game: GameName = GameName.SCRABBLE
    random_board: bool = False
    """Wordfeud's random board: premiums shuffled at the start (see rulesets.random_layout)."""
    max_players: int = MAX_PLAYERS
    turn_seconds: int = DEFAULT_TURN_SECONDS
    """The host's limit on a turn: when it has passed, the host passes for the player."""
    table_vote: bool = False
    """Scrabble: a challenge goes to the table's vote, the word list advising (as in Wordsy);
    off, the word list decides at once. The other games have no challenges to vote on:
    `decide` refuses to create one of them with it."""
    challenge: ChallengeRule = ChallengeRule.DOUBLE
    """Scrabble: what a failed challenge costs, or (void) no challenges at all."""
    tournament_out: bool = False
    """Scrabble: going out scores twice the racks left, and nobody loses their own."""
    tournament_exchange: bool = False
    """Scrabble: an exchange needs at least `TOURNAMENT_EXCHANGE_BAG` tiles in the bag."""
    # -- the word list (`host --lexicon FILE`) --
    lexicon_name: str = ""
    """The host's own word list's file name (empty: the shipped list); every player sees
    it, and only it and its hash: the list itself never leaves the host. Also the name an
    imported GCG record's `#lexicon` gives."""
    lexicon_hash: str = ""
    """The SHA-256 (hex) of that list's words (`tiles.wordfile`), empty with the shipped
    list: a resumed game checks the file it is given against it. A game imported from GCG
    has the name its `#lexicon` gave and no hash (its tool judged the words)."""
    # -- the game clock: each player's time for the whole game (0 minutes: no clock) --
    clock_minutes: int = 0
    clock_increment: int = 0
    """Seconds added to a player's clock after each of their turns."""
    overtime_minutes: int = DEFAULT_OVERTIME_MINUTES
    """How far a clock may run over (10 points a started minute) before its player loses
    on time."""

    @property
    def clocked(self) -> bool:
        return self.clock_minutes > 0

    def clock_label(self) -> str:
        """The clock in a few words: "25 min clock +5 s, 10 min overtime"."""
        increment = f" +{self.clock_increment} s" if self.clock_increment else ""
        return f"{self.clock_minutes} min clock{increment}, {self.overtime_minutes} min overtime"

    @property
    def challenge_seconds(self) -> int:
        """The limit on the challenge window: never longer than a turn."""
        return min(CHALLENGE_SECONDS, self.turn_seconds)

    @property
    def vote_seconds(self) -> int:
        """The limit on the table's vote: never longer than a turn."""
        return min(VOTE_SECONDS, self.turn_seconds)

    @property
    def rules(self) -> Rules:
        """The game's rules as the host's options change them: every rule asks these."""
        return _rules(self.game, self.challenge, self.tournament_out, self.tournament_exchange)

    def options(self) -> tuple[str, ...]:
        """The options the table plays with, each in a few words: Scrabble's challenge rule
        and the options on top of it, Wordfeud's random board, a word list not the
        shipped one, the game clock."""
        listed = self.lexicon_options()
        clock = (self.clock_label(),) if self.clocked else ()
        if not club_options(self.game):
            return (*listed, *(("random board",) if self.random_board else ()), *clock)
        chosen = {
            "table vote": self.table_vote,
            "going out scores 2x": self.tournament_out,
            f"exchange with {TOURNAMENT_EXCHANGE_BAG}+ in the bag": self.tournament_exchange,
        }
        return (
            self.challenge.label,
            *(words for words, on in chosen.items() if on),
            *listed,
            *clock,
        )

    def lexicon_options(self) -> tuple[str, ...]:
        """The host's own word list, by name and short hash (none for the shipped list)."""
        if not self.lexicon_name:
            return ()
        short = self.lexicon_hash[:LEXICON_SHORT]
        return (" ".join(("word list", shown(self.lexicon_name), short)).strip(),)

    def summary(self) -> str:
        """The options in one line, for the LAN's list."""
        return ", ".join(self.options()) or "standard"

    def problem(self) -> str | None:
        """Why this game cannot be played with these options, or None."""
        base = RULES[self.game]
        changed = (
            self.table_vote
            or self.challenge is not ChallengeRule.DOUBLE
            or self.tournament_out
            or self.tournament_exchange
        )
        if changed and not club_options(self.game):
            return (
                f"{base.title} refuses a word not in the word list when it is played and "
                "ends as its rulebook says: the challenge rules, the table's vote and the "
                "tournament options are Scrabble's."
            )
        if (self.lexicon_hash and not self.lexicon_name) or not _hex_hash(self.lexicon_hash):
            return "A word list of the host's own is named with its SHA-256 (64 hex digits)."
        if self.table_vote and self.challenge is ChallengeRule.VOID:
            return "Under the void rule nothing is challenged, so there is nothing to vote on."
        return self.clock_problem()

    def clock_problem(self) -> str | None:
        """Why the game clock's settings cannot be played, or None."""
        bounds = (
            ("The clock", self.clock_minutes, 0, MAX_CLOCK_MINUTES, "minutes"),
            ("The increment", self.clock_increment, 0, MAX_INCREMENT_SECONDS, "seconds"),
            ("The overtime", self.overtime_minutes, 0, MAX_OVERTIME_MINUTES, "minutes"),
        )
        for what, value, least, most, unit in bounds:
            if not least <= value <= most:
                return f"{what} is {least} to {most} {unit}, not {value}."
        if self.clock_increment and not self.clocked:
            return "An increment needs a clock to add to."
        return None


def _hex_hash(text: str) -> bool:
    """Whether `text` is empty or a SHA-256 in lower-case hex."""
    return not text or (len(text) == 64 and all(c in "0123456789abcdef" for c in text))


@cache
def _rules(game: GameName, challenge: ChallengeRule, out: bool, exchange: bool) -> Rules:
    base = RULES[game]
    if not club_options(game):
        return base
    fewest = max(base.exchange_min_bag, TOURNAMENT_EXCHANGE_BAG) if exchange else None
    return replace(
        base,
        challenges=challenge is not ChallengeRule.VOID,
        challenge=challenge,
        out_doubled=out,
        exchange_min_bag=base.exchange_min_bag if fewest is None else fewest,
    )
