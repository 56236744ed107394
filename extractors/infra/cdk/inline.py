"""Running a stack file's blocks: statements, loops over constant arrays, and helpers
inlined where they are called with their arguments bound.

A helper's body runs in a copy of the caller's names with its parameters bound
(positional and keyword arguments, defaults, destructured object parameters, rest
parameters); what it returns is the call's value. A method's assignments to
``this.x``/``self.x`` stay with the stack; a class's become the fields of the instance
it builds, and a ``super(...)`` call of a class that extends a construct class builds
that construct. Helpers nest at most ``MAX_DEPTH`` deep and never recurse; a call that
cannot be followed is ``Untraced``, naming the helper.
"""

from __future__ import annotations

import tree_sitter as ts

from ...common import ir
from ...common import treesitter as T
from ...common.parameters import bind_arguments
from ...javascript.patterns import COMPUTED, REST, Bound, bindings
from .program import LOOP_NODES, Helper
from .values import UNKNOWN_VALUE, LambdaFn, Stack, Unknown, Untraced

MAX_DEPTH = 6
MAX_CALLS = 2000  # helper calls inlined per file, however they nest
MAX_ITERATIONS = 64
_SELVES = ("this", "self")


class _Returned:
    """What a block returns: the one known value its returns give, unknown when none
    does or when two give different values (branches the interpreter cannot choose
    between: ``if (python) return new PythonFunction(...); return new NodejsFunction(...)``)."""

    def __init__(self) -> None:
        self.known: list[object] = []

    def offer(self, value: object) -> None:
        if not isinstance(value, Unknown) and value not in self.known:
            self.known.append(value)

    @property
    def value(self) -> object:
        return self.known[0] if len(self.known) == 1 else UNKNOWN_VALUE


def run_block(owner: int, stack: Stack, returned: _Returned | None = None) -> None:
    """Run the statements and loops of one block in source order."""
    for node in stack.program.items(owner):
        if node.type in LOOP_NODES:
            run_loop(node, stack, returned)
        else:
            value = execute(node, stack)
            if returned is not None and node.type == "return_statement":
                returned.offer(value)


def execute(node: ts.Node, stack: Stack) -> object:
    """One statement: a declaration binds a name, an assignment a name or field; any
    other statement is evaluated. Returns the statement's value."""
    syntax = stack.syntax
    lower = syntax.lower
    if node.type == syntax.declarator:
        name = node.child_by_field_name("name")
        value_node = node.child_by_field_name("value")
        value = stack.eval(lower(value_node)) if value_node is not None else UNKNOWN_VALUE
        if name is not None and name.type == "identifier":
            stack.env[T.text(name)] = value
        elif name is not None and name.type == "object_pattern":
            destructure(name, value, stack.env, stack)
        return value
    inner = node.named_children[0] if node.named_children else None
    if inner is None:
        return UNKNOWN_VALUE
    if inner.type in syntax.assignments:
        left = inner.child_by_field_name("left")
        right = inner.child_by_field_name("right")
        value = stack.eval(lower(right)) if right is not None else UNKNOWN_VALUE
        target = _target(left, stack) if left is not None else ""
        if target:
            stack.env[target] = value
        return value
    return stack.eval(lower(inner))


def _target(left: ts.Node, stack: Stack) -> str:
    """The dotted name an assignment binds: ``x``, ``this.fn``, ``fns.A`` for
    ``fns[c.id]`` whose key is known."""
    if left.type in ("subscript_expression", "subscript"):
        obj = left.child_by_field_name("object") or left.child_by_field_name("value")
        index = left.child_by_field_name("index") or left.child_by_field_name("subscript")
        base = ir.dotted(stack.syntax.lower(obj)) if obj is not None else ""
        key = stack.eval(stack.syntax.lower(index)) if index is not None else None
        if base and isinstance(key, (str, int)) and not isinstance(key, bool):
            return f"{base}.{key}"
    return ir.dotted(stack.syntax.lower(left))


def _elements(value: object) -> list[object] | None:
    """What a loop runs over: a list, or a dict's keys."""
    if isinstance(value, list):
        return value[:MAX_ITERATIONS]
    if isinstance(value, dict):
        return list(value)[:MAX_ITERATIONS]
    return None


def run_loop(node: ts.Node, stack: Stack, returned: _Returned | None) -> None:
    """``for (const c of CONFIG)`` / ``for c in CONFIG``: the body once per element of a
    constant array (destructured as the loop declares it); once, unbound, otherwise."""
    left = node.child_by_field_name("left")
    right = node.child_by_field_name("right")
    operator = node.child_by_field_name("operator")
    value = iterable(stack.syntax.lower(right), stack) if right is not None else None
    items = _elements(value)
    if operator is not None and T.text(operator) == "in" and isinstance(value, dict):
        items = list(value)[:MAX_ITERATIONS]
    if items is None or left is None:
        run_block(node.id, stack, returned)
        return
    for item in items:
        bind_pattern(left, item, stack.env, stack)
        run_block(node.id, stack, returned)


