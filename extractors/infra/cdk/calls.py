"""Call handlers: methods of states and chains, and calls on CDK classes and path helpers.

``state.next(b)``, ``choice.when(cond, b)``, ``.otherwise``, ``.afterwards``, ``.branch``,
``.iterator``/``.itemProcessor``, ``.addCatch`` each have a handler, as do calls on
``Chain``, ``Condition``, ``JsonPath``, ``TaskInput``/``Result``/``DefinitionBody``, ``Code``
and the path helpers of Node and Python (``path.join``, ``os.path.dirname``, ``Path``).
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable
from dataclasses import dataclass

from ...common import ir
from ..asl import Cond, after_rule, choice_rule
from .chains import as_chain, ends_of, link, reachable_ends, start_of
from .names import last_name
from .values import (
    UNKNOWN_VALUE,
    Asset,
    Chain,
    Condition,
    Intrinsic,
    JsonPathRef,
    Loc,
    Stack,
    StateRec,
    Wrapped,
    path_prop,
    paths_in,
)

# helpers whose argument is a path the state reads: ``WaitTime.secondsPath('$.wait')``
_PATH_HELPERS = {("WaitTime", "secondsPath"), ("WaitTime", "timestampPath"), ("Timeout", "at")}
# Methods that leave the state as it is (``addCatch`` without a handler it can name).
_KEEPS_STATE = ("addRetry", "addCatch", "toSingleState")

MethodHandler = Callable[[StateRec | Chain, list[object], ir.Call, Stack], object | None]


def read_condition(call: ir.Call, stack: Stack) -> Cond:
    """``Condition.and(...)``, ``Condition.isPresent('$.a')``, ``Condition.stringEquals(...)``."""
    method = ir.camel(last_name(call.func))
    if method in ("and", "or", "not"):
        parts = tuple(
            value.cond
            for value in (stack.eval(arg) for arg in call.args)
            if isinstance(value, Condition)
        )
        return Cond(method, parts, line=call.line)
    if method in ("isPresent", "isNotPresent"):
        path = stack.eval(call.args[0]) if call.args else None
        line = call.args[0].line if call.args else call.line
        known = isinstance(path, str) and path.startswith("$")
        return Cond("present", path=path if known else "", line=line, present=method == "isPresent")
    reads: list[Cond] = []
    for arg in call.args:
        value = stack.eval(arg)
        if (
            isinstance(value, str)
            and value.startswith("$")
            and not value.startswith("$$")
            and (arg is call.args[0] or method.endswith("JsonPath"))
        ):
            reads.append(Cond("read", path=value, line=arg.line or call.line))
    return Cond("and", tuple(reads), line=call.line)


def join_path(parts: list[object], stack: Stack) -> object:
    """``path.join(__dirname, "..", "x")``: a ``Loc``, unknown when a part is not known."""
    exact = False
    pieces: list[str] = []
    for part in parts:
        if isinstance(part, Loc):
            pieces = [part.path]
            exact = part.exact
        elif isinstance(part, str):
            if part.startswith("/"):
                return UNKNOWN_VALUE
            pieces.append(part)
        else:
            return UNKNOWN_VALUE
    joined = posixpath.normpath(posixpath.join(*pieces)) if pieces else "."
    return Loc(joined, exact)


def _is_choice(obj: StateRec | Chain) -> bool:
    return isinstance(obj, StateRec) and obj.kind == "Choice"


def _next(obj: StateRec | Chain, args: list[object], call: ir.Call, stack: Stack) -> object | None:
    if not args:
        return None
    link(obj, args[0], stack)
    return Chain(start_of(obj), ends_of(args[0], stack))


def _when(obj: StateRec | Chain, args: list[object], call: ir.Call, stack: Stack) -> object | None:
    if not isinstance(obj, StateRec) or not _is_choice(obj):
        return None
    if len(args) < 2 or not isinstance(args[0], Condition):
        return None
    cond = args[0].cond
    obj.choices.append(choice_rule(cond, args[0].line, start_of(args[1]), obj.guards))
    obj.guards = after_rule(obj.guards, cond)
    return obj


def _otherwise(
    obj: StateRec | Chain, args: list[object], call: ir.Call, stack: Stack
) -> object | None:
    if not isinstance(obj, StateRec) or not _is_choice(obj) or not args:
        return None
    obj.default = start_of(args[0])
    return obj


def _afterwards(
    obj: StateRec | Chain, args: list[object], call: ir.Call, stack: Stack
) -> object | None:
    if not isinstance(obj, StateRec) or not _is_choice(obj):
        return None
    ends: list[str] = []
    for target in [c.next for c in obj.choices] + [obj.default]:
        if target in stack.states:
            ends.extend(reachable_ends(target, stack))
    return Chain(obj.name, tuple(dict.fromkeys(ends)))


def _branch(
    obj: StateRec | Chain, args: list[object], call: ir.Call, stack: Stack
) -> object | None:
    if not isinstance(obj, StateRec):
        return None
    # a branch that is not understood keeps its place (its output is unknown)
    obj.branches.extend(as_chain(a, stack) or Chain("", ()) for a in args)
    return obj


def _iterator(
    obj: StateRec | Chain, args: list[object], call: ir.Call, stack: Stack
) -> object | None:
    if not isinstance(obj, StateRec) or not args:
        return None
    found = as_chain(args[0], stack)
    if found is not None:
        obj.branches = [found]
    return obj


def _add_catch(
    obj: StateRec | Chain, args: list[object], call: ir.Call, stack: Stack
) -> object | None:
    if not isinstance(obj, StateRec) or not args or not start_of(args[0]):
        return None
    options = args[1] if len(args) > 1 and isinstance(args[1], dict) else {}
    options = {**options, **{ir.camel(k): stack.eval(v) for k, v in call.kwargs if k}}
    obj.catches.append((start_of(args[0]), path_prop(options, "resultPath")))
    return obj


STATE_METHODS: dict[str, MethodHandler] = {
    "next": _next,
    "when": _when,
    "otherwise": _otherwise,
    "afterwards": _afterwards,
    "branch": _branch,
    "iterator": _iterator,
    "itemProcessor": _iterator,
    "addCatch": _add_catch,
}


def state_method(obj: StateRec | Chain, method: str, call: ir.Call, stack: Stack) -> object:
    """``obj.method(...)`` on a state or chain; its arguments are evaluated first, once."""
    args = [stack.eval(a) for a in call.args]
    handler = STATE_METHODS.get(method)
    found = handler(obj, args, call, stack) if handler is not None else None
    if found is not None:
        return found
    return obj if method in _KEEPS_STATE else UNKNOWN_VALUE


@dataclass(frozen=True)
class StaticCall:
    """A call on a class or helper module: its dotted name, method and evaluated arguments."""

    name: str
    method: str
    call: ir.Call
    args: list[object]


StaticHandler = Callable[[StaticCall, Stack], object]


def _chain_call(c: StaticCall, stack: Stack) -> object:
    if c.method == "start" and c.args:
        return as_chain(c.args[0], stack) or UNKNOWN_VALUE
    if c.method == "sequence" and len(c.args) == 2:
        link(c.args[0], c.args[1], stack)
        first = as_chain(c.args[0], stack)
        return Chain(first.start, ends_of(c.args[1], stack)) if first else UNKNOWN_VALUE
    return UNKNOWN_VALUE


def _condition_call(c: StaticCall, stack: Stack) -> object:
    call = c.call
    line = call.args[0].line if call.args and call.args[0].line else call.line
    return Condition(read_condition(call, stack), line)


def _json_path_call(c: StaticCall, stack: Stack) -> object:
    if c.method.endswith("At") and c.args and isinstance(c.args[0], str):
        return JsonPathRef(c.args[0])
    # an intrinsic: ``JsonPath.format('{}', JsonPath.stringAt('$.a'))``
    return Intrinsic(tuple(dict.fromkeys(p for a in c.args for p in paths_in(a))))


def _path_helper_call(c: StaticCall, stack: Stack) -> object:
    owner = ir.dotted(c.call.func.obj) if isinstance(c.call.func, ir.Attr) else ""
    helper = (owner.rsplit(".", 1)[-1], c.method) in _PATH_HELPERS
    if helper and c.args and isinstance(c.args[0], str):
        return JsonPathRef(c.args[0])
    return UNKNOWN_VALUE


def _wrapper_call(c: StaticCall, stack: Stack) -> object:
    if not c.args:
        return UNKNOWN_VALUE
    if c.method == "fromJsonPathAt" and isinstance(c.args[0], str):
        return JsonPathRef(c.args[0])
    owner = ir.dotted(c.call.func.obj) if isinstance(c.call.func, ir.Attr) else ""
    return Wrapped(f"{owner.rsplit('.', 1)[-1]}.{c.method}", c.args[0], c.call.line)


def _code_call(c: StaticCall, stack: Stack) -> object:
    if c.method not in ("fromAsset", "asset", "fromImageAsset") or not c.args:
        return UNKNOWN_VALUE
    where = c.args[0]
    handler = ""
    if c.method == "fromImageAsset":
        # the image's ``cmd`` names the handler: ``{cmd: ['app.handler']}`` / ``cmd=[...]``
        options = c.args[1] if len(c.args) > 1 and isinstance(c.args[1], dict) else {}
        options = {**options, **{k: stack.eval(v) for k, v in c.call.kwargs if k}}
        cmd = options.get("cmd")
        if isinstance(cmd, list) and cmd and isinstance(cmd[0], str):
            handler = cmd[0]
    if isinstance(where, str):
        where = Loc(posixpath.normpath(where), False)
    elif isinstance(where, Loc):
        where = Loc(posixpath.normpath(where.path), where.exact)
    return Asset(where, handler) if isinstance(where, Loc) else UNKNOWN_VALUE


# Calls by the last name of the class they are made on (``sfn.Condition.isPresent``).
OWNER_CALLS: dict[str, StaticHandler] = {
    "Chain": _chain_call,
    "Condition": _condition_call,
    "JsonPath": _json_path_call,
    "WaitTime": _path_helper_call,
    "Timeout": _path_helper_call,
    "TaskInput": _wrapper_call,
    "Result": _wrapper_call,
    "DefinitionBody": _wrapper_call,
    "Code": _code_call,
    "DockerImageCode": _code_call,
}


def _dict_call(c: StaticCall, stack: Stack) -> object:
    if c.call.args:
        return UNKNOWN_VALUE
    built: dict[str, object] = {}
    for key, value in c.call.kwargs:
        evaluated = stack.eval(value)
        if key is not None:
            built[key] = evaluated
        elif isinstance(evaluated, dict):
            built.update(evaluated)
    return built


def _join_call(c: StaticCall, stack: Stack) -> object:
    return join_path(c.args, stack)


def _dirname_call(c: StaticCall, stack: Stack) -> object:
    if c.args and isinstance(c.args[0], Loc):
        return Loc(posixpath.dirname(c.args[0].path), c.args[0].exact)
    return UNKNOWN_VALUE


def _path_call(c: StaticCall, stack: Stack) -> object:
    if c.args and isinstance(c.args[0], (Loc, str)):
        return c.args[0] if isinstance(c.args[0], Loc) else Loc(c.args[0], False)
    return UNKNOWN_VALUE


def _same_call(c: StaticCall, stack: Stack) -> object:
    return c.args[0] if c.args else UNKNOWN_VALUE


# Calls by their whole dotted name (``os.path.join``; ``__truediv__`` is ``Path / "x"``).
NAMED_CALLS: dict[str, StaticHandler] = {
    "dict": _dict_call,
    **dict.fromkeys(
        ("path.join", "path.resolve", "os.path.join", "posixpath.join", "__truediv__"),
        _join_call,
    ),
    **dict.fromkeys(("os.path.dirname", "path.dirname"), _dirname_call),
    **dict.fromkeys(("Path", "pathlib.Path"), _path_call),
    **dict.fromkeys(("os.path.abspath", "os.path.realpath", "str"), _same_call),
}


def static_call(name: str, call: ir.Call, stack: Stack) -> object:
    """Calls on classes and helper modules; UNKNOWN_VALUE when not one of them. The
    arguments are evaluated first, whatever the call."""
    method = ir.camel(last_name(call.func))
    owner = ir.dotted(call.func.obj) if isinstance(call.func, ir.Attr) else ""
    args = [stack.eval(a) for a in call.args]
    found = StaticCall(name, method, call, args)
    handler = OWNER_CALLS.get(owner.rsplit(".", 1)[-1]) or NAMED_CALLS.get(name)
    return handler(found, stack) if handler is not None else UNKNOWN_VALUE
