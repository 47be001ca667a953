"""decide(state, seat, command) -> events, or a RuleError the player can read.

`seat` is who sent the command, as the host knows it (None: the host itself,
or its clock). `rng` is the host's secret generator: every tile leaves the
bag through it, at the moment a rack needs it, so the bag never has an order
that could leak. `words` is the agreed word list (any container of lower-case
words, e.g. the referee's Lexicon). `elapsed` is the host's measure of how long
the wait running now has lasted, in seconds: with a game clock, the running
clock is stamped with it (None: nothing to stamp, e.g. a legality check).
"""

from __future__ import annotations

import random
from typing import Final

from wordsy_tui.engine import Outcome
from wordsy_tui.engine.names import name_problem
from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules import errors
from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.board import assess, rack_tiles
from wordsy_tui.games.tiles.rules.clocks import MS, flag_ms, penalty, running
from wordsy_tui.games.tiles.rules.config import MIN_PLAYERS
from wordsy_tui.games.tiles.rules.evolve import evolve
from wordsy_tui.games.tiles.rules.rulesets import BLANK, LETTERS, EndCount, random_layout
from wordsy_tui.games.tiles.rules.state import Phase, TileGameState
from wordsy_tui.games.tiles.rules.waits import waiting
from wordsy_tui.games.tiles.rules.words import Words, is_word

_Outcome = Outcome[TileGameState, ev.Event]

ALARM_SLACK_MS: Final = 100
"""An alarm this close to its time is at its time: an event loop may wake a timer a
little early (never anywhere near this). The flag, and a wait's own limit, are charged
exactly anyway."""


def decide(
    state: TileGameState,
    seat: str | None,
    command: cmd.Command,
    *,
    rng: random.Random | None = None,
    words: Words | None = None,
    elapsed: float | None = None,
) -> list[ev.Event]:
    out = _Outcome(state, evolve)
    stamp, flagged = _clock_stamp(state, command, elapsed)
    early = _early(state, command, elapsed)
    if stamp is not None:
        out.add(stamp)
    if stamp is not None and flagged:
        _check_time_up(state, seat, command)
        _lose_on_time(out, stamp.player)
        return out.events
    match command:
        case cmd.CreateGame(config):
            _require(state, Phase.NEW, "The game already exists.")
            problem = config.problem()
            if problem is not None:
                raise errors.ChallengeError(problem)
            out.add(ev.GameCreated(config))
        case cmd.JoinGame(bot):
            _join(out, _named(seat), bot)
        case cmd.LeaveGame():
            player = _named(seat)
            _require(state, Phase.LOBBY, "The game has started: your seat is kept for you.")
            _known(state, player)
            out.add(ev.PlayerLeft(player))
        case cmd.StartGame():
            _start(out, seat, _need(rng))
        case cmd.Play(placement):
            _play(out, _named(seat), placement, rng, words)
        case cmd.Exchange(tiles):
            _exchange(out, _named(seat), tiles, _need(rng))
        case cmd.Pass():
            player = _settled_turn(out, _named(seat), rng)
            out.add(ev.Passed(player))
            _after_turn(out, player, _need(rng))
        case cmd.Challenge():
            _challenge(out, _named(seat), _need(rng), words)
        case cmd.Accept():
            _accept(out, _named(seat), _need(rng))
        case cmd.Vote(uphold):
            _vote(out, _named(seat), uphold, _need(rng))
        case cmd.TimeUp():
            _check_time_up(state, seat, command)
            _time_up(out, command, _need(rng), early=early)
        case _:
            raise TypeError(f"not a command: {command!r}")
    return _unless_same_wait(state, out, stamp)


