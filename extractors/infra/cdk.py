"""CDK stacks (TypeScript/JavaScript and Python) -> state machines with their Lambda targets.

The stack's statements are interpreted in source order over the shared
expression tree (``ir``): names bind to constructs (``new NodejsFunction(this,
'Id', {entry})``, ``_lambda.Function(self, "Id", code=Code.from_asset(...))``),
chains build the state graph (``a.next(b)``, ``Chain.start``, ``.when``,
``.otherwise``, ``.afterwards``, ``.branch``, ``.iterator``/``.itemProcessor``)
and ``StateMachine`` constructs name their definition. Python keywords and
methods are read in their TypeScript spelling (``result_path`` = ``resultPath``);
imported aliases (``Function as LambdaFunction``) name their class. JSONata states
(``X.jsonata(...)``, ``queryLanguage``) are marked, not modelled. A definition read
with ``DefinitionBody.fromFile`` gives its substitutions and the functions they name.
A value that comes from a call or another file we cannot follow stays unknown.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field, replace

import tree_sitter as ts

from ..common import ir
from ..common import treesitter as T
from ..common.adapter import CodeSyntax
from ..common.code_shapes import shape_of
from ..common.dispatch import SourceFile, register
from ..facts import Fact
from ..facts.contracts import (
    ChoiceRule,
    FunctionDef,
    FunctionRef,
    Machine,
    Shape,
    State,
    StateMachine,
    StateMachineDef,
    TemplateField,
    scalar,
    unknown,
)
from ..javascript.adapter import JAVASCRIPT
from ..javascript.model import JsModel
from ..python.adapter import PYTHON
from ..python.model import PythonModel
from .asl import Cond, after_rule, choice_rule, intrinsic_paths

_HINTS = (b"stepfunctions", b"StepFunctions")
_STATE_CLASSES = {
    "LambdaInvoke": "Task",
    "Pass": "Pass",
    "Choice": "Choice",
    "Succeed": "Succeed",
    "Fail": "Fail",
    "Wait": "Wait",
    "Parallel": "Parallel",
    "Map": "Map",
    "DistributedMap": "Map",
}
_FUNCTION_CLASSES = {"Function", "NodejsFunction", "PythonFunction", "SingletonFunction"}
_TASK_MODULE = re.compile(r"stepfunctions[-_]tasks")


_STATIC_CONSTRUCTORS = {"jsonata": "JSONata", "jsonPath": "JSONPath"}
_CALLBACK = "WAIT_FOR_TASK_TOKEN"
# helpers whose argument is a path the state reads: ``WaitTime.secondsPath('$.wait')``
_PATH_HELPERS = {("WaitTime", "secondsPath"), ("WaitTime", "timestampPath"), ("Timeout", "at")}
# props that only move data; every other ``*Path`` prop (``errorPath``...) reads a value
_MOVING_PATHS = {"inputPath", "outputPath", "resultPath", "itemsPath"}


class _Unknown:
    """A value the interpreter cannot know."""


UNKNOWN_VALUE = _Unknown()


@dataclass(frozen=True)
class Loc:
    """A filesystem path: repo-relative when ``exact``, else relative to the CDK app folder."""

    path: str
    exact: bool


@dataclass(frozen=True)
class Asset:
    """``Code.fromAsset(dir)``."""

    where: Loc


@dataclass(frozen=True)
class JsonPathRef:
    """``JsonPath.stringAt('$.x')`` and friends."""

    path: str


@dataclass(frozen=True)
class Language:
    """``QueryLanguage.JSONATA`` / ``QueryLanguage.JSON_PATH``."""

    name: str


def _is_jsonata(props: dict[str, object]) -> bool | None:
    """True/False when the props choose a query language, None when they do not."""
    value = props.get("queryLanguage")
    return value.name == "JSONata" if isinstance(value, Language) else None


@dataclass(frozen=True)
class Intrinsic:
    """``JsonPath.format(...)``, ``JsonPath.stringToJson(...)``...: the paths it reads."""

    paths: tuple[str, ...]


def _paths_in(value: object) -> tuple[str, ...]:
    if isinstance(value, JsonPathRef):
        return (value.path,)
    if isinstance(value, Intrinsic):
        return value.paths
    if isinstance(value, str) and value.startswith("$") and not value.startswith("$$"):
        return (value,)
    return ()


@dataclass(frozen=True)
class Discard:
    """``JsonPath.DISCARD``."""


@dataclass(frozen=True)
class Condition:
    """A ``Condition.*``: what it reads and checks."""

    cond: Cond
    line: int


@dataclass(frozen=True)
class Wrapped:
    """``TaskInput.fromObject(x)``, ``Result.fromObject(x)``, ``DefinitionBody.fromChainable``."""

    kind: str
    value: object
    line: int


@dataclass(frozen=True)
class LambdaFn:
    """A function construct."""

    ref: FunctionRef


@dataclass(frozen=True)
class Chain:
    """A chain of states: where it starts and the states it may end in."""

    start: str
    ends: tuple[str, ...]


@dataclass
class _StateRec:
    name: str
    kind: str
    line: int
    props: dict[str, object]
    next: str = ""
    choices: list[ChoiceRule] = field(default_factory=list)
    default: str = ""
    branches: list[Chain] = field(default_factory=list)
    afterwards: str = ""
    catches: list[tuple[str, str | None]] = field(default_factory=list)
    guards: tuple[str, ...] = ()  # paths the Choice's rules so far leave present


@dataclass(frozen=True)
class FunctionAttr:
    """``fn.functionArn`` / ``fn.functionName``: names the function construct."""

    fn: LambdaFn


@dataclass
class _MachineRec:
    name: str
    definition: object
    line: int
    jsonata: bool | None = None
    substitutions: object = None


@dataclass
class _Stack:
    path: str
    folder: str
    env: dict[str, object] = field(default_factory=dict)
    states: dict[str, _StateRec] = field(default_factory=dict)
    machines: list[_MachineRec] = field(default_factory=list)
    functions: list[tuple[int, FunctionRef]] = field(default_factory=list)
    task_names: set[str] = field(default_factory=set)
    aliases: dict[str, str] = field(default_factory=dict)  # local name -> CDK class
    syntax: CodeSyntax = JAVASCRIPT
    shared: set[FunctionRef] = field(default_factory=set)  # functions others invoke too


_CDK_MODULE = re.compile(r"aws[-_]cdk")


def _imports(source: SourceFile) -> tuple[dict[str, str], set[str]]:
    """CDK classes imported under another name (local -> class), and the local names of the
    stepfunctions-tasks module or its classes, read from the file's semantic model."""
    named: list[tuple[str, str, str]] = []  # (module, imported, local)
    whole: list[tuple[str, str]] = []  # (module, local)
    if source.language == "python":
        for bound in source.model(PythonModel).imports:
            if bound.name:
                named.append((bound.module, bound.name, bound.local))
            elif bound.qualified == bound.module != bound.local:  # ``import m as n``
                whole.append((bound.module, bound.local))
    else:
        for js in source.model(JsModel).imports:
            if js.name == "*" or (js.via == "require" and not js.name):
                whole.append((js.module, js.local))
            elif js.name != "default" and (js.via == "import" or js.destructured):
                named.append((js.module, js.name, js.local))
    aliases: dict[str, str] = {}
    tasks: set[str] = set()
    for module, local in whole:
        if _TASK_MODULE.search(module):
            tasks.add(local)
    for module, imported, local in named:
        if not _CDK_MODULE.search(module) or not imported.isidentifier():
            continue
        if _TASK_MODULE.search(module) or _TASK_MODULE.search(imported):
            tasks.add(local)
        if imported != local:
            aliases[local] = imported
    return aliases, tasks


