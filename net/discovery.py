"""Find games on the LAN with mDNS/DNS-SD (python-zeroconf's asyncio API).

The service type and TXT properties come from the caller, so any game can use this:

    ad = Advertiser("_wordsy._tcp.local.", "Ada's game", port, {"v": "1", "phase": "lobby"})
    await ad.start(); await ad.update({... "phase": "round 3"}); await ad.stop()

    async with Browser("_wordsy._tcp.local.") as browser:
        async for change in browser.changes():   # Change("added"|"updated"|"removed", Service)
            ...

`interfaces` (a list of local addresses) limits mDNS to those interfaces.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import struct
import sys
from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import TracebackType
from typing import TYPE_CHECKING, Any, Literal, Self

# zeroconf is imported where a service starts, and ifaddr (with ctypes) where an address is
# asked for off Linux: a host that does not advertise never loads them.
if TYPE_CHECKING:
    from zeroconf import ServiceStateChange, Zeroconf
    from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

_REQUEST_TIMEOUT_MS = 3000


@dataclass(frozen=True)
class Service:
    """One advertised game: its instance name, where to connect, and its TXT properties."""

    name: str
    addresses: tuple[str, ...] = ()
    port: int = 0
    properties: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Change:
    kind: Literal["added", "updated", "removed"]
    service: Service


def _zeroconf(interfaces: Sequence[str] | None) -> AsyncZeroconf:
    from zeroconf import IPVersion
    from zeroconf.asyncio import AsyncZeroconf

    if interfaces:
        return AsyncZeroconf(interfaces=list(interfaces), ip_version=IPVersion.V4Only)
    return AsyncZeroconf(ip_version=IPVersion.V4Only)


def lan_addresses() -> list[str]:
    """This machine's non-loopback IPv4 addresses (what an advertisement should carry)."""
    found = _kernels_addresses() if sys.platform == "linux" else None
    if found is None:
        import ifaddr

        found = [
            str(ip.ip) for adapter in ifaddr.get_adapters() for ip in adapter.ips if ip.is_IPv4
        ]
    return [address for address in found if not address.startswith("127.")]


_SIOCGIFCONF = 0x8912
_IFREQ_SIZE = 40 if struct.calcsize("P") == 8 else 32
"""Linux's `struct ifreq`: a 16-byte name, then a union as wide as `struct ifmap`."""
_MOST_INTERFACES = 256


def _kernels_addresses() -> list[str] | None:
    """The IPv4 address of each interface, as Linux's SIOCGIFCONF lists them; None if the
    kernel will not say. ifaddr asks getifaddrs(3) through ctypes, whose import is 20-30 ms
    of a LAN host's start-up before its first frame; one ioctl costs nothing."""
    import array
    import fcntl

    room = _MOST_INTERFACES * _IFREQ_SIZE
    buffer = array.array("B", bytes(room))
    conf = struct.pack("iL", room, buffer.buffer_info()[0])
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            used = struct.unpack("iL", fcntl.ioctl(probe.fileno(), _SIOCGIFCONF, conf))[0]
    except OSError:
        return None
    listing = buffer.tobytes()
    # Each entry's address is a sockaddr_in after the name: family, port, then the 4 bytes.
    return [
        socket.inet_ntoa(listing[at + 20 : at + 24])
        for at in range(0, used, _IFREQ_SIZE)
        if int.from_bytes(listing[at + 16 : at + 18], sys.byteorder) == socket.AF_INET
    ]


class _Running:
    """`async with` starts and stops the service."""

    async def start(self) -> None:
        raise NotImplementedError

    async def stop(self) -> None:
        raise NotImplementedError

    async def __aenter__(self) -> Self:
        await self.start()
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.stop()


