"""A hostile host: every number a Word Nerds client takes from it is one the game has.

Hand-made frames of a host that sends a card outside its deck, a negative or huge token,
an action card that does not exist, a player who is not at the table, a word never laid
or a type the field does not hold. Each is refused as what this client cannot read (the
event skipped, the view as it was: the view hash brings the host's back), where it would
have ended the program with an IndexError or a KeyError, or drawn a garbled screen.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from net import client as net_client
from tests.games.wordnerds.tables import drive
from wordsy_tui.games.wordnerds.rules.codec import encode
from wordsy_tui.games.wordnerds.rules.components import ACTIONS, HIDDEN, LETTERS, Effect
from wordsy_tui.games.wordnerds.rules.state import NerdsState, Phase
from wordsy_tui.games.wordnerds.rules.view import state_for
from wordsy_tui.games.wordnerds.seam import NerdsRules
from wordsy_tui.table.seam import Stream

PLAYERS = ("ann", "bob", "cy")
ME = "ann"
NOT_SO_FAST = next(i for i, k in enumerate(ACTIONS) if k.effect is Effect.NOT_SO_FAST)
PLUS_TWO = next(i for i, k in enumerate(ACTIONS) if k.effect is Effect.PLUS_TWO)
RETRIEVE = next(i for i, k in enumerate(ACTIONS) if k.effect is Effect.RETRIEVE)


@cache
def declaring() -> NerdsState:
    """Ann's view of a real game in its Word Declaration Phase, a word laid."""
    _, state = drive(
        PLAYERS, seed=5, until=lambda s: s.phase is Phase.DECLARING and len(s.words) == 1
    )
    assert state.phase is Phase.DECLARING
    assert len(state.words) == 1
    return state_for(state, ME)


def fold(body: dict[str, Any]) -> tuple[Stream[Any, Any, Any], object]:
    stream: Stream[Any, Any, Any] = Stream(NerdsRules(frozenset()))
    stream.seq = 7
    return stream, stream.fold(declaring(), net_client.Event(8, body))


def ev(kind: str, **fields: Any) -> dict[str, Any]:
    return {"kind": kind, **fields}


HOSTILE_EVENTS = {
    "a card past the deck": ev("CommunityCardAdded", card=len(LETTERS)),
    "a negative card": ev("CommunityCardAdded", card=-2),
    "a hidden card in the open pool": ev("CommunityCardAdded", card=HIDDEN),
    "a huge card up for auction": ev("AuctionOpened", first=ME, cards=[3, 2**40]),
    "a card past the deck in a hand": ev("LettersDrawn", player=ME, cards=[1, 100]),
    "an action card past the deck": ev("ActionsDrawn", player=ME, cards=[len(ACTIONS)]),
    "a negative token": ev("TokensSpent", player=ME, tokens=[-1]),
    "a huge token": ev("TokensRetrieved", player=ME, tokens=[2**31]),
    "a token past the set": ev("TokensSpent", player=ME, tokens=[8]),
    "a bid of no token": ev("BidRevealed", player=ME, token=99, cards=[]),
    "a bid counted beyond any": ev(
        "BidsRevealed", bids=[[ME, 3, []]], order=[[ME, 1000]], void=[]
    ),
    "an unknown action card played": ev("ActionPlayed", player=ME, card=54),
    "an action card on a word never laid": ev("ActionPlayed", player=ME, card=PLUS_TWO, word=3),
    "NOT SO FAST on no card": ev("ActionPlayed", player=ME, card=NOT_SO_FAST, word=0, target=99),
    "a target for a card that names none": ev("ActionPlayed", player=ME, card=RETRIEVE, target=4),
    "a challenge of a word never laid": ev("ChallengeMade", player="bob", word=5),
    "a challenge of word -1": ev("ChallengeMade", player="bob", word=-1),
    "a battle of words never laid": ev("BattleDecided", winner=4, loser=0),
    "a vote on a word never laid": ev("VoteOpened", word=2, voters=["cy"], valid=True),
    "a player not at the table": ev("TokensRetrieved", player="zed", tokens=[1]),
    "an action card drawn by nobody here": ev("ActionsDrawn", player="zed", cards=[1]),
    "a card picked that is not kept": ev("CardPicked", player=ME, card=4, kept=9),
    "points beyond any game": ev(
        "DeclarationEnded", points=[[ME, 10**9]], retrieved=[], letters=[], actions=[]
    ),
    "negative points": ev(
        "DeclarationEnded", points=[[ME, -40]], retrieved=[], letters=[], actions=[]
    ),
    "a word of control characters": ev(
        "WordLaid", player="bob", word="k\x1b[2J", cards=[30, 31, 32, 33, 34, 35], trump=True
    ),
    "a word with fewer cards than letters": ev(
        "WordLaid", player="bob", word="kind", cards=[30, 31, 32], trump=True
    ),
    "an unknown purchase": ev("Purchased", player=ME, what="everything"),
    "a second seat for a player": ev("PlayerJoined", player="bob", bot=False),
    "the game started again": ev("GameStarted", first="bob"),
    "a name longer than any": ev("Passed", player="x" * 500),
    "a word for a token": ev("TokensSpent", player=ME, tokens=["two"]),
    "true for a card": ev("CommunityCardAdded", card=True),
}