def _ends(value: object, stack: _Stack) -> tuple[str, ...]:
    if isinstance(value, Chain):
        return value.ends
    if isinstance(value, _StateRec):
        if value.kind in ("Succeed", "Fail"):
            return ()
        if value.kind == "Choice":
            return (value.afterwards,) if value.afterwards else ()
        return (value.name,)
    return ()


def _start(value: object) -> str:
    if isinstance(value, Chain):
        return value.start
    if isinstance(value, _StateRec):
        return value.name
    return ""


def _chain(value: object, stack: _Stack) -> Chain | None:
    if isinstance(value, Chain):
        return value
    if isinstance(value, _StateRec):
        return Chain(value.name, _ends(value, stack))
    return None


def _condition(call: ir.Call, stack: _Stack) -> Cond:
    """``Condition.and(...)``, ``Condition.isPresent('$.a')``, ``Condition.stringEquals(...)``."""
    method = ir.camel(_last(call.func))
    if method in ("and", "or", "not"):
        parts = tuple(
            value.cond
            for value in (_eval(arg, stack) for arg in call.args)
            if isinstance(value, Condition)
        )
        return Cond(method, parts, line=call.line)
    if method in ("isPresent", "isNotPresent"):
        path = _eval(call.args[0], stack) if call.args else None
        line = call.args[0].line if call.args else call.line
        known = isinstance(path, str) and path.startswith("$")
        return Cond("present", path=path if known else "", line=line, present=method == "isPresent")
    reads: list[Cond] = []
    for arg in call.args:
        value = _eval(arg, stack)
        if (
            isinstance(value, str)
            and value.startswith("$")
            and not value.startswith("$$")
            and (arg is call.args[0] or method.endswith("JsonPath"))
        ):
            reads.append(Cond("read", path=value, line=arg.line or call.line))
    return Cond("and", tuple(reads), line=call.line)


