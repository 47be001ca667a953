"""What one source address may try: PIN guesses are paced, floods of new seats are refused,
and an honest newcomer from another address walks straight in. The host's clock for these
limits is a FakeClock moved by hand; loopback offers a different source per 127.x address."""

from __future__ import annotations

import pytest

from net import Refused
from net import protocol as p
from net.limits import PinGuard, PinPolicy, SeatPolicy, address_key
from tests.net.counter_game import CounterGame
from tests.net.helpers import FakeClock, hello_from

PIN = "4321"
ATTACKER = "127.0.0.3"


def attack(addresses: int, seconds: float, policy: PinPolicy | None = None) -> int:
    """Wrong PINs an attacker gets checked in `seconds`, trying from whichever of its
    addresses may try soonest, as fast as the host allows."""
    guard = PinGuard(policy or PinPolicy(), 0.0)
    keys = [f"10.0.{i // 250}.{i % 250}" for i in range(addresses)]
    now, guesses = 0.0, 0
    while True:
        wait, key = min((guard.wait(k, now), k) for k in keys)
        now += wait
        if now >= seconds:
            return guesses
        guard.failed(key, now)
        guesses += 1


@pytest.mark.parametrize(
    ("addresses", "first_hour", "three_hours", "day"),
    # The figures docs/PROTOCOL.md states (Limits and misbehaviour).
    [(1, 15, 23, 107), (254, 289, 349, 979)],
)
def test_the_documented_worst_case_guess_rates(addresses, first_hour, three_hours, day):
    assert attack(addresses, 3600) == first_hour
    assert attack(addresses, 3 * 3600) == three_hours
    assert attack(addresses, 24 * 3600) == day


def test_a_source_is_an_ipv4_address_or_an_ipv6_64():
    assert address_key("192.168.1.7") == "192.168.1.7"
    assert address_key("::ffff:192.168.1.7") == "192.168.1.7"
    assert address_key("fe80::1:2:3:4%eth0") == "fe80::/64"
    assert address_key("2001:db8:0:1::5") == address_key("2001:db8:0:1:ffff::9")


async def test_a_brute_force_client_is_slowed_and_its_guesses_go_unchecked(make_host):
    clock = FakeClock()
    notices: list[str] = []
    host = await make_host(pin=PIN, clock=clock, on_notice=notices.append)
    port = host.address[1]
    answers = [await hello_from(port, ATTACKER, name=f"g{i}", pin=f"{i:04d}") for i in range(12)]
    assert [a["reason"] for a in answers[:3]] == [p.WRONG_PIN] * 3
    assert all(a["reason"] == p.PIN_BACKOFF for a in answers[3:])
    # During the wait even the right PIN is not checked: a welcome would reveal it.
    right = await hello_from(port, ATTACKER, name="lucky", pin=PIN)
    assert right["t"] == p.REFUSED
    assert right["reason"] == p.PIN_BACKOFF
    assert right["retry_after"] >= 1
    assert host.pin_failures == 3
    assert len(notices) == 3
    assert ATTACKER in notices[-1]
    assert "3 wrong in all" in notices[-1]

    # Trying again each time the host says it may: a simulated hour buys a few guesses.
    guesses, start = 3, clock.now
    while clock.now < start + 3600:
        answer = await hello_from(port, ATTACKER, name="g", pin="0000")
        if answer["reason"] == p.WRONG_PIN:
            guesses += 1
        clock.now += answer.get("retry_after") or 0.5
    assert guesses <= 15
    assert host.pin_failures == guesses


async def test_an_honest_player_from_another_address_is_not_slowed(make_host, make_client):
    clock = FakeClock()
    policy = PinPolicy(global_burst=2, global_interval=600)
    host = await make_host(pin=PIN, clock=clock, pin_policy=policy)
    port = host.address[1]
    for i in range(6):  # the attacker's own backoff, and the global budget, both spent
        await hello_from(port, ATTACKER, name=f"g{i}", pin=f"{i:04d}")
    assert (await hello_from(port, ATTACKER, name="g", pin=PIN))["reason"] == p.PIN_BACKOFF
    honest = await make_client(port, "Ada", pin=PIN, config_source="127.0.0.4")
    assert honest.seat == "Ada"
    assert (await honest.command({"op": "add", "n": 1})).accepted


