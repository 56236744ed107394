"""When two field names name one concept: the spelling rules of naming drift (Q4).

``user_id``, ``userId``, ``UserID``, ``user-id`` and ``userIds`` all reduce to the
same words (``user id``); so do ``qty``/``quantity`` and ``msg``/``message``. The
rules are deliberately few and predictable: split into words (case changes, digits,
``_``, ``-``, ``.``, spaces), lower-case, expand a fixed table of common
abbreviations, and take each word's singular by English suffix rules. Two names
with the same reduction are one concept spelled two ways.
"""

from __future__ import annotations

import re
from functools import lru_cache

_WORD = re.compile(r"[A-Z]+(?=[A-Z][a-z]|\d|\b|_|$)|[A-Z]?[a-z]+|[A-Z]+|\d+")

# Abbreviation -> the word it stands for. Only abbreviations that are unambiguous as
# field names; two-letter ones are limited to the very common.
ABBREVIATIONS: dict[str, str] = {
    "addr": "address",
    "amt": "amount",
    "arg": "argument",
    "attr": "attribute",
    "auth": "authorization",
    "avg": "average",
    "btn": "button",
    "calc": "calculation",
    "cfg": "configuration",
    "cnt": "count",
    "conf": "configuration",
    "config": "configuration",
    "ctx": "context",
    "db": "database",
    "desc": "description",
    "dest": "destination",
    "dst": "destination",
    "dt": "date",
    "env": "environment",
    "err": "error",
    "id": "identifier",
    "idx": "index",
    "img": "image",
    "info": "information",
    "len": "length",
    "max": "maximum",
    "min": "minimum",
    "msg": "message",
    "num": "number",
    "org": "organization",
    "param": "parameter",
    "pct": "percent",
    "prev": "previous",
    "qty": "quantity",
    "ref": "reference",
    "repo": "repository",
    "req": "request",
    "res": "response",
    "resp": "response",
    "sec": "second",
    "src": "source",
    "stat": "statistic",
    "tmp": "temporary",
    "temp": "temporary",
    "ts": "timestamp",
    "txn": "transaction",
    "usr": "user",
    "val": "value",
}

# Words whose final "s" is not a plural.
_NOT_PLURAL = frozenset(
    {
        "status",
        "address",
        "class",
        "process",
        "access",
        "success",
        "progress",
        "alias",
        "bus",
        "news",
        "series",
        "analysis",
        "basis",
        "axis",
        "canvas",
        "bonus",
        "campus",
        "census",
        "corpus",
        "virus",
        "atlas",
        "gas",
        "yes",
        "this",
        "is",
        "was",
        "has",
        "does",
        "less",
        "loss",
        "pass",
        "boss",
        "miss",
        "kiss",
        "bias",
        "chaos",
        "lens",
        "minus",
        "plus",
        "previous",
        "various",
        "focus",
        "radius",
        "consensus",
        "apparatus",
        "nexus",
        "thesis",
        "crisis",
        "diagnosis",
        "emphasis",
        "hypothesis",
        "synopsis",
    }
)
_IRREGULAR = {
    "children": "child",
    "people": "person",
    "men": "man",
    "women": "woman",
    "indices": "index",
    "matrices": "matrix",
    "vertices": "vertex",
    "data": "datum",
    "criteria": "criterion",
    "statuses": "status",
    "addresses": "address",
    "aliases": "alias",
    "analyses": "analysis",
    "processes": "process",
    "successes": "success",
    "classes": "class",
}


def words(name: str) -> list[str]:
    """``estimatedDeliveryAt`` -> ``["estimated", "delivery", "at"]``."""
    return [w.lower() for w in _WORD.findall(name)]


def singular(word: str) -> str:
    """The singular of an English plural by suffix rules; other words unchanged."""
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if len(word) <= 3 or word in _NOT_PLURAL or word.endswith(("ss", "us", "is")):
        return word
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "xes", "zes", "sses")):
        return word[:-2]
    if word.endswith("s"):
        return word[:-1]
    return word


@lru_cache(maxsize=16384)
def canonical(name: str) -> str:
    """The reduction two spellings of one field name share (space-separated words)."""
    parts = words(name)
    if not parts:
        return name.lower()
    out = []
    for word in parts:
        if word not in ABBREVIATIONS and word.endswith("s") and word[:-1] in ABBREVIATIONS:
            word = word[:-1]  # "ids", "msgs": the plural of an abbreviation
        word = singular(word)
        out.append(singular(ABBREVIATIONS.get(word, word)))
    return " ".join(out)


def same_concept(a: str, b: str) -> bool:
    """True when ``a`` and ``b`` are one field name spelled two ways (not when equal)."""
    return a != b and canonical(a) == canonical(b)
