"""The one seam, over every game: random games driven through each game's `Rules` on the
generic host (`HostedRules`), each recipient reading its views through the generic
client fold (`Stream`), must leave every recipient with the rules' own view of the state,
and no seat with another seat's secret."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import pytest

from net import client as net_client
from tests.games.tiles.rules.test_movegen import WORDS
from tests.games.tiles.rules.test_view import assert_counts_only
from tests.games.wordnerds.tables import everyday_finder, secrets_kept, view_keeps_secrets
from tests.games.wordsmith.table import LEXICON, random_turn
from wordsy_tui.engine.levels import Level
from wordsy_tui.engine.sealed import commit
from wordsy_tui.games.tiles.rules import commands as tcmd
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.rules.dawg import build_dawg
from wordsy_tui.games.tiles.rules.movegen import generate
from wordsy_tui.games.tiles.rules.rulesets import BLANK, GameName
from wordsy_tui.games.tiles.rules.state import HIDDEN, Phase, TileGameState
from wordsy_tui.games.tiles.seam import TileRules
from wordsy_tui.games.wordnerds.rules import commands as ncmd
from wordsy_tui.games.wordnerds.rules.bids import Bid
from wordsy_tui.games.wordnerds.rules.bots import STYLES, Bot, next_move
from wordsy_tui.games.wordnerds.rules.config import NerdsConfig
from wordsy_tui.games.wordnerds.rules.legal import legal_bids, may_reveal
from wordsy_tui.games.wordnerds.rules.state import NerdsState
from wordsy_tui.games.wordnerds.rules.view import state_for as nerds_view
from wordsy_tui.games.wordnerds.seam import NerdsRules
from wordsy_tui.games.wordsmith.rules import commands as mcmd
from wordsy_tui.games.wordsmith.rules import events as mev
from wordsy_tui.games.wordsmith.rules.config import WordsmithConfig
from wordsy_tui.games.wordsmith.rules.sheet import started
from wordsy_tui.games.wordsmith.rules.state import Phase as SmithPhase
from wordsy_tui.games.wordsmith.rules.state import WordsmithState
from wordsy_tui.games.wordsmith.rules.turn import Turn, turn_text
from wordsy_tui.games.wordsmith.seam import WordsmithRules
from wordsy_tui.games.wordsy.host import captain_starts
from wordsy_tui.games.wordsy.rules import commands as wcmd
from wordsy_tui.games.wordsy.rules.config import GameConfig
from wordsy_tui.games.wordsy.seam import wordsy_rules
from wordsy_tui.table.seam import HostedRules, Stream

SEATS = ("ann", "bob", "cy")
RECIPIENTS: tuple[str | None, ...] = (*SEATS, None)
TILE_DAWG = build_dawg(WORDS)


@dataclass(frozen=True)
class Game:
    name: str
    host: Callable[[int], HostedRules[Any, Any, Any]]
    opening: Sequence[tuple[str | None, object]]
    """(sender, command): the table created, everyone seated, the game started."""
    moves: Callable[[Any, str], list[object]]
    """What a seat may do besides its rules' `legal_commands` (the tile games' plays)."""
    secret_free: Callable[[Any, str | None], None]
    """Asserts a recipient's view hides the others' secrets."""
    event_secret_free: Callable[[Any, str | None], None]
    """Asserts an event as a recipient got it hides the others' secrets."""
    known: Callable[[Any, str | None], Any]
    """A recipient's view as the rules' state view writes it (a fold may know more)."""


def no_moves(state: Any, seat: str) -> list[object]:
    return []


def nothing_hidden(view: Any, recipient: str | None) -> None:
    """Wordsy has no secret on the host: a word travels as a commitment until revealed."""


def as_is(view: Any, recipient: str | None) -> Any:
    return view


def tile_plays(state: TileGameState, seat: str) -> list[object]:
    if state.turn != seat or state.pending is not None:
        return []
    moves = generate(state.board, state.rack(seat), state.rules, TILE_DAWG, state.premiums)
    return [tcmd.Play(move.placement) for move in moves[:5]]


