"""The state graph a stack links: where a chain starts, where it may end, ``a.next(b)``."""

from __future__ import annotations

from .values import Chain, Stack, StateRec


def ends_of(value: object, stack: Stack) -> tuple[str, ...]:
    """The states a chain or state may end in (a Choice ends in what follows it)."""
    if isinstance(value, Chain):
        return value.ends
    if isinstance(value, StateRec):
        if value.kind in ("Succeed", "Fail"):
            return ()
        if value.kind == "Choice":
            return (value.afterwards,) if value.afterwards else ()
        return (value.name,)
    return ()


def start_of(value: object) -> str:
    """The first state of a chain or state, "" for anything else."""
    if isinstance(value, Chain):
        return value.start
    if isinstance(value, StateRec):
        return value.name
    return ""


def as_chain(value: object, stack: Stack) -> Chain | None:
    """A chain or state as a ``Chain``; None for any other value."""
    if isinstance(value, Chain):
        return value
    if isinstance(value, StateRec):
        return Chain(value.name, ends_of(value, stack))
    return None


def link(first: object, then: object, stack: Stack) -> None:
    """``first.next(then)``: every end of ``first`` continues with ``then``."""
    target = start_of(then)
    for end in ends_of(first, stack):
        if end in stack.states and target:
            stack.states[end].next = target


def reachable_ends(start: str, stack: Stack) -> list[str]:
    """States reachable from ``start`` that have no successor yet (chain ends)."""
    seen: set[str] = set()
    ends: list[str] = []
    todo = [start]
    while todo:
        name = todo.pop()
        if name in seen or name not in stack.states:
            continue
        seen.add(name)
        rec = stack.states[name]
        targets = [rec.next] if rec.next else []
        targets += [c.next for c in rec.choices] + ([rec.default] if rec.default else [])
        if not targets and rec.kind not in ("Succeed", "Fail", "Choice"):
            ends.append(name)
        todo.extend(t for t in targets if t)
    return ends
