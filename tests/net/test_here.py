"""A seat's signs of life (`here`) reach the game and nothing else; the game's word beside
the view (`note`) reaches every peer whenever the game says it changed."""

from __future__ import annotations

import dataclasses
from typing import Any

from net import Note
from net import protocol as p
from tests.net.helpers import wait_until


async def test_a_seats_sign_of_life_reaches_the_game_and_a_spectators_does_not(
    make_host, make_client
):
    heard: list[str] = []
    host = await make_host(on_here=heard.append)
    port = host.address[1]
    ann = await make_client(port, "Ann")
    wes = await make_client(port, "Wes", role="spectator")
    ann.here()
    wes.here()  # a spectator's program sends none ...
    wes._send({"t": p.HERE})  # ... and one that does holds nobody up
    await ann.command({"op": "add", "n": 1})  # answered after what came before it
    await wes.command({"op": "add", "n": 1})  # (refused: spectators cannot act)
    assert heard == ["Ann"]
    assert host.seq == 1  # not in the log


async def test_signs_of_life_go_at_most_once_in_a_while(make_host, make_client):
    heard: list[str] = []
    host = await make_host(on_here=heard.append)
    port = host.address[1]
    ann = await make_client(port, "Ann")
    ann.config = dataclasses.replace(ann.config, here_every=3600)
    for _ in range(50):  # a burst of keys
        ann.here()
    await ann.command({"op": "add", "n": 1})
    assert heard == ["Ann"]  # the first at once, the rest within the hour need not go


async def test_the_games_note_reaches_every_peer_when_it_changes(make_host, make_client):
    note: dict[str, Any] = {"alarm": ["writing", 1], "left": 10.0}
    host = await make_host(welcome_note=lambda: dict(note))
    port = host.address[1]
    notes: list[list[object]] = [[], []]
    ann = await make_client(port, "Ann", on_update=lambda u: _keep(notes[0], u))
    wes = await make_client(port, "Wes", role="spectator", on_update=lambda u: _keep(notes[1], u))
    assert ann.note == wes.note == note  # at the welcome
    note["away"] = {"seats": ["Bob"], "left": 30.0}
    host.send_note()
    await wait_until(lambda: all(notes))
    assert notes == [[note], [note]]
    assert ann.note == wes.note == note


def _keep(notes: list[object], update: object) -> None:
    if isinstance(update, Note):
        notes.append(update.note)