class Advertiser(_Running):
    """Announces one service until stopped; properties can change while it runs."""

    def __init__(
        self,
        service_type: str,
        instance: str,
        port: int,
        properties: Mapping[str, str],
        *,
        addresses: Sequence[str] | None = None,
        interfaces: Sequence[str] | None = None,
    ) -> None:
        self.service_type = service_type
        self.instance = instance
        self.port = port
        self._properties = dict(properties)
        # A machine with no LAN address still lists its games to itself.
        self._addresses = list(addresses or interfaces or lan_addresses() or ["127.0.0.1"])
        self._interfaces = interfaces
        self._zc: AsyncZeroconf | None = None
        self._info: AsyncServiceInfo | None = None
        self._registered = False

    @property
    def name(self) -> str:
        """The registered instance name (zeroconf may add a suffix to resolve a clash)."""
        assert self._info is not None
        return self._info.name.removesuffix("." + self.service_type)

    def _make_info(self, name: str) -> AsyncServiceInfo:
        from zeroconf.asyncio import AsyncServiceInfo

        return AsyncServiceInfo(
            self.service_type,
            name,
            port=self.port,
            properties=self._properties,
            server=f"{socket.gethostname()}.local.",
            parsed_addresses=self._addresses,
        )

    async def start(self) -> None:
        self._zc = _zeroconf(self._interfaces)
        self._info = self._make_info(f"{self.instance}.{self.service_type}")
        registered = self._properties
        await (await self._zc.async_register_service(self._info, allow_name_change=True))
        self._registered = True
        if self._properties != registered:  # an update came while the name was probed
            await self._publish()

    async def update(self, properties: Mapping[str, str]) -> None:
        """Replace the TXT properties; browsers see an "updated" change."""
        self._properties = dict(properties)
        # While the name is still being probed, `start` publishes them once it is ours:
        # announced now, they would claim the name under the probe's feet, and the probe,
        # seeing its own name taken, would register the service again as "NAME-2" (a second,
        # never updated listing of the same game).
        if self._registered:
            await self._publish()

    async def _publish(self) -> None:
        assert self._zc is not None
        assert self._info is not None
        self._info = self._make_info(self._info.name)
        await (await self._zc.async_update_service(self._info))

    async def stop(self) -> None:
        """Withdraw the service (goodbye packets) and close the responder."""
        if self._zc is None:
            return
        if self._info is not None:
            await (await self._zc.async_unregister_service(self._info))
        await self._zc.async_close()
        self._zc = None


class Browser(_Running):
    """Watches for services of one type; `services` is the live view, `changes()` the feed."""

    def __init__(self, service_type: str, *, interfaces: Sequence[str] | None = None) -> None:
        self.service_type = service_type
        self.services: dict[str, Service] = {}
        self._interfaces = interfaces
        self._changes: asyncio.Queue[Change] = asyncio.Queue()
        self._zc: AsyncZeroconf | None = None
        self._browser: AsyncServiceBrowser | None = None
        self._lookups: dict[str, asyncio.Task[None]] = {}  # by service name, at most one each

    async def start(self) -> None:
        from zeroconf.asyncio import AsyncServiceBrowser

        self._zc = _zeroconf(self._interfaces)
        self._browser = AsyncServiceBrowser(
            self._zc.zeroconf, [self.service_type], handlers=[self._on_state_change]
        )

    async def stop(self) -> None:
        for task in self._lookups.values():
            task.cancel()
        await asyncio.gather(*self._lookups.values(), return_exceptions=True)
        if self._browser is not None:
            await self._browser.async_cancel()
        if self._zc is not None:
            await self._zc.async_close()
        self._zc = self._browser = None

    async def changes(self) -> AsyncIterator[Change]:
        while True:
            yield await self._changes.get()

    def _on_state_change(
        self,
        zeroconf: Zeroconf,
        service_type: str,
        name: str,
        state_change: ServiceStateChange,
        **_: Any,
    ) -> None:
        # Called by zeroconf on its loop with keyword arguments; must not block.
        from zeroconf import ServiceStateChange

        short = name.removesuffix("." + service_type)
        # A newer change supersedes a lookup still under way (and a removal cancels it).
        if (pending := self._lookups.pop(short, None)) is not None:
            pending.cancel()
        if state_change is ServiceStateChange.Removed:
            if self.services.pop(short, None) is not None:
                self._changes.put_nowait(Change("removed", Service(short)))
            return
        task = asyncio.get_running_loop().create_task(self._look_up(name, short))
        self._lookups[short] = task
        task.add_done_callback(lambda done: self._forget(short, done))

    def _forget(self, short: str, task: asyncio.Task[None]) -> None:
        if self._lookups.get(short) is task:
            del self._lookups[short]

    async def _look_up(self, name: str, short: str) -> None:
        from zeroconf import IPVersion
        from zeroconf.asyncio import AsyncServiceInfo

        assert self._zc is not None
        info = AsyncServiceInfo(self.service_type, name)
        with contextlib.suppress(OSError):
            if not await info.async_request(self._zc.zeroconf, _REQUEST_TIMEOUT_MS):
                return
        if info.port is None:
            return
        service = Service(
            short,
            tuple(info.parsed_addresses(IPVersion.V4Only)),
            info.port,
            {
                key.decode(errors="replace"): (value or b"").decode(errors="replace")
                for key, value in info.properties.items()
            },
        )
        if self.services.get(short) == service:
            return
        kind: Literal["added", "updated"] = "updated" if short in self.services else "added"
        self.services[short] = service
        self._changes.put_nowait(Change(kind, service))
