"""Checks of the error a rejection or throw check hands back belong to that check.

``const err = await p.should.be.rejected(); err.message.should.match(/re/)`` (chai-as-promised)
and ``assert.rejects(p, (err) => { assert.match(err.message, /re/); return true })`` make
one check, the one ``await expect(p).rejects.toThrow(/re/)`` makes: ``p`` rejects with a
message that matches. A check of the bound error's message becomes that check's message
match, a check of its class its exception type, and is no assertion of its own.
"""

from __future__ import annotations

from dataclasses import replace

import tree_sitter as ts

from ..common.treesitter import text
from .assertions import REJECTION_METHODS, THROW_METHODS, AssertionSite
from .syntax import CALLBACK_TYPES, arguments_of, enclosing_function

_REJECTING = THROW_METHODS | REJECTION_METHODS | {"rejected", "isRejected"}
# Matchers that check a message: equal to, containing or matching a string or pattern.
_MESSAGE_WORDS = frozenset(
    "match matches include includes contain contains equal equals eq string strictEqual "
    "toMatch toContain toBe toEqual toStrictEqual".split()
)
_CLASS_WORDS = frozenset("instanceOf instanceof toBeInstanceOf".split())
_VALUE_PARENTS = frozenset({"await_expression", "parenthesized_expression"})


def _scope(node: ts.Node) -> int:
    found = enclosing_function(node)
    return found.start_byte if found is not None else -1


def _bound_name(site: AssertionSite) -> tuple[str, int] | None:
    """The name a rejection check's result is bound to (``const err = await ...``), with the
    function it is bound in."""
    node = site.end
    while node.parent is not None and node.parent.type in _VALUE_PARENTS:
        node = node.parent
    holder = node.parent
    if holder is None:
        return None
    if holder.type == "variable_declarator" and holder.child_by_field_name("value") == node:
        name = holder.child_by_field_name("name")
    elif holder.type == "assignment_expression" and holder.child_by_field_name("right") == node:
        name = holder.child_by_field_name("left")
    else:
        return None
    if name is None or name.type != "identifier":
        return None
    return text(name), _scope(holder)


def _callback_names(site: AssertionSite) -> list[tuple[str, int]]:
    """The first parameters of the callbacks a rejection check validates the error with."""
    if site.end.type != "call_expression":
        return []
    found: list[tuple[str, int]] = []
    for callback in arguments_of(site.end)[1:]:
        if callback.type not in CALLBACK_TYPES:
            continue
        params = callback.child_by_field_name("parameters")
        first = params.named_children[0] if params is not None and params.named_children else None
        first = first or callback.child_by_field_name("parameter")
        if first is not None and first.type in ("required_parameter", "optional_parameter"):
            first = first.child_by_field_name("pattern")
        if first is not None and first.type == "identifier":
            found.append((text(first), callback.start_byte))
    return found


def fold_error_checks(sites: list[AssertionSite]) -> list[AssertionSite]:
    """``sites`` in order, each check of a bound error's message or class folded into the
    rejection check that bound it."""
    out: list[AssertionSite] = []
    bound: dict[tuple[str, int], int] = {}
    for site in sites:
        word = site.method.split(".")[-1]
        subject = _subject(site)
        if subject is not None and not site.negated:
            name, _, attribute = subject.partition(".")
            at = bound.get((name, _scope(site.start)))
            if at is not None and attribute == "message" and word in _MESSAGE_WORDS:
                out[at] = replace(out[at], has_match=True)
                continue
            if at is not None and not attribute and word in _CLASS_WORDS and site.operands[1:]:
                out[at] = replace(out[at], exception_types=(site.operands[1].text,))
                continue
        out.append(site)
        if word in _REJECTING and not site.negated:
            named = _bound_name(site)
            for key in ([named] if named else []) + _callback_names(site):
                bound[key] = len(out) - 1
    return out


def _subject(site: AssertionSite) -> str | None:
    """The subject of a check as written, whitespace removed; None without one."""
    return "".join(site.operands[0].text.split()) if site.operands else None