def _last(expr: ir.Expr) -> str:
    return expr.name if isinstance(expr, ir.Attr) else expr.id if isinstance(expr, ir.Name) else ""


def _class(expr: ir.Expr, stack: _Stack) -> str:
    """The CDK class a constructor expression names (an imported alias resolved)."""
    if isinstance(expr, ir.Name):
        return stack.aliases.get(expr.id, expr.id)
    return _last(expr)


def _join(parts: list[object], stack: _Stack) -> object:
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


def _props(call: ir.Call, stack: _Stack) -> dict[str, object]:
    out: dict[str, object] = {}
    if stack.syntax.keyword_options:
        for key, value in call.kwargs:
            evaluated = _eval(value, stack)
            if key is None:
                if isinstance(evaluated, dict):
                    out.update(evaluated)
            else:
                out[ir.camel(key)] = evaluated
        return out
    if len(call.args) > 2:
        evaluated = _eval(call.args[2], stack)
        if isinstance(evaluated, dict):
            out.update(evaluated)
    return out


def _function_ref(
    cls: str, construct_id: str, props: dict[str, object], stack: _Stack
) -> FunctionRef:
    def loc(value: object) -> tuple[str, bool] | None:
        if isinstance(value, Loc):
            return (value.path if value.exact else "cwd:" + value.path), True
        if isinstance(value, str):
            return "cwd:" + posixpath.normpath(value), True
        return None

    handler = props.get("handler")
    if cls == "NodejsFunction":
        entry = loc(props.get("entry"))
        if entry is None and "entry" not in props and stack.syntax is JAVASCRIPT:
            # the default entry: ``<stack file>.<construct id>.ts`` next to the stack
            stem, ext = posixpath.splitext(stack.path)
            entry = (f"{stem}.{construct_id}{ext}", True)
        if entry is None:
            return FunctionRef(ref="unresolved", name=construct_id)
        name = handler if isinstance(handler, str) else "handler"
        return FunctionRef(code=entry[0], handler=name, is_file=True, name=construct_id)
    if cls == "PythonFunction":
        entry = loc(props.get("entry"))
        index = props.get("index", "index.py")
        if entry is None or not isinstance(index, str):
            return FunctionRef(ref="unresolved", name=construct_id)
        name = handler if isinstance(handler, str) else "handler"
        return FunctionRef(
            code=posixpath.join(entry[0], index), handler=name, is_file=True, name=construct_id
        )
    code = props.get("code")
    if isinstance(code, Asset) and isinstance(handler, str):
        where = code.where.path if code.where.exact else "cwd:" + code.where.path
        return FunctionRef(code=where, handler=handler, name=construct_id)
    return FunctionRef(ref="unresolved", name=construct_id)


