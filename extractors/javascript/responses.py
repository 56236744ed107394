"""How a JS/TS route handler sends its body: Express's ``res.json(...)``, Hono's
``c.json(...)``, Fastify's ``reply.code(400).send(...)``. The adapter hands these to the
language-neutral follower of returns (``common/returns.py``).
"""

from __future__ import annotations

import tree_sitter as ts

from ..common import ir
from ..common import treesitter as T
from ..common.code_shapes import Env, shape_of
from ..facts.contracts import Shape, scalar, unknown
from .model import call_parts, strip

# Response methods of Express (``res``) and Hono (``c``): what the body becomes.
_SEND_BODY = {"json", "send", "jsonp"}

_SEND_NOTHING = {"sendStatus", "end", "redirect", "text", "html", "body", "notFound"}

_SEND_UNKNOWN = {"render", "sendFile", "download", "stream", "streamText", "streamSSE"}


def sent(node: ts.Node | None, sinks: frozenset[str], env: Env) -> Shape | None:
    """The body a response call sends (``res.status(201).json(x)``, ``c.json(x)``, Fastify's
    ``reply.code(400).send(x)``), or None when ``node`` is not one."""
    node = strip(node)
    if not sinks or node is None or node.type != "call_expression":
        return None
    callee = strip(node.child_by_field_name("function"))
    if callee is None or callee.type != "member_expression":
        return None
    method = T.text(callee.child_by_field_name("property"))
    owner = strip(callee.child_by_field_name("object"))
    if owner is not None and owner.type == "call_expression":
        inner = strip(owner.child_by_field_name("function"))
        if (
            inner is not None
            and inner.type == "member_expression"
            and T.text(inner.child_by_field_name("property")) in ("status", "code")
        ):
            owner = strip(inner.child_by_field_name("object"))
    if owner is None or owner.type != "identifier" or T.text(owner) not in sinks:
        return None
    line = T.line_of(node)
    if method in _SEND_BODY:
        args = call_parts(node)
        first = args[1][0] if args is not None and args[1] else None
        return shape_of(ir.from_js(first), env) if first is not None else scalar(line)
    if method in _SEND_NOTHING:
        return scalar(line)
    if method in _SEND_UNKNOWN:
        return unknown(line)
    return None


def passes_on(value: ts.Node, sinks: frozenset[str]) -> bool:
    """``return next(err)``: a route handler handing over to the next one (another
    parameter); the body sent then is not this handler's contract."""
    parts = call_parts(value)
    return parts is not None and "." not in parts[0] and parts[0] not in sinks and bool(parts[0])


def response_uses(body: ts.Node, sinks: frozenset[str]) -> tuple[int, bool]:
    """(response calls anywhere in ``body``, whether an object that sends responses is also
    used bare: passed to other code, stored, returned)."""
    sends = 0
    owners: set[str] = set()
    loose: set[str] = set()
    stack = [body]
    while stack:
        node = stack.pop()
        if node.type == "call_expression":
            for name in sinks:
                if sent(node, frozenset({name}), {}) is not None:
                    sends += 1
                    owners.add(name)
        if node.type == "identifier" and T.text(node) in sinks:
            parent = node.parent
            member = (
                parent is not None
                and parent.type in ("member_expression", "call_expression")
                and parent.child_by_field_name(
                    "object" if parent.type != "call_expression" else "function"
                )
                == node
            )
            if not member:
                loose.add(T.text(node))
        stack.extend(node.named_children)
    return sends, bool(owners & loose)