def only_own_rack(view: TileGameState, recipient: str | None) -> None:
    """Another player's rack shows no tile but those of its plays withdrawn in plain sight."""
    assert not view.bag  # before the game an empty bag, after its first draws none at all
    if view.phase is Phase.OVER:
        return
    for player, rack in view.racks.items():
        if player != recipient:
            withdrawn = Counter(
                BLANK if letter.islower() else letter
                for turn in view.turns
                if turn.player == player and turn.kind == "withdrawn"
                for _, letter in turn.placement
            )
            assert not Counter(t for t in rack if t != HIDDEN) - withdrawn, (player, recipient)


def tiles_known(view: TileGameState, recipient: str | None) -> TileGameState:
    """Before the game a fold's bag is empty where the rules' view says none (both say
    nothing); and a fold still knows the tiles of a play withdrawn after a challenge, which
    went back to their player's rack in plain sight, where the rules' view (a snapshot)
    shows every other rack as counts."""
    if view.phase is Phase.OVER:
        return replace(view, bag=view.bag or None)
    racks = {p: r if p == recipient else (HIDDEN,) * len(r) for p, r in view.racks.items()}
    return replace(view, bag=view.bag or None, racks=racks)


def wordsy() -> Game:
    return Game(
        "wordsy",
        lambda seed: HostedRules(
            wordsy_rules(), random.Random(seed), captain="ann", house_rule=captain_starts
        ),
        [
            (None, wcmd.CreateGame(GameConfig(max_players=3))),
            *((seat, wcmd.JoinGame(seat)) for seat in SEATS),
            ("ann", wcmd.StartGame()),
        ],
        no_moves,
        nothing_hidden,
        nothing_hidden,
        as_is,
    )


def tiles(game: GameName, table_vote: bool = False) -> Game:
    config = TileGameConfig(game, max_players=3, table_vote=table_vote)
    return Game(
        game.value,
        lambda seed: HostedRules(TileRules(frozenset(WORDS)), random.Random(seed)),
        [
            (None, tcmd.CreateGame(config)),
            *((seat, tcmd.JoinGame()) for seat in SEATS),
            ("ann", tcmd.StartGame()),
        ],
        tile_plays,
        only_own_rack,
        assert_counts_only,
        tiles_known,
    )


def smith_turn(state: WordsmithState, seat: str) -> tuple[Turn, bytes]:
    """The turn `seat` chooses this round, and its salt: the same at the reveal as when it
    was sealed (a seat's sheet changes only with its own turn)."""
    turn = random_turn(state, seat, random.Random(f"{seat} {state.round}"))
    return turn, f"{seat} {state.round}".encode()


SMITH_PLAYS = 12
"""How many times likelier a seat is to play its turn than to leave (its legal command):
the random games last most of their twelve rounds."""


def smith_turns(state: WordsmithState, seat: str) -> list[object]:
    """A seat seals its turn while choosing, and reveals it once choosing closes."""
    if state.phase is SmithPhase.CHOOSING and seat in state.waiting_on():
        turn, salt = smith_turn(state, seat)
        return [mcmd.Seal(commit(turn_text(turn), salt))] * SMITH_PLAYS
    if state.phase is SmithPhase.REVEAL and seat in state.waiting_on():
        return [mcmd.Reveal(*smith_turn(state, seat))] * SMITH_PLAYS
    return []


def only_own_sheet(view: WordsmithState, recipient: str | None) -> None:
    """With hidden sheets, another player's sheet shows only its start squares and goals
    until the end."""
    if view.phase in (SmithPhase.NEW, SmithPhase.LOBBY, SmithPhase.OVER):
        return
    blank = started(*view.start)
    for player, sheet in view.sheets.items():
        if player != recipient:
            assert (sheet.letters, sheet.circled, sheet.words) == (
                blank.letters,
                blank.circled,
                blank.words,
            ), (player, recipient)