def _construct(call: ir.Call, stack: _Stack, func: ir.Expr, language: str = "") -> object:
    """``new X(scope, 'Id', props)``; ``func`` names X (``X.jsonata(...)`` gives ``language``)."""
    cls = _class(func, stack)
    if len(call.args) < 2 or not isinstance(call.args[1], ir.Lit):
        return UNKNOWN_VALUE
    construct_id = str(call.args[1].value)
    props = _props(call, stack)
    if language and "queryLanguage" not in props:
        props["queryLanguage"] = Language(language)
    if cls in _FUNCTION_CLASSES:
        fn = LambdaFn(_function_ref(cls, construct_id, props, stack))
        stack.functions.append((call.line, fn.ref))
        return fn
    if cls == "StateMachine":
        definition = props.get("definition", props.get("definitionBody"))
        name = props.get("stateMachineName")
        stack.machines.append(
            _MachineRec(
                name if isinstance(name, str) else construct_id,
                definition,
                call.line,
                _is_jsonata(props),
                props.get("definitionSubstitutions"),
            )
        )
        return UNKNOWN_VALUE
    kind = _STATE_CLASSES.get(cls)
    head = ir.dotted(func).split(".", 1)[0]
    if kind is None and (head in stack.task_names or cls in stack.task_names):
        kind = "OtherTask"
    if kind is None:
        return UNKNOWN_VALUE
    name = props.get("stateName")
    rec = _StateRec(name if isinstance(name, str) else construct_id, kind, call.line, props)
    stack.states[rec.name] = rec
    return rec


def _method(obj: object, method: str, call: ir.Call, stack: _Stack) -> object:
    args = [_eval(a, stack) for a in call.args]
    if isinstance(obj, (_StateRec, Chain)):
        if method == "next" and args:
            _link(obj, args[0], stack)
            return Chain(_start(obj), _ends(args[0], stack))
        if isinstance(obj, _StateRec) and obj.kind == "Choice":
            if method == "when" and len(args) >= 2 and isinstance(args[0], Condition):
                cond = args[0].cond
                obj.choices.append(choice_rule(cond, args[0].line, _start(args[1]), obj.guards))
                obj.guards = after_rule(obj.guards, cond)
                return obj
            if method == "otherwise" and args:
                obj.default = _start(args[0])
                return obj
            if method == "afterwards":
                ends: list[str] = []
                for target in [c.next for c in obj.choices] + [obj.default]:
                    if target in stack.states:
                        ends.extend(_reachable_ends(target, stack))
                return Chain(obj.name, tuple(dict.fromkeys(ends)))
        if isinstance(obj, _StateRec) and method == "branch":
            # a branch that is not understood keeps its place (its output is unknown)
            obj.branches.extend(_chain(a, stack) or Chain("", ()) for a in args)
            return obj
        if isinstance(obj, _StateRec) and method in ("iterator", "itemProcessor") and args:
            found = _chain(args[0], stack)
            if found is not None:
                obj.branches = [found]
            return obj
        if isinstance(obj, _StateRec) and method == "addCatch" and args and _start(args[0]):
            options = args[1] if len(args) > 1 and isinstance(args[1], dict) else {}
            options = {**options, **{ir.camel(k): _eval(v, stack) for k, v in call.kwargs if k}}
            obj.catches.append((_start(args[0]), _path_prop(options, "resultPath")))
            return obj
        if method in ("addRetry", "addCatch", "toSingleState"):
            return obj
    return UNKNOWN_VALUE


def _link(first: object, then: object, stack: _Stack) -> None:
    """``first.next(then)``: every end of ``first`` continues with ``then``."""
    target = _start(then)
    for end in _ends(first, stack):
        if end in stack.states and target:
            stack.states[end].next = target


def _reachable_ends(start: str, stack: _Stack) -> list[str]:
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