async def test_many_addresses_share_one_budget_but_a_newcomer_is_always_checked(make_host):
    clock = FakeClock()
    host = await make_host(pin=PIN, clock=clock, pin_policy=PinPolicy(global_burst=3))
    port = host.address[1]
    sources = [f"127.0.1.{i}" for i in range(1, 6)]
    first = [await hello_from(port, s, name="g", pin="0000") for s in sources]
    assert all(a["reason"] == p.WRONG_PIN for a in first), "a first try is always checked"
    # Each address could try again on its own, but the shared budget is spent.
    again = await hello_from(port, sources[0], name="g", pin="0001")
    assert again["reason"] == p.PIN_BACKOFF
    fresh = await hello_from(port, "127.0.1.99", name="Bea", pin=PIN)
    assert fresh["t"] == p.WELCOME, "an honest newcomer walks in during the attack"
    clock.now += PinPolicy().global_interval
    assert (await hello_from(port, sources[0], name="g", pin="0001"))["reason"] == p.WRONG_PIN


async def test_the_right_pin_clears_an_address_record(make_host):
    clock = FakeClock()
    host = await make_host(pin=PIN, clock=clock)
    port = host.address[1]
    for i in range(2):
        await hello_from(port, ATTACKER, name="typo", pin=f"{i:04d}")
    assert (await hello_from(port, ATTACKER, name="Cy", pin=PIN))["t"] == p.WELCOME
    answers = [await hello_from(port, ATTACKER, name="g", pin="0000") for _ in range(3)]
    assert [a["reason"] for a in answers] == [p.WRONG_PIN] * 3


async def test_a_flood_of_new_seats_from_one_address_is_refused(make_host):
    clock = FakeClock()
    policy = SeatPolicy(burst=3, interval=30.0)
    host = await make_host(CounterGame(seats=20), clock=clock, seat_policy=policy)
    port = host.address[1]
    answers = [await hello_from(port, "127.0.0.5", name=f"squat{i}") for i in range(5)]
    assert [a["t"] for a in answers] == [p.WELCOME] * 3 + [p.REFUSED] * 2
    assert answers[3]["reason"] == p.TOO_MANY_JOINS
    assert answers[3]["retry_after"] == 30
    assert len(host.presence) == 3, "a refused join leaves no seat behind"
    # A seat coming back with its token is not a new seat.
    back = await hello_from(port, "127.0.0.5", name="squat0", token=answers[0]["token"])
    assert back["t"] == p.WELCOME
    # Someone else, and the host's own loopback, are not held up.
    assert (await hello_from(port, "127.0.0.6", name="Ada"))["t"] == p.WELCOME
    for i in range(5):
        assert (await hello_from(port, "127.0.0.1", name=f"bot{i}"))["t"] == p.WELCOME
    clock.now += 30
    assert (await hello_from(port, "127.0.0.5", name="later"))["t"] == p.WELCOME
    assert (await hello_from(port, "127.0.0.5", name="again"))["reason"] == p.TOO_MANY_JOINS


async def test_spectators_are_not_new_seats(make_host):
    host = await make_host(clock=FakeClock(), seat_policy=SeatPolicy(burst=1))
    port = host.address[1]
    for i in range(4):
        answer = await hello_from(port, "127.0.0.5", name=f"fan{i}", role="spectator")
        assert answer["t"] == p.WELCOME


async def test_the_client_reports_how_long_to_wait(make_host, make_client):
    clock = FakeClock()
    host = await make_host(pin=PIN, clock=clock)
    for i in range(3):
        await hello_from(host.address[1], ATTACKER, name="g", pin=f"{i:04d}")
    with pytest.raises(Refused) as refused:
        await make_client(host.address[1], "Eve", pin="9999", config_source=ATTACKER)
    assert refused.value.reason == p.PIN_BACKOFF
    assert refused.value.retry_after == 1
    assert "wrong PINs" in refused.value.message