def iterable(expr: ir.Expr, stack: Stack) -> object:
    """What a loop iterates: a value, or ``Object.entries/values/keys(x)`` /
    ``x.items()/values()/keys()`` of a known object."""
    if isinstance(expr, ir.Call) and isinstance(expr.func, ir.Attr):
        method = expr.func.name
        if ir.dotted(expr.func.obj) == "Object" and len(expr.args) == 1:
            target, method = stack.eval(expr.args[0]), {"entries": "items"}.get(method, method)
        elif not expr.args:
            target = stack.eval(expr.func.obj)
        else:
            return stack.eval(expr)
        if isinstance(target, dict):
            if method == "items":
                return [[k, v] for k, v in target.items()]
            if method == "values":
                return list(target.values())
            if method == "keys":
                return list(target)
    return stack.eval(expr)


def bind_pattern(pattern: ts.Node, value: object, env: dict[str, object], stack: Stack) -> None:
    """Bind a declared name or pattern (``c``, ``{id, file}``, ``a, b``) to a value."""
    if pattern.type == "identifier":
        env[T.text(pattern)] = value
    elif pattern.type in ("object_pattern", "array_pattern"):
        destructure(pattern, value, env, stack)
    elif pattern.type in ("pattern_list", "tuple_pattern", "list_pattern"):
        parts = [c for c in pattern.named_children if c.type != "comment"]
        for i, part in enumerate(parts):
            item = value[i] if isinstance(value, list) and i < len(value) else UNKNOWN_VALUE
            bind_pattern(part, item, env, stack)


def destructure(pattern: ts.Node, value: object, env: dict[str, object], stack: Stack) -> None:
    """``{a, b = 1, c: d, ...rest}`` of an object value, ``[x, , y]`` of a list, nested:
    each name the pattern binds (read once, ``javascript/patterns.py``) takes the part of
    the value its path leads to, or its default where that part is missing."""
    bound = bindings(pattern)
    for b in bound:
        env[b.local] = _part(b, value, bound, stack)


def _part(b: Bound, value: object, bound: list[Bound], stack: Stack) -> object:
    """The part of ``value`` one binding's path leads to."""
    defaults = dict(b.defaults)
    current = value
    for depth, segment in enumerate(b.path):
        if segment == COMPUTED:
            return UNKNOWN_VALUE
        siblings = {
            o.path[depth]
            for o in bound
            if len(o.path) > depth and o.path[:depth] == b.path[:depth]
        } - {REST, "[...]"}
        if segment == REST:
            given = current if isinstance(current, dict) else {}
            current = {k: v for k, v in given.items() if k not in siblings}
        elif segment == "[...]":
            items = current if isinstance(current, list) else []
            taken = max((int(o[1:-1]) + 1 for o in siblings if o[1:-1].isdigit()), default=0)
            current = list(items[taken:])
        elif segment.startswith("[") and segment[1:-1].isdigit():
            index = int(segment[1:-1])
            items = current if isinstance(current, list) else []
            current = items[index] if index < len(items) else _missing(defaults, depth, stack)
        else:
            given = current if isinstance(current, dict) else {}
            current = given[segment] if segment in given else _missing(defaults, depth, stack)
    return current


def _missing(defaults: dict[int, ts.Node], depth: int, stack: Stack) -> object:
    """A part the value lacks: the default given for it, else unknown."""
    default = defaults.get(depth + 1)
    return stack.eval(stack.syntax.lower(default)) if default is not None else UNKNOWN_VALUE


def bind(
    helper: Helper,
    args: list[object],
    kwargs: dict[str, object],
    stack: Stack,
    absent: frozenset[int] = frozenset(),
) -> dict[str, object]:
    """The names a call binds in the helper's body (a method's receiver is bound by the
    caller: ``self``/``this`` stays the caller's). ``absent``: argument positions that pass
    no value (``undefined``), where a parameter's default applies."""
    env: dict[str, object] = {}
    parameters = stack.syntax.parameters(helper.node)
    for given in bind_arguments(parameters, args, kwargs, absent):
        parameter = given.parameter
        value: object
        if given.rest is not None:
            value = list(given.rest)
        elif given.keywords is not None:
            value = dict(given.keywords)
        elif given.given:
            value = given.value
        elif parameter.default is not None:
            value = stack.eval(stack.syntax.lower(parameter.default))
        else:
            value = UNKNOWN_VALUE
        bind_pattern(parameter.target, value, env, stack)
    return env


def _call_args(call: ir.Call, stack: Stack) -> tuple[list[object], dict[str, object]]:
    """The evaluated arguments of a call (``...xs`` of a known list spread in place)."""
    args: list[object] = []
    for arg in call.args:
        args.append(stack.eval(arg))
    kwargs: dict[str, object] = {}
    for key, value in call.kwargs:
        evaluated = stack.eval(value)
        if key is not None:
            kwargs[key] = evaluated
        elif isinstance(evaluated, dict):
            kwargs.update(evaluated)
    return args, kwargs