def _static(name: str, call: ir.Call, stack: _Stack) -> object:
    """Calls on classes and helper modules; UNKNOWN_VALUE when not one of them."""
    method = ir.camel(_last(call.func))
    owner = ir.dotted(call.func.obj) if isinstance(call.func, ir.Attr) else ""
    owner_last = owner.rsplit(".", 1)[-1]
    args = [_eval(a, stack) for a in call.args]
    if owner_last == "Chain" and method == "start" and args:
        return _chain(args[0], stack) or UNKNOWN_VALUE
    if owner_last == "Chain" and method == "sequence" and len(args) == 2:
        _link(args[0], args[1], stack)
        first = _chain(args[0], stack)
        return Chain(first.start, _ends(args[1], stack)) if first else UNKNOWN_VALUE
    if name == "dict" and not call.args:
        built: dict[str, object] = {}
        for key, value in call.kwargs:
            evaluated = _eval(value, stack)
            if key is not None:
                built[key] = evaluated
            elif isinstance(evaluated, dict):
                built.update(evaluated)
        return built
    if owner_last == "Condition":
        line = call.args[0].line if call.args and call.args[0].line else call.line
        return Condition(_condition(call, stack), line)
    if owner_last == "JsonPath" and method.endswith("At") and args and isinstance(args[0], str):
        return JsonPathRef(args[0])
    if (owner_last, method) in _PATH_HELPERS and args and isinstance(args[0], str):
        return JsonPathRef(args[0])
    if owner_last == "JsonPath":
        # an intrinsic: ``JsonPath.format('{}', JsonPath.stringAt('$.a'))``
        return Intrinsic(tuple(dict.fromkeys(p for a in args for p in _paths_in(a))))
    if owner_last in ("TaskInput", "Result", "DefinitionBody") and args:
        if method == "fromJsonPathAt" and isinstance(args[0], str):
            return JsonPathRef(args[0])
        return Wrapped(f"{owner_last}.{method}", args[0], call.line)
    if owner_last == "Code" and method in ("fromAsset", "asset") and args:
        where = args[0]
        if isinstance(where, str):
            where = Loc(posixpath.normpath(where), False)
        return Asset(where) if isinstance(where, Loc) else UNKNOWN_VALUE
    if name in ("path.join", "path.resolve", "os.path.join", "posixpath.join", "__truediv__"):
        return _join(args, stack)
    if name in ("os.path.dirname", "path.dirname") and args and isinstance(args[0], Loc):
        return Loc(posixpath.dirname(args[0].path), args[0].exact)
    if name in ("Path", "pathlib.Path") and args and isinstance(args[0], (Loc, str)):
        return args[0] if isinstance(args[0], Loc) else Loc(args[0], False)
    if name in ("os.path.abspath", "os.path.realpath", "str") and args:
        return args[0]
    return UNKNOWN_VALUE


def _eval(expr: ir.Expr, stack: _Stack) -> object:
    if isinstance(expr, ir.Lit):
        return expr.value
    if isinstance(expr, ir.Name):
        if expr.id == "__dirname":
            return Loc(stack.folder, True)
        if expr.id == "__file__":
            return Loc(stack.path, True)
        return stack.env.get(expr.id, UNKNOWN_VALUE)
    if isinstance(expr, ir.Attr):
        dotted = ir.dotted(expr)
        if dotted.endswith("JsonPath.DISCARD"):
            return Discard()
        if dotted.endswith("IntegrationPattern." + _CALLBACK):
            return _CALLBACK
        if dotted.endswith(("QueryLanguage.JSONATA", "QueryLanguage.JSON_PATH")):
            return Language("JSONata" if dotted.endswith("JSONATA") else "JSONPath")
        if dotted.endswith(("JsonPath.entirePayload", "JsonPath.entire_payload")):
            return JsonPathRef("$")
        if dotted in stack.env:
            return stack.env[dotted]
        base = _eval(expr.obj, stack)
        if isinstance(base, LambdaFn) and ir.camel(expr.name) in ("functionArn", "functionName"):
            return FunctionAttr(base)
        if isinstance(base, Loc) and expr.name == "parent":
            return Loc(posixpath.dirname(base.path), base.exact)
        if isinstance(base, dict):
            return base.get(expr.name, UNKNOWN_VALUE)
        return UNKNOWN_VALUE
    if isinstance(expr, ir.ObjLit):
        out: dict[str, object] = {}
        for key, value in expr.entries:
            evaluated = _eval(value, stack)
            if key is None:
                if isinstance(evaluated, dict):
                    out.update(evaluated)
            else:
                out[key] = evaluated
        return _Obj(out, expr)
    if isinstance(expr, ir.ArrLit):
        return [_eval(i, stack) for i in expr.items]
    if isinstance(expr, ir.Call):
        return _eval_call(expr, stack)
    return UNKNOWN_VALUE


