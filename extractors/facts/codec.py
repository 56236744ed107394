"""Facts as plain data and back, checked against their declared types.

The facts cache stores what this writes (JSON text), never code: reading an entry runs no
constructor but the fact dataclasses' own, and only after every field has been checked
against the type its class declares. An entry that does not fit (damaged, written by
another version, or forged with a value of the wrong shape) raises ``FactsDataError``,
and the cache treats it as absent.
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import json
import types
import typing
from functools import cache
from typing import Any, Literal, Union, get_args, get_origin

from . import FileFacts

# The modules whose dataclasses may appear in facts: the only classes an entry may name.
_MODULES = (
    "ralph_validate.extractors.facts",
    "ralph_validate.extractors.facts.contracts",
    "ralph_validate.extractors.facts.impl",
    "ralph_validate.extractors.facts.integrity",
    "ralph_validate.extractors.facts.terms",
    "ralph_validate.extractors.facts.testfile",
)
_TAG = "~"  # the key naming an object's class, or the kind of an untyped value


class FactsDataError(ValueError):
    """Data that is not the facts it claims to be."""


@cache
def _classes() -> dict[str, type]:
    found: dict[str, type] = {}
    for name in _MODULES:
        module = importlib.import_module(name)
        for value in vars(module).values():
            if isinstance(value, type) and dataclasses.is_dataclass(value):
                found[_name(value)] = value
    return found


def _name(cls: type) -> str:
    """A class as an entry names it: ``integrity.TestCase`` (two modules have a TestCase)."""
    return f"{cls.__module__.rsplit('.', 1)[-1]}.{cls.__qualname__}"


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def to_data(value: object) -> object:
    """``value`` as JSON-ready data (dataclasses tagged with their class name)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, object] = {_TAG: _name(type(value))}
        for f in dataclasses.fields(value):
            out[f.name] = to_data(getattr(value, f.name))
        return out
    if isinstance(value, enum.Enum):
        return value.value
    if value is None or isinstance(value, str | int | float | bool):
        return value
    if isinstance(value, tuple):
        return [to_data(v) for v in value]
    if isinstance(value, frozenset | set):
        items = [to_data(v) for v in value]
        return {_TAG: "set", "items": sorted(items, key=lambda v: json.dumps(v, sort_keys=True))}
    if isinstance(value, bytes):
        return {_TAG: "bytes", "hex": value.hex()}
    if isinstance(value, complex):
        return {_TAG: "complex", "real": value.real, "imag": value.imag}
    if isinstance(value, list):
        return {_TAG: "list", "items": [to_data(v) for v in value]}
    if isinstance(value, dict):
        return {_TAG: "dict", "items": [[to_data(k), to_data(v)] for k, v in value.items()]}
    raise TypeError(f"facts hold a {type(value).__name__}, which has no data form")


def dumps(facts: FileFacts) -> bytes:
    """The cache entry of one file's facts."""
    return json.dumps(to_data(facts), sort_keys=True, separators=(",", ":")).encode("utf-8")


def loads(data: bytes) -> FileFacts:
    """One file's facts from a cache entry, every field checked; ``FactsDataError`` else."""
    try:
        raw = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as err:
        raise FactsDataError(f"not JSON: {type(err).__name__}") from None
    try:
        facts = from_data(raw, FileFacts)
    except RecursionError:
        raise FactsDataError("nested too deep") from None
    assert isinstance(facts, FileFacts)
    return facts


def from_data(data: object, hint: Any) -> object:
    """``data`` read as a value of type ``hint``; ``FactsDataError`` when it is not one."""
    origin = get_origin(hint)
    if hint is Any or hint is object:
        return _untyped(data)
    if origin in (Union, types.UnionType):
        for option in get_args(hint):
            try:
                return from_data(data, option)
            except FactsDataError:
                continue
        raise FactsDataError(f"{data!r:.60} fits none of {hint}")
    if origin is Literal:
        if not any(data == a and type(data) is type(a) for a in get_args(hint)):
            raise FactsDataError(f"{data!r:.60} is not one of {get_args(hint)}")
        return data
    if hint is type(None):
        if data is not None:
            raise FactsDataError("expected null")
        return None
    if origin in (tuple, frozenset, list, set):
        return _collection(data, hint, origin)
    if origin is dict:
        key_type, value_type = get_args(hint)
        pairs = _tagged(data, "dict").get("items")
        if not isinstance(pairs, list):
            raise FactsDataError("a mapping without items")
        return {from_data(k, key_type): from_data(v, value_type) for k, v in _pairs(pairs)}
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        try:
            return hint(data)
        except ValueError:
            raise FactsDataError(f"{data!r:.60} is no {hint.__name__}") from None
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass(data, hint)
    if hint in (str, int, float, bool):
        return _scalar(data, hint)
    raise FactsDataError(f"facts declare a type the cache does not read: {hint}")


