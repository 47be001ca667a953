"""Commands and events as msgpack-ready maps, and back, checking every type.

A peer can send anything, so decoding follows the dataclasses' type hints and
refuses whatever does not fit with a `CodecError` instead of building a
half-typed command. Every game's codec builds its registries of commands and events
with `registry` and decodes with `decode_kind` (e.g. `games/wordsy/rules/codec.py`).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from enum import Enum
from functools import cache
from typing import Any, Final

from wordsy_tui.engine.rules import Longest

KIND = "kind"


class CodecError(ValueError):
    pass


class TooLong(CodecError):
    """A field longer than its game can use (its `Longest`): the sentence for the player."""


def registry(union: Any) -> dict[str, type]:
    """The dataclasses of a union (a game's commands or events) by their wire `kind`."""
    return {cls.__name__: cls for cls in typing.get_args(union)}


def encode(obj: Any) -> dict[str, Any]:
    """A command or event as a map with its `kind`."""
    return {KIND: type(obj).__name__, **_fields(obj)}


def _fields(obj: object) -> dict[str, Any]:
    cls: type = obj.__class__
    return {name: _plain(getattr(obj, name)) for name in _names(cls)}


@cache
def _names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


# Values that are their own wire form (exactly these types: an Enum of str is not one).
_AS_IS: Final = frozenset({str, int, bool, bytes, float, type(None)})


def _plain(value: Any) -> Any:
    # The host encodes every event for every recipient: the common case first.
    if type(value) in _AS_IS:
        return value
    if type(value) is tuple:  # a play's tiles, a word and its score: tuples of plain values
        return [v if type(v) in _AS_IS else _plain(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _fields(value)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, frozenset):
        return sorted(value)
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    return value


def decode_kind(data: Any, kinds: dict[str, type]) -> Any:
    """The dataclass of `kinds` that the map's `kind` names, built from its other fields."""
    if not isinstance(data, dict) or not isinstance(data.get(KIND), str):
        raise CodecError("expected a map with a 'kind'")
    cls = kinds.get(data[KIND])
    if cls is None:
        raise CodecError(f"unknown kind {data[KIND]!r}")
    return _build(cls, {k: v for k, v in data.items() if k != KIND})


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls, include_extras=True)


def bounded(value: str | bytes, bound: Longest) -> None:
    """Refuse `value` (`TooLong`) when it is longer than `bound`."""
    if len(value) > bound.limit:
        unit = "byte" if isinstance(value, bytes) else "character"
        plural = "" if bound.limit == 1 else "s"
        raise TooLong(f"{bound.what.capitalize()} is at most {bound.limit} {unit}{plural}.")


_LISTS: Final = (list, tuple)
"""What a wire list may be (msgpack gives lists; a typed value holds tuples)."""

Convert = Callable[[Any, str], Any]
"""A field's value from the wire, checked against its hint (`where` names it in a refusal)."""


@dataclasses.dataclass(frozen=True, slots=True)
class _Field:
    name: str
    convert: Convert
    required: bool
    where: str


@cache
def _plan(cls: type) -> tuple[frozenset[str], tuple[_Field, ...]]:
    """A dataclass's field names, and each field as `_build` reads it: worked out once."""
    hints = _hints(cls)
    fields = tuple(
        _Field(
            f.name,
            _converter(hints[f.name]),
            f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING,
            f"{cls.__name__}.{f.name}",
        )
        for f in dataclasses.fields(cls)
    )
    return frozenset(f.name for f in fields), fields


def _build(cls: type, data: Any) -> Any:
    if not isinstance(data, dict):
        raise CodecError(f"{cls.__name__}: expected a map")
    names, fields = _plan(cls)
    if not names.issuperset(data):
        unknown = set(data) - names
        raise CodecError(f"{cls.__name__}: unknown fields {sorted(map(str, unknown))}")
    values = {}
    for f in fields:
        if f.name in data:
            values[f.name] = f.convert(data[f.name], f.where)
        elif f.required:
            raise CodecError(f"{cls.__name__}: missing {f.name}")
    return cls(**values)


@cache
def _converter(hint: Any) -> Convert:
    """How to read a value of type `hint`, worked out once per hint: the host decodes every
    command it hears, and taking a hint apart (`typing.get_origin`, `get_args`) at each
    value cost a Scrabble play a third of its decision."""
    if hint in (str, bytes, bool):
        return _exactly(hint)
    # bool is an int in Python; keep them apart so `true` is never a count.
    if hint is int:
        return _integer
    if hint is type(None):
        return _nothing
    origin = typing.get_origin(hint)
    if origin is typing.Annotated:
        base, *marks = typing.get_args(hint)
        return _bounded(_converter(base), tuple(m for m in marks if isinstance(m, Longest)))
    if origin in (types.UnionType, typing.Union):
        return _first_fit(hint, tuple(_converter(o) for o in typing.get_args(hint)))
    if origin is frozenset:
        (item,) = typing.get_args(hint)
        return _frozenset(_converter(item))
    if origin is tuple:
        items = typing.get_args(hint)
        if len(items) == 2 and items[1] is Ellipsis:
            return _any_tuple(_converter(items[0]))
        return _fixed_tuple(tuple(_converter(item) for item in items))
    if origin in (Mapping, dict):
        key, item = typing.get_args(hint)
        return _mapping(_converter(key), _converter(item))
    if isinstance(hint, type) and issubclass(hint, Enum):
        return _enum(hint)
    if dataclasses.is_dataclass(hint):
        cls = typing.cast(type, hint)
        return lambda value, where: _build(cls, value)
    return lambda value, where: value


def _exactly(kind: type) -> Convert:
    def convert(value: Any, where: str) -> Any:
        if not isinstance(value, kind):
            raise CodecError(f"{where}: expected {kind.__name__}")
        return value

    return convert


def _integer(value: Any, where: str) -> Any:
    if isinstance(value, bool) or not isinstance(value, int):
        raise CodecError(f"{where}: expected an integer")
    return value


def _nothing(value: Any, where: str) -> Any:
    if value is not None:
        raise CodecError(f"{where}: expected nothing")
    return None


def _bounded(base: Convert, bounds: tuple[Longest, ...]) -> Convert:
    if not bounds:
        return base
    limit = min(bound.limit for bound in bounds)

    def convert(value: Any, where: str) -> Any:
        converted = base(value, where)
        if len(converted) > limit:  # the usual value fits every bound: one look at it
            for bound in bounds:
                bounded(converted, bound)
        return converted

    return convert


def _first_fit(hint: Any, options: tuple[Convert, ...]) -> Convert:
    def convert(value: Any, where: str) -> Any:
        for option in options:
            try:
                return option(value, where)
            except TooLong:
                raise  # it fits, but is too long: that is the answer
            except CodecError:
                continue
        raise CodecError(f"{where}: {value!r} fits none of {hint}")

    return convert


def _frozenset(item: Convert) -> Convert:
    def convert(value: Any, where: str) -> Any:
        if not isinstance(value, _LISTS):
            raise CodecError(f"{where}: expected a list")
        return frozenset(item(v, where) for v in value)

    return convert


def _any_tuple(item: Convert) -> Convert:
    """`tuple[X, ...]`: any length."""

    def convert(value: Any, where: str) -> Any:
        if not isinstance(value, _LISTS):
            raise CodecError(f"{where}: expected a list")
        return tuple([item(v, where) for v in value])

    return convert


def _fixed_tuple(items: tuple[Convert, ...]) -> Convert:
    """`tuple[X, Y]`: exactly these."""

    size = len(items)

    def convert(value: Any, where: str) -> Any:
        if not isinstance(value, _LISTS):
            raise CodecError(f"{where}: expected a list")
        if len(value) != size:
            raise CodecError(f"{where}: expected a list of {size}")
        return tuple([item(v, where) for item, v in zip(items, value, strict=True)])

    if size != 2:
        return convert
    first, second = items

    # A pair (a tile's square and letter, a word and its score) is the common case.
    def pair(value: Any, where: str) -> Any:
        if not isinstance(value, _LISTS) or len(value) != 2:
            return convert(value, where)  # its refusal
        return (first(value[0], where), second(value[1], where))

    return pair


def _mapping(key: Convert, item: Convert) -> Convert:
    def convert(value: Any, where: str) -> Any:
        if not isinstance(value, dict):
            raise CodecError(f"{where}: expected a map")
        return {key(k, where): item(v, where) for k, v in value.items()}

    return convert


def _enum(kind: type[Enum]) -> Convert:
    def convert(value: Any, where: str) -> Any:
        try:
            return kind(value)
        except ValueError:
            raise CodecError(f"{where}: {value!r} is not a {kind.__name__}") from None

    return convert