class _Obj(dict[str, object]):
    """An evaluated object literal that remembers its syntax (for templates and lines)."""

    def __init__(self, values: dict[str, object], source: ir.ObjLit) -> None:
        super().__init__(values)
        self.source = source


def _constructible(func: ir.Expr, stack: _Stack) -> bool:
    cls = _class(func, stack)
    known = cls in _FUNCTION_CLASSES or cls in _STATE_CLASSES or cls == "StateMachine"
    return known or ir.dotted(func).split(".", 1)[0] in stack.task_names or cls in stack.task_names


# Methods of a function construct that let something else invoke it.
_SHARING_METHODS = ("addFunctionUrl", "addEventSource", "addPermission", "grantInvoke", "addAlias")


def _names(expr: ir.Expr) -> bool:
    """True for ``fn`` / ``this.fn``: evaluating it constructs nothing."""
    while isinstance(expr, ir.Attr):
        expr = expr.obj
    return isinstance(expr, ir.Name)


def _handed(expr: ir.Expr, stack: _Stack) -> list[LambdaFn]:
    """Function constructs an argument names (directly, or inside an object/array literal);
    only names are evaluated, so nothing is constructed twice."""
    if _names(expr):
        value = _eval(expr, stack)
        return [value] if isinstance(value, LambdaFn) else []
    if isinstance(expr, ir.ObjLit):
        return [fn for _, value in expr.entries for fn in _handed(value, stack)]
    if isinstance(expr, ir.ArrLit):
        return [fn for item in expr.items for fn in _handed(item, stack)]
    return []


def _note_sharing(call: ir.Call, stack: _Stack) -> None:
    """A function handed to anything but a Step Functions task (an API, a URL, an event
    rule, a helper) or opened by ``fn.addFunctionUrl()``-like methods may be invoked by
    others: its result reaches readers the state machine does not show. Grants *to* it
    (``table.grantReadData(fn)``) and ``Tags.of(fn)`` do not."""
    method = ir.camel(_last(call.func))
    if isinstance(call.func, ir.Attr):
        receiver = _eval(call.func.obj, stack) if _names(call.func.obj) else None
        if isinstance(receiver, LambdaFn):
            if method.startswith(_SHARING_METHODS):
                stack.shared.add(receiver.ref)
            return
    if method.startswith("grant") or method == "of":
        return
    for expr in (*call.args, *(value for _, value in call.kwargs)):
        stack.shared.update(fn.ref for fn in _handed(expr, stack))


def _eval_call(call: ir.Call, stack: _Stack) -> object:
    name = ir.dotted(call.func)
    named = len(call.args) >= 2 and isinstance(call.args[1], ir.Lit)
    bare = stack.syntax.bare_constructors
    if (call.new or bare) and named and _constructible(call.func, stack):
        return _construct(call, stack, call.func)
    func = call.func
    if isinstance(func, ir.Attr) and named and _constructible(func.obj, stack):
        # ``LambdaInvoke.jsonata(this, 'Id', {...})`` / ``Pass.json_path(self, "Id", ...)``
        language = _STATIC_CONSTRUCTORS.get(ir.camel(func.name))
        if language is not None:
            return _construct(call, stack, func.obj, language)
    if isinstance(call.func, ir.Attr):
        method = ir.camel(call.func.name)
        receiver = _eval(call.func.obj, stack)
        if isinstance(receiver, (_StateRec, Chain)):
            return _method(receiver, method, call, stack)
        if isinstance(receiver, Loc) and method in ("resolve", "absolute"):
            return receiver
    _note_sharing(call, stack)
    return _static(name, call, stack)


def _template(value: object, line: int) -> tuple[TemplateField, ...] | None:
    if not isinstance(value, dict):
        return None
    source = value.source if isinstance(value, _Obj) else None
    lines = {k: v.line for k, v in source.entries if k is not None} if source else {}
    out: list[TemplateField] = []
    for key, inner in value.items():
        at = lines.get(key, line)
        if key.endswith(".$") and isinstance(inner, str):
            # a key written in its ASL spelling: ``'amount.$': '$.Payload.amount'``
            path = inner if inner.startswith("$") else ""
            field_value = None if path else unknown(at)
            reads = () if path else intrinsic_paths(inner)
            out.append(TemplateField(key[:-2], at, path=path, value=field_value, reads=reads))
        elif isinstance(inner, JsonPathRef):
            out.append(TemplateField(key, at, path=inner.path))
        elif isinstance(inner, Intrinsic):
            out.append(TemplateField(key, at, value=unknown(at), reads=inner.paths))
        elif isinstance(inner, dict):
            out.append(TemplateField(key, at, sub=_template(inner, at)))
        elif isinstance(inner, (str, int, float, bool)) or inner is None:
            out.append(TemplateField(key, at, value=scalar(at)))
        else:
            out.append(TemplateField(key, at, value=unknown(at)))
    return tuple(out)


