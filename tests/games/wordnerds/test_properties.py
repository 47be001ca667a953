"""Random games: replaying the log rebuilds the state, each seat's view is the fold of
what it was sent and holds no other seat's secret, and what `legal` offers the host
accepts."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.wordnerds.tables import drive, secrets_kept, view_keeps_secrets
from wordsy_tui.games.wordnerds.rules import events as ev
from wordsy_tui.games.wordnerds.rules.evolve import replay
from wordsy_tui.games.wordnerds.rules.state import NerdsState, Phase
from wordsy_tui.games.wordnerds.rules.view import event_for, state_for


def _game(seed: int, players: int, chaos: float, steps: int) -> tuple[list[ev.Event], NerdsState]:
    """Bots play, but with chance `chaos` a seat sends any command `legal` offers it."""
    return drive(tuple(f"Bot {i}" for i in range(players)), seed=seed, chaos=chaos, steps=steps)


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 6),
    chaos=st.sampled_from([0.0, 0.3, 1.0]),
)
def test_replay_views_and_secrets(seed, players, chaos):
    log, state = _game(seed, players, chaos, steps=600)
    assert replay(log) == state
    for seat in (*state.players, None):
        sent = [event_for(event, seat) for event in log]
        for event in sent:
            secrets_kept(event, seat)
        view = replay(sent)
        assert view == state_for(state, seat)
        view_keeps_secrets(view, seat)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6))
def test_cards_are_never_lost_or_doubled(seed, players):
    _, state = _game(seed, players, 0.3, steps=800)
    # Words laid down hold their hand cards until the phase ends (then they are discarded).
    laid = [c for w in state.words for c in w.cards] if state.phase is Phase.DECLARING else []
    letters = [
        *(state.letter_deck or ()),
        *(state.letter_discard or ()),
        *state.auction,
        *(c for p in state.players for c in state.hand(p)),
        *dict.fromkeys([*state.community, *laid]),
    ]
    assert sorted(letters) == list(range(100))
    on_words = [m.card for w in state.words for m in w.modifiers]
    if state.phase is not Phase.DECLARING:
        on_words = []
    actions = [
        *(state.action_deck or ()),
        *(state.action_discard or ()),
        *(c for p in state.players for c in state.actions[p]),
        *on_words,
    ]
    assert sorted(actions) == list(range(54))