def _scalar(data: object, hint: type) -> object:
    if hint is float and isinstance(data, int) and not isinstance(data, bool):
        return float(data)
    if not isinstance(data, hint) or (hint is not bool and isinstance(data, bool)):
        raise FactsDataError(f"{data!r:.60} is no {hint.__name__}")
    return data


def _collection(data: object, hint: Any, origin: type) -> object:
    args = get_args(hint)
    if origin in (frozenset, set):
        items = _tagged(data, "set").get("items")
    elif origin is list:
        items = _tagged(data, "list").get("items")
    else:
        items = data
    if not isinstance(items, list):
        raise FactsDataError(f"{data!r:.60} is no sequence")
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return tuple(from_data(v, args[0]) for v in items)
    if origin is tuple:
        if len(items) != len(args):
            raise FactsDataError(f"{len(items)} items where {len(args)} are declared")
        return tuple(from_data(v, a) for v, a in zip(items, args, strict=True))
    values = [from_data(v, args[0] if args else object) for v in items]
    return origin(values)


def _dataclass(data: object, hint: type) -> object:
    if not isinstance(data, dict):
        raise FactsDataError(f"{data!r:.60} is no {hint.__name__}")
    cls = _classes().get(str(data.get(_TAG)))
    if cls is None or not issubclass(cls, hint):
        raise FactsDataError(f"{data.get(_TAG)!r:.60} is no {hint.__name__}")
    hints = _hints(cls)
    known = {f.name for f in dataclasses.fields(cls)}
    extra = set(data) - known - {_TAG}
    if extra:
        raise FactsDataError(f"{cls.__name__} has no field {sorted(extra)[0]!r}")
    values: dict[str, object] = {}
    for f in dataclasses.fields(cls):
        if f.name not in data:
            raise FactsDataError(f"{cls.__name__} without {f.name!r}")
        values[f.name] = from_data(data[f.name], hints[f.name])
    given = {f.name for f in dataclasses.fields(cls) if f.init}
    init = {k: v for k, v in values.items() if k in given}
    try:
        built = cls(**init)
    except (TypeError, ValueError) as err:
        raise FactsDataError(f"{cls.__name__}: {err}") from None
    for name, value in values.items():
        if name not in init:
            object.__setattr__(built, name, value)
    return built


def _tagged(data: object, kind: str) -> dict[str, object]:
    if not isinstance(data, dict) or data.get(_TAG) != kind:
        raise FactsDataError(f"{data!r:.60} is no {kind}")
    return data


def _pairs(items: list[object]) -> list[tuple[object, object]]:
    pairs: list[tuple[object, object]] = []
    for item in items:
        if not isinstance(item, list) or len(item) != 2:
            raise FactsDataError("a mapping item is no pair")
        pairs.append((item[0], item[1]))
    return pairs


def _untyped(data: object) -> object:
    """A value declared only as ``object`` (a literal a test compares with)."""
    if data is None or isinstance(data, str | int | float | bool):
        return data
    if isinstance(data, list):
        return tuple(_untyped(v) for v in data)
    if isinstance(data, dict):
        kind = data.get(_TAG)
        if kind == "set":
            items = data.get("items")
            if isinstance(items, list):
                return frozenset(_untyped(v) for v in items)
        elif kind == "list":
            items = data.get("items")
            if isinstance(items, list):
                return [_untyped(v) for v in items]
        elif kind == "bytes" and isinstance(data.get("hex"), str):
            try:
                return bytes.fromhex(str(data["hex"]))
            except ValueError:
                raise FactsDataError("bytes that are not hex") from None
        elif kind == "complex":
            real, imag = data.get("real"), data.get("imag")
            if isinstance(real, int | float) and isinstance(imag, int | float):
                return complex(real, imag)
        elif isinstance(kind, str) and kind in _classes():
            return _dataclass(data, object)
    raise FactsDataError(f"{data!r:.60} is no literal value")