def no_others_turn(event: Any, recipient: str | None) -> None:
    if isinstance(event, mev.TurnPlayed) and event.player != recipient:
        assert (event.turn, event.steps, event.spent) == (None, None, None)


def wordsmith() -> Game:
    config = WordsmithConfig(max_players=3, open_sheets=False)
    return Game(
        "wordsmith",
        lambda seed: HostedRules(WordsmithRules(LEXICON), random.Random(seed)),
        [
            (None, mcmd.CreateGame(config)),
            *((seat, mcmd.JoinGame()) for seat in SEATS),
            ("ann", mcmd.StartGame()),
        ],
        smith_turns,
        only_own_sheet,
        no_others_turn,
        as_is,
    )


NERDS_SEALED: dict[bytes, tuple[Bid, bytes]] = {}
"""Each bid the random games sealed, by commitment: what its program opens."""


def nerds_moves(state: NerdsState, seat: str) -> list[object]:
    """A seat seals a bid (a few of its legal ones) while bidding, opens it once every bid
    is sealed, and otherwise does what a computer player would (words, trumps, cards)."""
    if may_reveal(state, seat):
        return [ncmd.reveal_bid(*NERDS_SEALED[state.sealed[seat]])] * 12
    moves: list[object] = []
    for bid in legal_bids(state, seat)[:3]:
        salt = f"{seat} {state.turn} {bid.text}".encode()
        sealed = ncmd.seal_bid(bid, salt)
        NERDS_SEALED[sealed.commitment] = (bid, salt)
        moves.append(sealed)
    bot = Bot(seat, STYLES[Level.HARD], everyday_finder())
    move = next_move(nerds_view(state, seat), bot)
    if move is not None and not isinstance(move, Bid):
        moves += [move] * 3
    return moves


def wordnerds() -> Game:
    return Game(
        "wordnerds",
        lambda seed: HostedRules(NerdsRules(frozenset(WORDS)), random.Random(seed)),
        [
            (None, ncmd.CreateGame(NerdsConfig(max_players=3))),
            *((seat, ncmd.JoinGame()) for seat in SEATS),
            ("ann", ncmd.StartGame()),
        ],
        nerds_moves,
        view_keeps_secrets,
        secrets_kept,
        as_is,
    )


GAMES = {
    "wordsy": wordsy(),
    "wordnerds": wordnerds(),
    "wordsmith": wordsmith(),
    "scrabble": tiles(GameName.SCRABBLE, table_vote=True),
    "wwf": tiles(GameName.WWF),
    "wordfeud": tiles(GameName.WORDFEUD),
}


class Recipient:
    """One seat's (or the spectators') program: its view, read through the generic fold."""

    def __init__(self, host: HostedRules[Any, Any, Any], name: str | None) -> None:
        self.name = name
        self.stream = Stream(host.rules)
        folded = self.stream.fold(host.rules.fresh(), net_client.Reset(0, None))
        assert folded is not None
        self.view = folded[0]

    def receive(self, host: HostedRules[Any, Any, Any], seq: int, wire: dict[str, Any]) -> Any:
        seen = host.view(wire, self.name)
        assert seen is not None
        whole = host.rules.event_for(host.rules.decode_event(wire), self.name)
        # What the recipient may see whole is the host's very map (packed once for all).
        assert (seen is wire) is (whole == host.rules.decode_event(wire))
        folded = self.stream.fold(self.view, net_client.Event(seq, seen))
        assert folded is not None
        self.view, (event,) = folded
        assert self.stream.seq == seq
        return event