def _clock_stamp(
    state: TileGameState, command: cmd.Command, elapsed: float | None
) -> tuple[ev.ClockRan | None, bool]:
    """The running clock's time since the last stamp, and whether its overtime has run out.

    The clock's own alarm (`TimeUp.flag`) charges exactly the time to the flag, as does a
    command that comes after it: a move made once the overtime ran out is too late. The
    same alarm sent early (the table moving on without a player who has gone, the host
    ending the wait) is the wait's own end, and charges the time it lasted. A wait's own
    limit (the turn limit, the challenge window) charges that limit, not the moment the
    host happened to wake: a host a little late must not push a clock into overtime."""
    player, to_flag = running(state), flag_ms(state)
    if player is None or to_flag is None:
        return None, False
    ms = None if elapsed is None else max(0, round(elapsed * MS))
    flag = isinstance(command, cmd.TimeUp) and command.flag
    if flag and (ms is None or ms >= to_flag - ALARM_SLACK_MS):
        return ev.ClockRan(player, to_flag), True
    if ms is None:
        return None, False
    limit = _limit_ms(state, command)
    if limit is not None:
        ms = min(ms, limit)
    if ms >= to_flag:
        return ev.ClockRan(player, to_flag), True
    return ev.ClockRan(player, ms), False


def _limit_ms(state: TileGameState, command: cmd.Command) -> int | None:
    """The limit of the wait a `TimeUp` names, when it is the wait running now."""
    if not isinstance(command, cmd.TimeUp):
        return None
    wait = waiting(state)
    if wait is None or wait.command != command:
        return None
    return round(wait.seconds * MS)


def _early(state: TileGameState, command: cmd.Command, elapsed: float | None) -> bool:
    """Whether a `TimeUp` came before its wait's limit, by the host's measure: the table
    moved on without people who had gone (or gone idle), or the host ended the wait. Not
    the turn limit, nor the game clock (docs/RULES.md, "Game clocks")."""
    limit = _limit_ms(state, command)
    if limit is None or elapsed is None:
        return False
    return round(elapsed * MS) < limit - ALARM_SLACK_MS


def _unless_same_wait(
    before: TileGameState, out: _Outcome, stamp: ev.ClockRan | None
) -> list[ev.Event]:
    """The events without the stamp when the wait goes on (a player lets a play stand
    while others may still challenge it): a clock is stamped only when its wait ends, so
    that every wait's countdown, which every client follows, starts at a stamp."""
    if stamp is None:
        return out.events
    was, now = waiting(before), waiting(out.state)
    if was is not None and now is not None and was.key == now.key:
        return [event for event in out.events if event is not stamp]
    return out.events


def _need(rng: random.Random | None) -> random.Random:
    if rng is None:
        raise ValueError("this command draws tiles: pass the host's rng")
    return rng


def _named(seat: str | None) -> str:
    if seat is None:
        raise errors.UnknownPlayer("Only a seated player can do that.")
    return seat


def _require(state: TileGameState, phase: Phase, message: str) -> None:
    if state.phase is not phase:
        raise errors.WrongPhase(message)


def _known(state: TileGameState, player: str) -> None:
    if player not in state.players:
        raise errors.UnknownPlayer(f"{player!r} is not playing in this game.")


def _join(out: _Outcome, player: str, bot: bool) -> None:
    state = out.state
    _require(state, Phase.LOBBY, "The game has already started.")
    problem = name_problem(player, state.players, bot=bot)
    if problem is not None:
        raise problem
    if len(state.players) >= state.config.max_players:
        raise errors.SeatingError(f"The game is full ({state.config.max_players} players).")
    out.add(ev.PlayerJoined(player, bot))


def _first_player(out: _Outcome, rng: random.Random) -> str:
    """Draw for first play: the tile closest to A wins, a blank beats any letter; the
    players who tie draw again. Every tile drawn goes back to the bag."""
    state = out.state
    if not state.rules.draw_for_first:
        return state.captain or state.players[0]
    rank = {BLANK: 0, **{letter: i + 1 for i, letter in enumerate(LETTERS)}}
    contenders = state.players
    while len(contenders) > 1:
        tiles = rng.sample(state.rules.full_bag(), len(contenders))
        out.add(ev.FirstPlayDrawn(tuple(zip(contenders, tiles, strict=True))))
        best = min(rank[t] for t in tiles)
        contenders = tuple(p for p, t in zip(contenders, tiles, strict=True) if rank[t] == best)
    return contenders[0]