@pytest.mark.parametrize("body", HOSTILE_EVENTS.values(), ids=HOSTILE_EVENTS.keys())
def test_a_hostile_event_is_refused_as_unreadable(body, caplog):
    stream, folded = fold(body)
    assert folded is None
    assert stream.seq == 7  # still waiting for the host's event 8
    assert "skipping an event" in caplog.text


def test_the_same_frames_made_right_are_read():
    """The refusals above are of the numbers, not of the kinds: made right, each reads."""
    for body in (
        ev("CommunityCardAdded", card=len(LETTERS) - 1),
        ev("TokensSpent", player=ME, tokens=[1]),
        ev("ChallengeMade", player="bob", word=0),
        ev("ActionsDrawn", player="bob", cards=[HIDDEN]),
    ):
        stream, folded = fold(body)
        assert folded is not None
        assert stream.seq == 8


def snapshot(**changes: Any) -> dict[str, Any]:
    wire = encode(declaring())
    wire.update(changes)
    return wire


def laid(**changes: Any) -> list[dict[str, Any]]:
    word = encode(declaring())["words"][0]
    return [{**word, **changes}]


HOSTILE_SNAPSHOTS = {
    "a scoring word never laid": snapshot(scoring=4),
    "a trump of word -1": snapshot(trump=-1),
    "a card past the deck in my hand": snapshot(
        letters={**encode(declaring())["letters"], ME: [500]}
    ),
    "an action card past the deck": snapshot(actions={**encode(declaring())["actions"], ME: [54]}),
    "a negative score": snapshot(scores={**encode(declaring())["scores"], ME: -3}),
    "a score beyond any game": snapshot(scores={**encode(declaring())["scores"], ME: 10**12}),
    "a token past the set": snapshot(unspent={**encode(declaring())["unspent"], ME: [0, 99]}),
    "a score for someone not at the table": snapshot(
        scores={**encode(declaring())["scores"], "zed": 4}
    ),
    "a hand missing": snapshot(letters={"bob": [], "cy": []}),
    "the same player twice": snapshot(players=[ME, ME, "bob"]),
    "a First Player not at the table": snapshot(first="zed"),
    "a card up for auction past the deck": snapshot(auction=[100]),
    "a pool card hidden": snapshot(community=[HIDDEN]),
    "a deck of more cards than the box": snapshot(letter_deck_count=101),
    "a word trumping a word never laid": snapshot(words=laid(trumps=3)),
    "a word spelt by fewer cards": snapshot(words=laid(cards=[1, 2])),
    "a word by nobody here": snapshot(words=laid(player="zed")),
    "a modifier that is no action card": snapshot(
        words=laid(modifiers=[{"card": 77, "player": ME}])
    ),
    "a bid of no token": snapshot(bids={ME: {"token": 12, "cards": []}}),
    "a table of no size": snapshot(config={**encode(declaring())["config"], "max_players": 0}),
}


@pytest.mark.parametrize("body", HOSTILE_SNAPSHOTS.values(), ids=HOSTILE_SNAPSHOTS.keys())
def test_a_hostile_snapshot_is_refused_as_unreadable(body, caplog):
    stream: Stream[Any, Any, Any] = Stream(NerdsRules(frozenset()))
    stream.seq = 7
    assert stream.fold(declaring(), net_client.Reset(8, body)) is None
    assert stream.seq == 7
    assert "cannot read" in caplog.text


def test_the_snapshot_made_right_is_read():
    stream: Stream[Any, Any, Any] = Stream(NerdsRules(frozenset()))
    folded = stream.fold(NerdsState(), net_client.Reset(8, snapshot()))
    assert folded is not None
    assert folded[0] == declaring()