def _path_prop(props: dict[str, object], key: str) -> str | None:
    value = props.get(key, "$")
    if isinstance(value, Discard) or value is None:
        return None
    if isinstance(value, JsonPathRef):
        return value.path
    return value if isinstance(value, str) else "$"


def _result_shape(value: object, line: int) -> Shape | None:
    if isinstance(value, Wrapped) and isinstance(value.value, _Obj):
        return shape_of(value.value.source, {})
    if isinstance(value, Wrapped):
        return unknown(line)
    return None


def _state_fact(rec: _StateRec, stack: _Stack, jsonata: bool) -> State:
    props = rec.props
    chosen = _is_jsonata(props)
    jsonata = jsonata if chosen is None else chosen
    function: FunctionRef | None = None
    envelope = True
    other = ""
    if rec.kind == "Task" and props.get("integrationPattern") == _CALLBACK:
        # the result is what the callback sends (SendTaskSuccess), not the handler's
        other = "callback"
    elif rec.kind == "Task":
        fn = props.get("lambdaFunction")
        function = fn.ref if isinstance(fn, LambdaFn) else FunctionRef(ref="unresolved")
        if function in stack.shared:
            function = replace(function, shared=True)
        envelope = props.get("payloadResponseOnly") is not True
    kind = rec.kind
    if kind == "OtherTask":
        kind, other = "Task", "cdk"
    parameters = props.get("parameters", props.get("itemSelector"))
    payload = props.get("payload")
    if kind == "Task" and isinstance(payload, Wrapped) and isinstance(payload.value, dict):
        parameters = {"Payload": payload.value}
    elif kind == "Task" and isinstance(payload, JsonPathRef):
        parameters = {"Payload": payload}
    branches = tuple(_machine(c.start, stack, jsonata) for c in rec.branches)
    return State(
        name=rec.name,
        type=kind,
        line=rec.line,
        next=rec.next,
        end=not rec.next and kind not in ("Choice", "Succeed", "Fail"),
        default=rec.default,
        choices=tuple(rec.choices),
        function=function,
        envelope=envelope,
        other_resource=other,
        input_path=_path_prop(props, "inputPath"),
        parameters=_template(parameters, rec.line),
        result=_result_shape(props.get("result"), rec.line),
        result_selector=_template(props.get("resultSelector"), rec.line),
        result_path=_path_prop(props, "resultPath"),
        output_path=_path_prop(props, "outputPath"),
        items_path=_path_prop(props, "itemsPath") or "$" if kind == "Map" else "",
        branches=branches,
        jsonata=jsonata,
        catches=tuple(rec.catches),
        path_reads=_path_reads(rec),
    )


def _path_reads(rec: _StateRec) -> tuple[tuple[str, int], ...]:
    """Paths read by ``time: WaitTime.secondsPath(...)``, ``errorPath``, ``timeout``..."""
    out: list[tuple[str, int]] = []
    for key, value in sorted(rec.props.items()):
        if isinstance(value, JsonPathRef) and key in ("time", "timeout", "heartbeatTimeout"):
            out.append((value.path, rec.line))
        elif key.endswith("Path") and key not in _MOVING_PATHS:
            out.extend((path, rec.line) for path in _paths_in(value))
    return tuple(out)


def _machine(start: str, stack: _Stack, jsonata: bool = False) -> Machine:
    order: list[str] = []
    todo = [start]
    while todo:
        name = todo.pop(0)
        if name in order or name not in stack.states:
            continue
        order.append(name)
        rec = stack.states[name]
        todo += [rec.next] + [c.next for c in rec.choices] + [rec.default]
        todo += [target for target, _ in rec.catches]
    return Machine(start, tuple(_state_fact(stack.states[n], stack, jsonata) for n in order))