def _start(out: _Outcome, seat: str | None, rng: random.Random) -> None:
    state = out.state
    _require(state, Phase.LOBBY, "The game has already started.")
    if seat is not None and seat != state.captain:
        raise errors.SeatingError(f"{state.captain} starts the game.")
    if len(state.players) < MIN_PLAYERS:
        raise errors.SeatingError(f"At least {MIN_PLAYERS} players are needed to start.")
    first = _first_player(out, rng)
    at = state.players.index(first)
    order = state.players[at:] + state.players[:at]
    rules = state.rules
    layout = random_layout(rules, rng) if state.config.random_board else rules.layout
    out.add(ev.GameStarted(order, layout))
    for player in order:
        _refill(out, player, rng)
    out.add(ev.TurnStarted(first))


def _refill(out: _Outcome, player: str, rng: random.Random) -> None:
    state = out.state
    count = min(state.rules.rack_size - len(state.rack(player)), state.bag_count)
    if count <= 0:
        return
    if state.bag is None:
        raise ValueError("only the host, who holds the bag, draws tiles")
    out.add(ev.TilesDrawn(player, tuple(sorted(rng.sample(state.bag, count))), count))


def _settled_turn(out: _Outcome, player: str, rng: random.Random | None) -> str:
    """`player`'s turn, once the play before it stands: starting a turn accepts the last
    play, which may then no longer be challenged."""
    state = out.state
    _require(state, Phase.PLAYING, "The game is not being played.")
    _known(state, player)
    _no_vote(state)
    pending = state.pending
    if (
        pending is not None
        and player == state.next_after(pending.player)
        and player not in state.skip
        and player != pending.player
    ):
        _settle(out, _need(rng))
        state = out.state
        _require(state, Phase.PLAYING, "The game is over.")
    if state.pending is not None:
        raise errors.NotYourTurn("The last play may still be challenged: wait for it to stand.")
    if state.turn != player:
        raise errors.NotYourTurn(f"It is {state.turn}'s turn.")
    return player


def _uses_rack(rack: tuple[str, ...], tiles: list[str]) -> None:
    left, missing = list(rack), []
    for tile in tiles:
        if tile in left:
            left.remove(tile)
        else:
            missing.append(tile)
    if missing:
        shown = ", ".join(sorted(missing))
        raise errors.RackError(f"Your rack does not hold these tiles: {shown}.")


def _refused_words(
    words_formed: tuple[tuple[str, int], ...], words: Words | None
) -> tuple[str, ...]:
    if words is None:
        raise ValueError("judging words needs the word list")
    return tuple(word for word, _ in words_formed if not is_word(words, word))


def _play(
    out: _Outcome,
    player: str,
    placement: tuple[tuple[int, str], ...],
    rng: random.Random | None,
    words: Words | None,
) -> None:
    # A refusal raises out of decide, so a settle it caused is never recorded either.
    player = _settled_turn(out, player, rng)
    state = out.state
    placement = tuple(sorted(placement))
    assessment = assess(state.board, placement, state.rules, state.premiums)
    _uses_rack(state.rack(player), rack_tiles(placement))
    formed = tuple((w.word, w.score) for w in assessment.words)
    if not state.rules.challenges:
        refused = _refused_words(formed, words)
        if refused:
            listed = ", ".join(refused)
            raise errors.WordError(f"Not in the word list: {listed}.")
    out.add(ev.TilesPlayed(player, placement, formed, assessment.score, assessment.bingo))
    if not state.rules.challenges:
        _settle(out, _need(rng))


def _settle(out: _Outcome, rng: random.Random, *, timed_out: bool = False) -> None:
    """The play on the board stands: its player draws, and the turn moves on."""
    pending = out.state.pending
    if pending is None:
        return
    out.add(ev.PlayAccepted(timed_out))
    _refill(out, pending.player, rng)
    _after_turn(out, pending.player, rng)


def _exchange(out: _Outcome, player: str, tiles: tuple[str, ...], rng: random.Random) -> None:
    player = _settled_turn(out, player, rng)
    state = out.state
    if not tiles:
        raise errors.ExchangeError("Choose at least one tile to exchange (or pass).")
    needed = max(state.rules.exchange_min_bag, len(tiles))
    if state.bag_count < needed:
        raise errors.ExchangeError(
            f"An exchange needs at least {needed} tiles in the bag; it holds {state.bag_count}."
        )
    _uses_rack(state.rack(player), list(tiles))
    if state.bag is None:
        raise ValueError("only the host, who holds the bag, draws tiles")
    # New tiles are drawn before the old ones go back (the rulebook's order).
    drawn = tuple(sorted(rng.sample(state.bag, len(tiles))))
    out.add(ev.TilesExchanged(player, tuple(sorted(tiles)), drawn, len(tiles)))
    _after_turn(out, player, rng)


