"""What one source address may try: PIN guesses and new seats, paced so that neither a
guesser nor a flood of joins gets far, while an honest newcomer from elsewhere walks in.

Pure bookkeeping: every method takes the time `now` (seconds, any monotonic origin), so
tests drive the clock explicitly.
"""

from __future__ import annotations

import ipaddress
from collections import OrderedDict
from dataclasses import dataclass
from typing import Generic, TypeVar

REMEMBERED_ADDRESSES = 65536  # a bound on the host's memory, whatever an attacker tries


def address_key(host: str) -> str:
    """The source that limits are counted against: the IPv4 address, or the IPv6 /64 (one
    machine can pick any address of its /64, so counting addresses would count nothing)."""
    try:
        address = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


T = TypeVar("T")


class _Recent(Generic[T]):
    """Per-address records, the least recently used forgotten beyond a bound."""

    def __init__(self, make: type[T], bound: int = REMEMBERED_ADDRESSES) -> None:
        self._make = make
        self._bound = bound
        self._records: OrderedDict[str, T] = OrderedDict()

    def get(self, key: str) -> T | None:
        record = self._records.get(key)
        if record is not None:
            self._records.move_to_end(key)
        return record

    def setdefault(self, key: str) -> T:
        record = self.get(key)
        if record is None:
            record = self._records[key] = self._make()
            while len(self._records) > self._bound:
                self._records.popitem(last=False)
        return record

    def forget(self, key: str) -> None:
        self._records.pop(key, None)


@dataclass(frozen=True)
class PinPolicy:
    """How wrong PINs are paced. See docs/PROTOCOL.md (Limits) for the resulting figure."""

    free: int = 3  # wrong PINs an address may send back to back (typos happen)
    backoff: float = 1.0  # the wait after the first wrong PIN beyond `free`, doubled each time
    backoff_max: float = 900.0
    # Across all addresses that have already sent a wrong PIN: a budget of checks, so that
    # many addresses cannot guess in parallel. A newcomer's first try never waits for it.
    global_burst: int = 10
    global_interval: float = 120.0  # one more check in the budget per interval


@dataclass
class _Failures:
    count: int = 0
    until: float = 0.0  # no PIN from this address is checked before then


class PinGuard:
    """Counts wrong PINs per source address and says how long a source must wait."""

    def __init__(self, policy: PinPolicy, now: float) -> None:
        self.policy = policy
        self.failures = 0  # wrong PINs in all, for the host's screen
        self._sources = _Recent(_Failures)
        self._budget = float(policy.global_burst)
        self._budget_at = now

    def wait(self, key: str, now: float) -> float:
        """Seconds before a PIN from `key` may be checked (0: check it now)."""
        record = self._sources.get(key)
        if record is None or record.count == 0:
            return 0.0  # an honest newcomer is never held up by someone else's guessing
        own = record.until - now
        self._refill(now)
        shared = (1 - self._budget) * self.policy.global_interval if self._budget < 1 else 0.0
        return max(0.0, own, shared)

    def failed(self, key: str, now: float) -> float:
        """Record a wrong PIN from `key`; return how long it must now wait."""
        self.failures += 1
        record = self._sources.setdefault(key)
        record.count += 1
        beyond = record.count - self.policy.free
        if beyond >= 0:
            delay = self.policy.backoff * 2.0 ** min(beyond, 64)
            record.until = now + min(self.policy.backoff_max, delay)
        self._refill(now)
        self._budget = max(0.0, self._budget - 1)
        return self.wait(key, now)

    def succeeded(self, key: str) -> None:
        """The right PIN: whoever sits at `key` knows it, so its count no longer matters."""
        self._sources.forget(key)

    def _refill(self, now: float) -> None:
        gained = (now - self._budget_at) / self.policy.global_interval
        self._budget = min(float(self.policy.global_burst), self._budget + gained)
        self._budget_at = now


@dataclass(frozen=True)
class SeatPolicy:
    """How fast one source address may create new seats (a token taken back is free)."""

    burst: int = 3
    interval: float = 30.0  # one more new seat per interval, after the burst


@dataclass
class _Allowance:
    level: float = 0.0
    at: float = 0.0


class SeatLimiter:
    """A token bucket of new seats per source address."""

    def __init__(self, policy: SeatPolicy) -> None:
        self.policy = policy
        self._sources = _Recent(_Allowance)

    def wait(self, key: str, now: float) -> float:
        """Seconds before `key` may create a seat (0: now)."""
        record = self._sources.get(key)
        if record is None:
            return 0.0
        level = self._level(record, now)
        return 0.0 if level >= 1 else (1 - level) * self.policy.interval

    def took(self, key: str, now: float) -> None:
        record = self._sources.get(key)
        level = float(self.policy.burst) if record is None else self._level(record, now)
        record = self._sources.setdefault(key)
        record.level, record.at = level - 1, now

    def _level(self, record: _Allowance, now: float) -> float:
        gained = (now - record.at) / self.policy.interval
        return min(float(self.policy.burst), record.level + gained)
