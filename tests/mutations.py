"""Hypothesis strategies that damage a valid input the ways the hardening issue lists:
truncation, byte flips, unbalanced brackets, 50,000-character lines, deep nesting, NUL bytes,
invalid UTF-8, BOMs and mixed line endings. Every property draws a seed file and one or more
of these damages; the number of examples follows the active hypothesis settings profile."""

from __future__ import annotations

from hypothesis import settings
from hypothesis import strategies as st

# How many times more examples a property with its own count draws under the "long" profile
# (tests/conftest.py registers the profiles; the others follow the profile's max_examples).
LONG_FACTOR = 20


def examples(count: int) -> int:
    """A property's own example count: ``count`` in the bounded run, LONG_FACTOR times as many
    under the "long" profile (``pytest --long``)."""
    return count * LONG_FACTOR if settings.get_current_profile_name() == "long" else count


def _truncate(data: bytes, at: int) -> bytes:
    return data[: at % (len(data) + 1)]


def _flip(data: bytes, at: int) -> bytes:
    if not data:
        return data
    i = at % len(data)
    return data[:i] + bytes([data[i] ^ 0xFF]) + data[i + 1 :]


def _insert(data: bytes, at: int, piece: bytes) -> bytes:
    i = at % (len(data) + 1)
    return data[:i] + piece + data[i:]


def _endings(data: bytes, at: int) -> bytes:
    lines = data.split(b"\n")
    ends = (b"\n", b"\r\n", b"\r")
    return b"".join(line + ends[(at + n) % 3] for n, line in enumerate(lines))


PIECES = (
    b"[",
    b"]",
    b"{",
    b"}",
    b"\0",
    b"\xff\xfe",
    b"\xc3(",
    b"\xef\xbb\xbf",
    b"x" * 50_000,
    b"[" * 50_000,
    b"{" * 30_000,
    b"- [ ] " + b"a" * 50_000,
    b"<promise>COMPLETE</promise>",
)


@st.composite
def mutated(draw: st.DrawFn, seeds: tuple[bytes, ...]) -> bytes:
    """One seed with one to three damages applied."""
    data = draw(st.sampled_from(seeds))
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, 1 << 20))
        kind = draw(st.sampled_from(("truncate", "flip", "insert", "endings", "bom")))
        if kind == "truncate":
            data = _truncate(data, at)
        elif kind == "flip":
            data = _flip(data, at)
        elif kind == "insert":
            data = _insert(data, at, draw(st.sampled_from(PIECES)))
        elif kind == "endings":
            data = _endings(data, at)
        else:
            data = b"\xef\xbb\xbf" + data
    return data
