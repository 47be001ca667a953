"""Seats and their tokens: who sits where, the secret that opens each seat again (kept in
the log only as its hash, so a resumed host still knows it), and the spectators."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from net import protocol as p

if TYPE_CHECKING:
    from net.peer import Peer
    from net.sequencer import Sequencer


# Links a view may hold unfolded before `Recipient.extend` folds them anyway (a seat nobody
# asks the hash of, for a whole game, holds no more than this).
UNFOLDED = 256


@dataclass
class Recipient:
    """One view of the game: a seat, or all spectators (key None), and its hash chain."""

    key: str | None
    peers: set[Peer] = field(default_factory=set)
    # The chain's links are folded when the chain is read (a hash frame, a snapshot), not at
    # each event: hashing every view of every event is on a command's path, the hash is not.
    _folded: bytes = p.HASH_SEED
    _links: list[tuple[int, bytes]] = field(default_factory=list)

    @property
    def chain(self) -> bytes:
        """The view's hash over every event so far."""
        if self._links:
            self._fold()
        return self._folded

    @chain.setter
    def chain(self, chain: bytes) -> None:
        self._folded, self._links = chain, []

    def extend(self, seq: int, body: bytes) -> None:
        """Event `seq`'s view, as `body`, is the chain's next link."""
        self._links.append((seq, body))
        if len(self._links) >= UNFOLDED:
            self._fold()

    def _fold(self) -> None:
        chain = self._folded
        for seq, body in self._links:
            chain = p.chain(chain, seq, body)
        self._folded, self._links = chain, []


class Seating:
    """The seats by name, the spectators, and each seat's tokens. Every change to a token is
    in the log before it counts here."""

    def __init__(self, sequencer: Sequencer) -> None:
        self.seats: dict[str, Recipient] = {}
        self.spectators = Recipient(None)
        self._sequencer = sequencer
        self._tokens: dict[str, str] = {}  # sha256 of a seat token -> seat
        self._revoked: dict[str, str] = {}  # sha256 of a token that no longer opens its seat

    @property
    def presence(self) -> dict[str, bool]:
        return {seat: bool(r.peers) for seat, r in self.seats.items()}

    def recipients(self) -> list[Recipient]:
        """Every view: the seats', then the spectators'."""
        return [*self.seats.values(), self.spectators]

    def peers(self) -> list[Peer]:
        return [peer for recipient in self.recipients() for peer in recipient.peers]

    def replay(self, records: Sequence[dict[str, Any]]) -> None:
        """The seats and tokens of a resumed game's log (its events replayed already)."""
        for record in records:
            if record.get("k") == "seat" and record.get("revoked"):
                self._revoke(record["token"], record["seat"])
            elif record.get("k") == "seat":
                self._tokens[record["token"]] = record["seat"]
                self.seats[record["seat"]] = Recipient(record["seat"])
        # A seat whose every token was revoked was removed.
        for seat in set(self.seats) - set(self._tokens.values()):
            del self.seats[seat]
        for recipient in self.recipients():
            recipient.chain = self._sequencer.chain(recipient.key)

    def seat_for(
        self, role: p.Role, name: str, token: str | None
    ) -> tuple[Recipient, str | None] | p.Refusal:
        """Where a newcomer goes: the seat its token opens, a new seat (with its new token),
        or the spectators; or why not."""
        if role == "player" and token:
            seat = self._tokens.get(token_hash(token))
            if seat is None:
                revoked = token_hash(token) in self._revoked
                return p.Refusal.of(p.SEAT_REMOVED if revoked else p.UNKNOWN_TOKEN)
            return self.seats[seat], token
        if role == "player" and name in self.seats:
            return p.Refusal.of(p.NAME_TAKEN)
        refusal = self._sequencer.game.admit(name, role, list(self.seats))
        if refusal:
            return refusal
        if role == "spectator":
            return self.spectators, None
        token = secrets.token_urlsafe(24)
        # The seat exists only once its token is on disk, so a resumed host still knows it.
        self._sequencer.append([{"k": "seat", "seat": name, "token": token_hash(token)}])
        self._tokens[token_hash(token)] = name
        recipient = self.seats[name] = Recipient(name)
        recipient.chain = self._sequencer.chain(name)
        return recipient, token

    def remove(self, seat: str) -> Recipient | None:
        """Take `seat` away: its tokens stop working, also after a restart; the name is free
        again. Returns the seat (its peers are still to be hung up), None when there is none."""
        recipient = self.seats.get(seat)
        if recipient is not None:
            self._revoke_tokens(seat)
            del self.seats[seat]
        return recipient

    def hand_over(self, seat: str) -> str | None:
        """A new token for `seat`, every old one revoked (its player lost it with a machine);
        None when there is no such seat (any more)."""
        if seat not in self.seats:
            return None
        token = secrets.token_urlsafe(24)
        self._revoke_tokens(seat, {"k": "seat", "seat": seat, "token": token_hash(token)})
        self._tokens[token_hash(token)] = seat
        return token

    def carry(self, seats: Sequence[str]) -> dict[str, Recipient]:
        """Keep `seats` (in that order, with their tokens) for the next game, whose log the
        sequencer has just begun, and the spectators; every seat's view starts anew.
        Returns the seats as they were, with their peers."""
        carried = {h: s for h, s in self._tokens.items() if s in seats}
        self._sequencer.append([{"k": "seat", "seat": s, "token": h} for h, s in carried.items()])
        self._tokens, self._revoked = carried, {}
        old, self.seats = self.seats, {s: Recipient(s) for s in seats if s in carried.values()}
        self.spectators.chain = p.HASH_SEED
        return old

    def _revoke_tokens(self, seat: str, *then: dict[str, Any]) -> None:
        """Revoke every token of `seat` on disk (with `then` in the same write), then here."""
        hashes = [h for h, s in self._tokens.items() if s == seat]
        revoked = [{"k": "seat", "seat": seat, "token": h, "revoked": True} for h in hashes]
        self._sequencer.append([*revoked, *then])
        for hashed in hashes:
            self._revoke(hashed, seat)

    def _revoke(self, hashed: str, seat: str) -> None:
        self._tokens.pop(hashed, None)
        self._revoked[hashed] = seat


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()