def play(game: Game, seed: int, steps: int) -> tuple[HostedRules[Any, Any, Any], list[Recipient]]:
    """A random game: each step a random seat's random legal command, or the host's alarm.
    After each command, every recipient's fold is the rules' view of the host's state."""
    rng = random.Random(seed)
    host = game.host(seed)
    rules = host.rules
    recipients = [Recipient(host, name) for name in RECIPIENTS]
    seq = 0

    def send(sender: str | None, command: object) -> None:
        nonlocal seq
        for wire in host.decide(sender, rules.encode(command)):
            host.evolve(wire)
            seq += 1
            for recipient in recipients:
                event = recipient.receive(host, seq, wire)
                game.event_secret_free(event, recipient.name)
        # (Between the events of one command a view may know what the next event hides.)
        for recipient in recipients:
            expected = rules.state_for(host.state, recipient.name)
            assert game.known(recipient.view, recipient.name) == expected
            game.secret_free(recipient.view, recipient.name)

    for sender, command in game.opening:
        send(sender, command)
    for _ in range(steps):
        options: list[tuple[str | None, object]] = [
            (seat, command)
            for seat in SEATS
            for command in [
                *rules.legal_commands(host.state, seat),
                *game.moves(host.state, seat),
            ]
        ]
        alarm = rules.alarm(host.state)
        if alarm is not None:
            options.append((None, alarm.command))
        if not options:
            break
        send(*rng.choice(options))
    return host, recipients


@pytest.mark.parametrize("name", GAMES)
def test_every_recipients_fold_of_its_views_is_the_rules_view(name):
    game = GAMES[name]
    for seed in (1, 2):
        host, recipients = play(game, seed, steps=120)
        rules = host.rules
        assert rules.name(host.state) == game.name
        for recipient in recipients:
            expected = rules.state_for(host.state, recipient.name)
            # A program that comes back is caught up by a snapshot where the game has them.
            snapshot = host.snapshot(recipient.name)
            assert (snapshot is not None) is rules.snapshots
            folded = recipient.stream.fold(
                rules.fresh(), net_client.Reset(recipient.stream.seq, snapshot)
            )
            assert folded is not None
            assert folded[0] == (expected if snapshot is not None else rules.fresh())


@pytest.mark.parametrize("name", GAMES)
def test_the_games_rounds_really_ran(name):
    """The driver is no empty loop: every game got past its opening to moves of its own."""
    host, _ = play(GAMES[name], 3, steps=60)
    assert host.state.phase.value not in ("new", "lobby")
    assert host.state.players == SEATS


@pytest.mark.parametrize("name", GAMES)
def test_what_this_version_cannot_read_is_skipped_with_a_warning(name, caplog):
    _, recipients = play(GAMES[name], 4, steps=5)
    stream, view = recipients[0].stream, recipients[0].view
    seq = stream.seq
    assert stream.fold(view, net_client.Event(seq + 1, {"kind": "FromTheFuture"})) is None
    assert stream.fold(view, net_client.Reset(seq + 1, {"kind": "Nope"})) is None
    assert stream.seq == seq
    assert "cannot read" in caplog.text


@pytest.mark.parametrize("name", GAMES)
def test_the_host_folds_the_events_it_decided_as_a_resumed_log_would(name, monkeypatch):
    # It does not decode what it has just encoded (a tile play's events are the dear part of
    # a command); a log read back, decoded, must fold into the very same state.
    game = GAMES[name]
    host = game.host(5)
    rules = host.rules
    sent: list[dict[str, Any]] = []
    decide = host.decide
    monkeypatch.setattr(
        host, "decide", lambda seat, body: sent.extend(w := decide(seat, body)) or w
    )
    decoded: list[object] = []
    decode = rules.decode_event

    def counted(wire: object) -> object:
        decoded.append(wire)
        return decode(wire)

    monkeypatch.setattr(rules, "decode_event", counted)
    folds: list[dict[str, Any]] = []
    evolve = host.evolve
    monkeypatch.setattr(host, "evolve", lambda wire: folds.append(wire) or evolve(wire))
    for sender, command in game.opening:
        for wire in host.decide(sender, rules.encode(command)):
            host.evolve(wire)
    assert folds
    assert decoded == []
    host.evolve(dict(folds[-1]))  # a copy: no event of the last command, so it is decoded
    assert len(decoded) == 1
    replayed = rules.fresh()
    for wire in [*sent, folds[-1]]:
        replayed = rules.evolve(replayed, decode(wire))
    assert replayed == host.state