def helper_of(call: ir.Call, stack: Stack) -> tuple[Helper, str] | None:
    """The helper a call names and how: "function", "method" or "class"."""
    program = stack.program
    func = call.func
    if isinstance(func, ir.Name):
        if func.id in program.classes:
            return program.classes[func.id], "class"
        found = program.functions.get(func.id, [])
        if len(found) == 1:
            return found[0], "function"
    if isinstance(func, ir.Attr) and isinstance(func.obj, ir.Name) and func.obj.id in _SELVES:
        found = program.methods.get(func.name, [])
        if len(found) == 1:
            return found[0], "method"
    return None


def inline(call: ir.Call, helper: Helper, how: str, stack: Stack) -> object:
    """Run a helper's body for one call; its value is what the body returns (a class:
    the construct its ``super`` builds, else its fields)."""
    args, kwargs = _call_args(call, stack)
    absent = frozenset(i for i, arg in enumerate(call.args) if isinstance(arg, ir.Undefined))
    return run_helper(helper, how, args, kwargs, stack, absent)


def each(call: ir.Call, stack: Stack) -> object | None:
    """``xs.forEach(x => ...)`` / ``xs.map(x => ...)`` with a function this file hands:
    its body once per element of a known array (``map`` gives the list of results), or
    once with nothing bound when the array is not known; None for any other call."""
    func = call.func
    if not isinstance(func, ir.Attr) or func.name not in ("forEach", "map") or not call.args:
        return None
    handed = call.args[0]
    helper = stack.program.callbacks.get(handed.at) if isinstance(handed, ir.Opaque) else None
    if helper is None:
        return None
    items = _elements(stack.eval(func.obj))
    if items is None:
        run_helper(helper, "function", [], {}, stack)
        return UNKNOWN_VALUE
    results = [run_helper(helper, "function", [item, i], {}, stack) for i, item in enumerate(items)]
    return results if func.name == "map" else UNKNOWN_VALUE


def run_helper(
    helper: Helper,
    how: str,
    args: list[object],
    kwargs: dict[str, object],
    stack: Stack,
    absent: frozenset[int] = frozenset(),
) -> object:
    """Run a helper's body with the given arguments bound (``absent``: see ``bind``)."""
    if stack.depth >= MAX_DEPTH or helper.node.id in stack.active or stack.budget <= 0:
        return Untraced(f"{helper.name}()", "helper")
    stack.budget -= 1
    saved = stack.env
    env = dict(saved)
    receiver = next((p for p in stack.syntax.parameters(helper.node) if p.receiver), None)
    self_name = receiver.name if receiver is not None and how != "function" else "this"
    if how == "class":
        env = {k: v for k, v in env.items() if not k.startswith(self_name + ".")}
    env.update(bind(helper, args, kwargs, stack, absent))
    stack.env = env
    stack.depth += 1
    stack.active.add(helper.node.id)
    stack.helpers.append(helper.name)
    stack.bases.append([helper.base if how == "class" else None, None])
    returned = _Returned()
    try:
        body = helper.body
        if body is not None and body.type not in ("statement_block", "block"):
            returned.offer(stack.eval(stack.syntax.lower(body)))
        else:
            run_block(helper.node.id, stack, returned)
    finally:
        stack.depth -= 1
        stack.active.discard(helper.node.id)
        stack.helpers.pop()
        built = stack.bases.pop()[1]
        stack.env = saved
    prefix = self_name + "."
    for key, value in env.items():
        # fields set on the stack (a method's ``this.x``) or on an object of the caller's
        # (``fns[name] = ...`` in a callback) outlive the call
        head = key.split(".", 1)[0]
        outer = head in saved and "." in key and env.get(head) is saved[head]
        if outer or (how == "method" and key.startswith(prefix)):
            saved[key] = value
    if how == "class":
        if isinstance(built, LambdaFn):
            return built
        return {k[len(prefix) :]: v for k, v in env.items() if k.startswith(prefix)}
    if isinstance(returned.value, Unknown):
        return Untraced(f"{helper.name}()", "helper")
    return returned.value


def super_call(call: ir.Call, stack: Stack, build: object) -> object | None:
    """``super(scope, id, props)`` / ``super().__init__(scope, id, **kw)`` in the
    constructor being inlined: the construct of the base class, when it is one."""
    if not stack.bases or stack.bases[-1][0] is None:
        return None
    func = call.func
    is_super = isinstance(func, ir.Name) and func.id == "super"
    if isinstance(func, ir.Attr) and func.name == "__init__" and isinstance(func.obj, ir.Call):
        is_super = isinstance(func.obj.func, ir.Name) and func.obj.func.id == "super"
    if not is_super:
        return None
    base = stack.syntax.lower(stack.bases[-1][0])
    value = build(ir.Call(call.line, base, call.args, call.kwargs, new=True), stack, base)
    if isinstance(value, LambdaFn):
        stack.bases[-1][1] = value
    return value