def _challengeable(state: TileGameState, player: str) -> None:
    _require(state, Phase.PLAYING, "The game is not being played.")
    _known(state, player)
    if not state.rules.challenges:
        raise errors.ChallengeError(
            f"{state.rules.title} has no challenges: words are checked when they are played."
        )
    pending = state.pending
    if pending is None:
        raise errors.ChallengeError("There is no play to challenge now.")
    if pending.player == player:
        raise errors.ChallengeError("You cannot challenge your own play.")
    if player in pending.accepted_by:
        raise errors.ChallengeError("You have already let this play stand.")
    _no_vote(state)


def _no_vote(state: TileGameState) -> None:
    """While the table votes on a challenge, the play neither stands nor goes: nobody
    moves, challenges again or lets it stand until the vote is decided."""
    if state.vote is not None:
        raise errors.ChallengeError(
            f"The table is voting on {state.vote.challenger}'s challenge: wait for its verdict."
        )


def _challenge(out: _Outcome, player: str, rng: random.Random, words: Words | None) -> None:
    state = out.state
    _challengeable(state, player)
    assert state.pending is not None
    played_by = state.pending.player
    # All words of the play are challenged together; one bad word withdraws the play.
    refused = _refused_words(state.pending.words, words)
    voters = tuple(p for p in state.players if p not in (player, played_by))
    if state.config.table_vote and voters:
        out.add(ev.VoteOpened(player, voters, refused))
        return
    _decided(out, ev.ChallengeDecided(player, bool(refused), refused), rng)


def _decided(out: _Outcome, decided: ev.ChallengeDecided, rng: random.Random) -> None:
    """Record the challenge's outcome: the play is withdrawn and the turn moves on, or it
    stands (its player draws) at the cost the challenge rule sets (`evolve` applies it)."""
    pending = out.state.pending
    assert pending is not None
    out.add(decided)
    if decided.upheld:
        _after_turn(out, pending.player, rng)
    else:
        _settle(out, rng)


def _vote(out: _Outcome, player: str, uphold: bool, rng: random.Random) -> None:
    state = out.state
    _require(state, Phase.PLAYING, "The game is not being played.")
    _known(state, player)
    vote = state.vote
    if vote is None:
        raise errors.ChallengeError("No vote is open.")
    if player not in vote.voters:
        raise errors.ChallengeError("You are part of this challenge: the others vote.")
    if player in vote.votes:
        raise errors.ChallengeError("You have already voted.")
    out.add(ev.VoteCast(player, uphold))
    if len(vote.votes) + 1 == len(vote.voters):
        _close_vote(out, rng)


def _close_vote(out: _Outcome, rng: random.Random) -> None:
    """Everyone voted, or the vote's time is up: a majority of the votes cast decides; a
    tie, or no votes, follows the word list (the table may overrule it, not ignore it)."""
    vote = out.state.vote
    assert vote is not None
    votes = tuple(vote.votes.items())
    _decided(out, ev.ChallengeDecided(vote.challenger, vote.verdict(), vote.refused, votes), rng)


def _accept(out: _Outcome, player: str, rng: random.Random) -> None:
    _challengeable(out.state, player)
    out.add(ev.ChallengeWaived(player))
    pending = out.state.pending
    assert pending is not None
    if all(p in pending.accepted_by for p in out.state.players if p != pending.player):
        _settle(out, rng)


def _check_time_up(state: TileGameState, seat: str | None, command: cmd.Command) -> None:
    """A `TimeUp` comes from the host's clock and names the wait running now (`state`'s,
    before any stamp)."""
    if not isinstance(command, cmd.TimeUp):
        return
    if seat is not None:
        raise errors.ClockError("Only the host's clock says when time is up.")
    wait = waiting(state)
    if wait is None or wait.command != command:
        raise errors.ClockError("That wait is over: the player has moved, or the game has.")


