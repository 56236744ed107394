"""The error a rejection or throw check hands back, and the checks later made on it.

``const err = await p.should.be.rejected(); err.message.should.match(/re/)`` (chai-as-promised),
``const err = await p.catch((e) => e); expect(err.message).toMatch(/re/)`` and
``assert.rejects(p, (err) => { assert.match(err.message, /re/); return true })`` check what
``await expect(p).rejects.toThrow(/re/)`` and ``assert.rejects(p, /re/)`` check: that ``p``
rejects, with a message that matches. This module keeps, per local name bound to such an
error, the rejection check it came from, and folds a check of the error's message (``match``,
``include``, ``equal``, ``toMatch``, ``toContain``, ``toBe``) into that check's message
pattern and a check of its class (``instanceOf``, ``toBeInstanceOf``) into its exception
types, so that both styles read as one check.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import final

from tree_sitter import Node

from ..common import treesitter as T
from ..common.testfile_checks import Check
from ..facts.testfile import Expected, Kind
from .testfile_syntax import FUNCTION_TYPES, call_arguments, property_name, unparen

_REGEX = re.compile(r"^/(.*)/[a-z]*$", re.S)
_MESSAGE_KINDS = frozenset({Kind.SUBSTRING, Kind.EQUALITY})


def _pattern(expected: Expected | None) -> str | None:
    """The message a check of ``err.message`` expects: a string's value, a regex's pattern."""
    if expected is None:
        return None
    if expected.is_literal and isinstance(expected.value, str):
        return expected.value
    found = _REGEX.match(expected.text)
    return found.group(1) if found else expected.text


def _parameter(function: Node) -> str | None:
    """The name of a callback's first parameter (``err`` of ``(err) => ...``)."""
    params = function.child_by_field_name("parameters")
    first = params.named_children[0] if params is not None and params.named_children else None
    if first is None:
        first = function.child_by_field_name("parameter")
    if first is not None and first.type in ("required_parameter", "optional_parameter"):
        first = first.child_by_field_name("pattern")
    return T.text(first) if first is not None and first.type == "identifier" else None


def identity_catch(node: Node) -> Node | None:
    """``p`` of ``p.catch((e) => e)``: a promise whose rejection becomes the value."""
    node = unparen(node)
    if node.type == "await_expression" and node.named_child_count:
        node = unparen(node.named_children[0])
    if node.type != "call_expression":
        return None
    member = node.child_by_field_name("function")
    args = call_arguments(node)
    if member is None or member.type != "member_expression" or property_name(member) != "catch":
        return None
    if len(args) != 1 or args[0].type not in FUNCTION_TYPES:
        return None
    name = _parameter(args[0])
    body = args[0].child_by_field_name("body")
    if body is not None and body.type == "statement_block":
        statements = [c for c in body.named_children if c.type != "comment"]
        returned = statements[0] if len(statements) == 1 else None
        body = (
            returned.named_children[0] if returned and returned.type == "return_statement" else None
        )
    if name is None or body is None or T.text(unparen(body)) != name:
        return None
    return member.child_by_field_name("object")


def error_callbacks(node: Node) -> list[str]:
    """The first parameters of the callbacks a check's call is given: the error a node
    ``assert.rejects(p, (err) => {...})``/``assert.throws(fn, (err) => {...})`` validates."""
    node = unparen(node)
    if node.type == "await_expression" and node.named_child_count:
        node = unparen(node.named_children[0])
    if node.type != "call_expression":
        return []
    callbacks = [a for a in call_arguments(node)[1:] if a.type in FUNCTION_TYPES]
    return [name for a in callbacks if (name := _parameter(a)) is not None]


@final
class Errors:
    """Local names bound to the error of a rejection or throw check, and that check."""

    def __init__(self, found: list[tuple[Node, Check]]) -> None:
        self.found = found
        # name as the checks spell it -> index of its check in ``found``, or the subject of
        # a rejection no check has asserted yet (``p.catch((e) => e)``)
        self.bound: dict[str, int | str] = {}

    def bind(self, name: str, at: int | str) -> None:
        self.bound[name] = at

    def fold(self, node: Node, check: Check) -> bool:
        """Fold a check of a bound error's message or class into its rejection check; True
        when folded (the check is that check's, not one of its own)."""
        if check.negated:
            return False
        for name, at in self.bound.items():
            if check.subject == f"{name}.message" and check.kind in _MESSAGE_KINDS:
                update = {"match": _pattern(check.expected)}
            elif check.subject == name and check.kind is Kind.TYPE_CHECK and check.expected:
                update = {"exceptions": (check.expected.text,)}
            else:
                continue
            if isinstance(at, str):
                self.found.append((node, Check(Kind.RAISES, at)))
                at = len(self.found) - 1
                self.bound[name] = at
            place, raises = self.found[at]
            self.found[at] = (place, replace(raises, **update))
            return True
        return False