def _statements(source: SourceFile) -> list[ts.Node]:
    """Declarations and statements of the stack file, in source order."""
    if source.language == "python":
        return source.captures("contract_cdk", "python").get("statement", [])
    caps = source.captures("contract_cdk", source.language, "javascript")
    nodes = caps.get("declare", []) + caps.get("statement", [])
    return sorted(nodes, key=lambda n: n.start_byte)


def _run(source: SourceFile) -> _Stack:
    syntax = PYTHON if source.language == "python" else JAVASCRIPT
    stack = _Stack(source.path, posixpath.dirname(source.path), syntax=syntax)
    stack.aliases, stack.task_names = _imports(source)
    for node in _statements(source):
        if node.type == "variable_declarator":
            name = node.child_by_field_name("name")
            value = _eval(ir.from_js(node.child_by_field_name("value")), stack)
            if name is not None and name.type == "identifier":
                stack.env[T.text(name)] = value
            continue
        inner = node.named_children[0] if node.named_children else None
        if inner is None:
            continue
        if inner.type in ("assignment", "assignment_expression"):
            target = ir.dotted(syntax.lower(inner.child_by_field_name("left")))
            right = inner.child_by_field_name("right")
            value = _eval(syntax.lower(right), stack) if right is not None else UNKNOWN_VALUE
            if target:
                stack.env[target] = value
            continue
        _eval(syntax.lower(inner), stack)
    return stack


def extract_cdk(source: SourceFile) -> tuple[Fact, ...]:
    """The state machines a CDK stack file defines."""
    if not any(h in source.data for h in _HINTS):
        return ()
    stack = _run(source)
    facts: list[Fact] = []
    targeted: set[str] = set()
    for rec in stack.states.values():
        targeted.update([rec.next, rec.default, *[c.next for c in rec.choices]])
        targeted.update(target for target, _ in rec.catches)
        for branch in rec.branches:
            targeted.add(branch.start)
    machines = list(stack.machines)
    if not machines:
        machines = [
            _MachineRec(n, stack.states[n], stack.states[n].line)
            for n in stack.states
            if n not in targeted
        ]
    for rec in machines:
        definition = rec.definition
        if isinstance(definition, Wrapped) and definition.kind.endswith("fromFile"):
            facts.extend(_file_machine(source.path, rec, definition.value, stack))
            continue
        if isinstance(definition, Wrapped):
            definition = definition.value
        start = _start(definition)
        if not start:
            continue
        facts.append(
            StateMachine(
                file=source.path,
                line=rec.line,
                symbol=rec.name,
                name=rec.name,
                machine=_machine(start, stack, bool(rec.jsonata)),
                source="cdk",
            )
        )
    return tuple(facts)


def _file_machine(path: str, rec: _MachineRec, where: object, stack: _Stack) -> list[Fact]:
    """``DefinitionBody.fromFile(asl)`` with ``definitionSubstitutions``: the ASL file is read
    by ``documents``; here its substitutions, and the functions they name, become facts."""
    if not isinstance(where, Loc) or not where.exact:
        return []
    subs: list[tuple[str, str]] = []
    if isinstance(rec.substitutions, dict):
        for key, value in rec.substitutions.items():
            if isinstance(value, FunctionAttr):
                subs.append((key, "logical:" + value.fn.ref.name))
            elif isinstance(value, str):
                subs.append((key, value))
    facts: list[Fact] = [
        StateMachineDef(
            file=path,
            line=rec.line,
            symbol=rec.name,
            name=rec.name,
            definition_uri=where.path,
            substitutions=tuple(sorted(subs)),
        )
    ]
    named = {value[8:] for _, value in subs if value.startswith("logical:")}
    for line, ref in stack.functions:
        if ref.name in named and ref.code:
            shared = replace(ref, shared=ref in stack.shared)
            facts.append(
                FunctionDef(file=path, line=line, symbol=ref.name, name=ref.name, function=shared)
            )
    return facts


register("javascript", (".js", ".mjs", ".cjs"), extract_cdk)
register("typescript", (".ts", ".mts", ".cts"), extract_cdk)
register("python", (".py",), extract_cdk)