def _time_up(out: _Outcome, command: cmd.TimeUp, rng: random.Random, *, early: bool) -> None:
    """The host's clock: the wait it names has lasted its limit (`early`: the table moved
    on before it). A turn ends as a pass (it counts towards the passes or scoreless turns
    that end a game); a play nobody challenged in time stands, as if the next player had
    started their turn."""
    if command.vote:
        _close_vote(out, rng)
        return
    if command.challenges:
        _settle(out, rng, timed_out=True)
        return
    out.add(ev.Passed(command.player, timed_out=True, early=early))
    _after_turn(out, command.player, rng)


def _lose_on_time(out: _Outcome, player: str) -> None:
    """`player`'s overtime ran out: the game ends at once, as NASPA ends it. A play still
    open to challenge stands (nobody challenged it in time); nobody went out, so every
    rack counts against its player, and `player` cannot win (docs/RULES.md)."""
    if out.state.pending is not None:
        out.add(ev.PlayAccepted(timed_out=True))
    _end(out, None, out_of_time=player)


def _after_turn(out: _Outcome, player: str, rng: random.Random) -> None:
    """The turn of `player` is over: the game ends, or the next player's turn starts
    (skipping anyone who lost a turn to a challenge)."""
    state = out.state
    last = state.turns[-1] if state.turns else None
    if (
        last is not None
        and last.kind == "play"
        and last.player == player
        and not state.rack(player)
        and state.bag_count == 0
    ):
        _end(out, player)
        return
    following = player
    while True:
        if _stalled(out.state):
            _end(out, None)
            return
        following = out.state.next_after(following)
        if following not in out.state.skip:
            break
        out.add(ev.TurnLost(following))
    out.add(ev.TurnStarted(following))


def _stalled(state: TileGameState) -> bool:
    """Whether the passes or scoreless turns in a row end the game."""
    rules = state.rules
    run = state.pass_run if rules.end_count is EndCount.PASSES else state.scoreless_run
    needed = rules.end_turns * (len(state.players) if rules.end_turns_each else 1)
    if run < needed:
        return False
    if rules.end_unless_all_zero and not any(state.scores.values()):
        # Words with Friends spares a game nobody has scored in yet, for players who pass
        # by choice; turns the host passed because time ran out are nobody's choice, and
        # would otherwise go on for ever at an empty table.
        return all(turn.timed_out for turn in state.turns[-needed:])
    return True


def _end(out: _Outcome, went_out: str | None, *, out_of_time: str | None = None) -> None:
    out.add(game_ended(out.state, went_out, out_of_time=out_of_time))


def game_ended(
    state: TileGameState,
    went_out: str | None,
    *,
    out_of_time: str | None = None,
    penalties: dict[str, int] | None = None,
) -> ev.GameEnded:
    """End-of-game rack adjustments: every player loses their rack's points; a player who
    went out gains everyone else's (under tournament scoring, twice, and nobody loses).
    With a game clock, each player's overtime costs its penalty, and a player who lost on
    time is not among the winners. `penalties`: the overtime penalties a record gives (an
    imported game's, which has no clocks to count them from)."""
    rules = state.rules
    left = {p: sum(rules.value(t) for t in state.rack(p)) for p in state.players}
    adjustments = {p: -left[p] for p in state.players}
    if went_out is not None and rules.out_doubled:
        adjustments = dict.fromkeys(state.players, 0)
        adjustments[went_out] = 2 * sum(left.values())
    elif went_out is not None:
        adjustments[went_out] = sum(left.values())
    if penalties is None:
        penalties = {p: penalty(state.clocks[p]) for p in state.players if p in state.clocks}
    final = {p: state.scores[p] + adjustments[p] - penalties.get(p, 0) for p in state.players}
    contenders = [p for p in state.players if p != out_of_time]
    best = max(final[p] for p in contenders)
    winners = [p for p in contenders if final[p] == best]
    if len(winners) > 1 and rules.tie_before_adjustments:
        before = max(state.scores[p] for p in winners)
        winners = [p for p in winners if state.scores[p] == before]
    return ev.GameEnded(
        went_out,
        tuple((p, state.rack(p)) for p in state.players),
        tuple(adjustments.items()),
        tuple(winners),
        tuple((p, points) for p, points in penalties.items() if points),
        out_of_time,
    )
