"""Presence and the heartbeat: who is connected, told at most once per tick whatever the
crowd at the door; and every heartbeat a ping for each peer (the crowd's spread over the
interval), silent peers dropped, a view hash for each peer that has not heard one since the
last event, and the spectator count."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping

from net import protocol as p
from net.config import HostConfig
from net.fanout import Broadcast, Fanout
from net.framing import encode
from net.peer import Peer
from net.seats import Seating

# The host's parts log as the host: whoever reads its log knows it by that name.
_log = logging.getLogger("net.host")


class Presence:
    """`on_presence` hears each change of who is seated and connected, as it happens."""

    def __init__(
        self,
        seating: Seating,
        fanout: Fanout,
        broadcast: Broadcast,
        config: HostConfig,
        on_presence: Callable[[Mapping[str, bool]], None] | None,
    ) -> None:
        self.on_presence = on_presence
        self._seating = seating
        self._fanout = fanout
        self._broadcast = broadcast
        self.config = config
        self._timer: asyncio.TimerHandle | None = None
        self._for_spectators = True  # seat presence changed since they last heard
        self._spectators_told = 0  # the spectator count spectators last heard

    def changed(self, seats: bool) -> None:
        """Presence goes out at most once per tick, whatever the crowd at the door: players
        hear every change, spectators only of seats (the count reaches them with the next
        heartbeat), so each join or leave costs the host a constant number of frames."""
        if seats and self.on_presence:
            self.on_presence(self._seating.presence)
        self._for_spectators |= seats
        if self._timer is None:
            loop = asyncio.get_running_loop()
            self._timer = loop.call_later(self.config.presence_tick, self._send)

    def frame(self) -> bytes:
        presence = {
            "t": p.PRESENCE,
            "seats": self._seating.presence,
            "spectators": len(self._seating.spectators.peers),
        }
        return encode(presence, self.config.max_frame)

    def stop(self) -> None:
        if self._timer:
            self._timer.cancel()

    def _send(self) -> None:
        self._timer = None
        frame = self.frame()
        self._fanout.to_seats(frame)
        if self._for_spectators:
            self._tell_spectators(frame)

    def _tell_spectators(self, frame: bytes) -> None:
        self._for_spectators = False
        self._spectators_told = len(self._seating.spectators.peers)
        self._broadcast.put(frame)

    async def heartbeat(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(self.config.heartbeat)
            now = loop.time()
            ping = encode({"t": p.PING})
            for peer in self._seating.peers():
                if now - peer.last_heard > self.config.timeout:
                    _log.info("dropping a silent peer")
                    peer.abort()
                elif peer.broadcast is None:
                    peer.send(ping)
            self._ping_crowd(ping)
            self._fanout.send_hashes(only_stale=True)
            if self._spectators_told != len(self._seating.spectators.peers):
                self._tell_spectators(self.frame())

    def _ping_crowd(self, ping: bytes) -> None:
        """Ping the spectators a slice at a time, spread over the heartbeat interval: a
        thousand pongs coming back at once would hold up the players' commands for tens of
        milliseconds, the same pongs spread out cost them nothing."""
        crowd = list(self._seating.spectators.peers)
        size = self.config.spectator_slice
        slices = [crowd[start : start + size] for start in range(0, len(crowd), size)]
        loop = asyncio.get_running_loop()
        for i, group in enumerate(slices):
            loop.call_later(i * self.config.heartbeat / len(slices), self._ping_group, group, ping)

    def _ping_group(self, group: list[Peer], ping: bytes) -> None:
        for peer in group:
            if peer in self._seating.spectators.peers:  # not gone meanwhile
                peer.send(ping)
