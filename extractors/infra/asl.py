"""Amazon States Language definitions (JSON or YAML, files or inline) -> ``Machine``.

Reads what the field graph needs: the order of states (``Next``, ``Default``,
``Choices``, ``End``), Lambda invokes (``arn:aws:states:::lambda:invoke`` wraps
the result in the invoke envelope; a bare function ARN does not), templates
(``Parameters``, ``ResultSelector``, ``ItemSelector``; the paths intrinsic
functions read; arrays element by element), JSONPath ``Assign``, a Map's ``ItemReader``,
``ItemBatcher`` and ``ResultWriter``, the ``*Path`` fields, ``Catch`` targets and
``QueryLanguage``.
Choice rules keep each read's line and the ``IsPresent`` checks that hold whenever it
is read (``Cond``; CDK ``Condition`` calls reduce to the same tree).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..facts.contracts import (
    ChoiceRead,
    ChoiceRule,
    FunctionRef,
    Machine,
    MapSource,
    State,
    TemplateField,
    state_type,
    unknown,
)
from . import asl_jsonata
from .cfn_yaml import PList, PMap, Tagged
from .doc_shapes import of_value

LAMBDA_INVOKE = "arn:aws:states:::lambda:invoke"
_LAMBDA_ARN = re.compile(r"^arn:aws[\w-]*:lambda:[^:]*:[^:]*:function:([^:]+)")
_SUBSTITUTION = re.compile(r"\$\{([^}]+)\}")
_COMPARISON_PATHS = re.compile(r"Path$")
# *Path fields that read a value from the state's input (what moves data is modelled apart)
_READING_PATHS = (
    "SecondsPath",
    "TimestampPath",
    "ErrorPath",
    "CausePath",
    "TimeoutSecondsPath",
    "HeartbeatSecondsPath",
    "MaxConcurrencyPath",
    "ToleratedFailurePercentagePath",
    "ToleratedFailureCountPath",
)


def is_definition(value: object) -> bool:
    """True when ``value`` looks like an ASL definition (``StartAt`` and ``States``)."""
    return isinstance(value, dict) and "StartAt" in value and isinstance(value.get("States"), dict)


def function_ref(value: object) -> FunctionRef | None:
    """The function a ``FunctionName``/``Resource`` value names, symbolically."""
    if isinstance(value, Tagged):
        if value.tag == "GetAtt":
            target = value.value if isinstance(value.value, str) else ""
            if isinstance(value.value, list) and value.value:
                target = str(value.value[0])
            return FunctionRef(ref="logical:" + target.split(".")[0], name=target.split(".")[0])
        if value.tag == "Ref" and isinstance(value.value, str):
            return FunctionRef(ref="logical:" + value.value, name=value.value)
        if value.tag == "Sub" and isinstance(value.value, str):
            return function_ref(value.value)
        return None
    if isinstance(value, dict) and len(value) == 1:
        key, inner = next(iter(value.items()))
        if key in ("Fn::GetAtt", "Ref", "Fn::Sub"):
            tag = {"Fn::GetAtt": "GetAtt", "Ref": "Ref", "Fn::Sub": "Sub"}[key]
            return function_ref(Tagged(tag, inner, 0))
        return None
    if not isinstance(value, str):
        return None
    sub = _SUBSTITUTION.search(value)
    if sub:
        return FunctionRef(ref="sub:" + sub.group(1), name=sub.group(1))
    arn = _LAMBDA_ARN.match(value)
    if arn:
        return FunctionRef(ref="name:" + arn.group(1), name=arn.group(1))
    if re.fullmatch(r"[\w-]+", value):
        return FunctionRef(ref="name:" + value, name=value)
    return None


_INTRINSIC_PATH = re.compile(r"(?<![\w$'])\$(?![$\w])(?:\.[A-Za-z_][\w-]*|\[\d+\])*")


def intrinsic_paths(text: str) -> tuple[str, ...]:
    """The paths an intrinsic function reads: ``States.Format('{}', $.a.b)`` -> ``$.a.b``."""
    if not text.startswith("States."):
        return ()
    unquoted = re.sub(r"'(?:[^'\\]|\\.)*'", "''", text)
    return tuple(dict.fromkeys(m.group(0) for m in _INTRINSIC_PATH.finditer(unquoted)))


def template(value: object, line: int) -> tuple[TemplateField, ...] | None:
    """A ``Parameters``-like template; keys ending in ``.$`` take their value from a path."""
    if not isinstance(value, dict):
        return None
    lines = value.key_lines if isinstance(value, PMap) else {}
    out: list[TemplateField] = []
    for key, inner in value.items():
        at = lines.get(key, line)
        if key.endswith(".$"):
            name = key[:-2]
            text = inner if isinstance(inner, str) else ""
            if text.startswith("$"):  # ``$$.Map.Item.Value`` too: the flow knows the item
                out.append(TemplateField(name, at, path=text))
            else:
                out.append(TemplateField(name, at, value=unknown(at), reads=intrinsic_paths(text)))
        else:
            out.append(_element(key, inner, at))
    return tuple(out)


def _element(name: str, value: object, line: int) -> TemplateField:
    """A literal of a template: an object is a template in turn, an array is one per
    element (``Entries: [{"Detail": {"total.$": ...}}]``), anything else a constant."""
    if isinstance(value, dict):
        return TemplateField(name, line, sub=template(value, line))
    if isinstance(value, list):
        lines = value.item_lines if isinstance(value, PList) else []
        return TemplateField(
            name,
            line,
            items=tuple(
                _element(str(i), item, lines[i] if i < len(lines) else line)
                for i, item in enumerate(value)
            ),
        )
    return TemplateField(name, line, value=of_value(value, line))


@dataclass(frozen=True)
class Cond:
    """A choice condition reduced to what the field graph needs: reads and existence checks.

    ``op`` is ``read`` (a comparison reads ``path``), ``present`` (``IsPresent``: the
    field exists when the rule holds and ``present`` is true), ``and``, ``or`` or ``not``.
    A ``present`` whose path is not known has ``path`` ``""``."""

    op: str
    parts: tuple[Cond, ...] = ()
    path: str = ""
    line: int = 0
    present: bool = True


def _merge(a: tuple[str, ...], b: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys((*a, *b)))


def known_present(cond: Cond, truth: bool) -> tuple[str, ...]:
    """The paths known to exist whenever ``cond`` evaluates to ``truth``."""
    if cond.op == "present":
        # a check on a path not known may guard anything: ``""`` whatever the truth
        return (cond.path,) if cond.present == truth or not cond.path else ()
    if cond.op == "not":
        return known_present(cond.parts[0], not truth) if cond.parts else ()
    if cond.op in ("and", "or") and ((cond.op == "and") == truth or len(cond.parts) == 1):
        # And that holds / Or that fails: every part has that truth
        out: tuple[str, ...] = ()
        for part in cond.parts:
            out = _merge(out, known_present(part, truth))
        return out
    return ()


def _reads(cond: Cond, guards: tuple[str, ...]) -> list[ChoiceRead]:
    """Reads in evaluation order; And/Or stop early, so a later part is read only when the
    earlier ones held (And) or failed (Or)."""
    if cond.op == "read":
        return [ChoiceRead(cond.path, cond.line, guards)]
    out: list[ChoiceRead] = []
    held = guards
    for part in cond.parts:
        out += _reads(part, held)
        if cond.op in ("and", "or"):
            held = _merge(held, known_present(part, cond.op == "and"))
    return out


def choice_rule(cond: Cond, line: int, target: str, guards: tuple[str, ...] = ()) -> ChoiceRule:
    """The rule for ``cond``; ``guards`` are the paths earlier rules of the Choice leave present."""
    reads = _reads(cond, guards)
    first = reads[0].line if reads and reads[0].line else line
    return ChoiceRule(tuple(r.path for r in reads), first, target, tuple(reads))


def after_rule(guards: tuple[str, ...], cond: Cond) -> tuple[str, ...]:
    """What the later rules of a Choice know present once ``cond`` did not match."""
    return _merge(guards, known_present(cond, False))


def _cond(rule: object, line: int) -> Cond:
    """An ASL choice rule (``And``/``Or``/``Not`` nested) as a ``Cond``."""
    if not isinstance(rule, dict):
        return Cond("and")
    lines = rule.key_lines if isinstance(rule, PMap) else {}
    parts: list[Cond] = []
    for key, inner in rule.items():
        at = lines.get(key, line)
        if key in ("And", "Or") and isinstance(inner, list):
            item_lines = inner.item_lines if isinstance(inner, PList) else []
            subs = (
                _cond(sub, item_lines[i] if i < len(item_lines) else at)
                for i, sub in enumerate(inner)
            )
            parts.append(Cond(key.lower(), tuple(subs), line=at))
        elif key == "Not":
            parts.append(Cond("not", (_cond(inner, at),), line=at))
        elif key == "Variable" and isinstance(inner, str) and "IsPresent" in rule:
            # IsPresent asks whether the field exists: a check, not a read that needs it
            check = rule["IsPresent"]
            known = isinstance(check, bool)
            parts.append(Cond("present", path=inner if known else "", line=at, present=bool(check)))
        elif (key == "Variable" or _COMPARISON_PATHS.search(key)) and isinstance(inner, str):
            parts.append(Cond("read", path=inner, line=at))
    return parts[0] if len(parts) == 1 else Cond("and", tuple(parts), line=line)


def _path_value(state: dict[str, object], key: str) -> str | None:
    if key not in state:
        return "$"
    value = state[key]
    return value if isinstance(value, str) else None


def _state(name: str, body: PMap, line: int, jsonata: bool) -> State:
    kind = state_type(body.get("Type"))
    jsonata = _jsonata(body, jsonata)
    choices: list[ChoiceRule] = []
    raw_choices = body.get("Choices")
    if isinstance(raw_choices, list):
        item_lines = raw_choices.item_lines if isinstance(raw_choices, PList) else []
        guards: tuple[str, ...] = ()
        for index, rule in enumerate(raw_choices):
            at = item_lines[index] if index < len(item_lines) else line
            cond = _cond(rule, at)
            target = rule.get("Next", "") if isinstance(rule, dict) else ""
            choices.append(choice_rule(cond, at, str(target), guards))
            guards = after_rule(guards, cond)
    function: FunctionRef | None = None
    envelope = True
    other = ""
    params_key = "Parameters"
    if kind == "Task":
        resource = body.get("Resource")
        params = body.get("Arguments" if jsonata else "Parameters")
        if isinstance(resource, str) and resource.endswith(".waitForTaskToken"):
            # the result is what the callback sends (SendTaskSuccess), not the handler's
            other = resource
        elif isinstance(resource, str) and resource.startswith(LAMBDA_INVOKE):
            raw = params.get("FunctionName") if isinstance(params, dict) else None
            function = function_ref(raw) or FunctionRef(ref="unresolved")
        else:
            function = function_ref(resource)
            envelope = False
            if function is None:
                other = str(resource)
    branches: list[Machine] = []
    if kind == "Parallel" and isinstance(body.get("Branches"), list):
        # a branch that is not understood keeps its place (its output is unknown)
        branches = [machine(b, jsonata) or Machine("", ()) for b in body["Branches"]]
    if kind == "Map":
        processor = body.get("ItemProcessor", body.get("Iterator"))
        inner = machine(processor, jsonata)
        if inner is not None:
            branches = [inner]
        if "ItemSelector" in body:
            params_key = "ItemSelector"
    result = body.get("Result")
    path_reads = tuple(
        (str(body[key]), body.line_of(key))
        for key in _READING_PATHS
        if isinstance(body.get(key), str) and str(body[key]).startswith("$")
    )
    path_lines = tuple(
        (key, body.line_of(key))
        for key in ("InputPath", "ResultPath", "OutputPath", "ItemsPath")
        if key in body
    )
    return State(
        name=name,
        type=kind,
        line=line,
        next=str(body.get("Next", "")),
        end=bool(body.get("End", False)),
        default=str(body.get("Default", "")),
        choices=tuple(choices),
        function=function,
        envelope=envelope,
        other_resource=other,
        input_path=_path_value(body, "InputPath"),
        parameters=template(body.get(params_key), body.line_of(params_key)),
        result=of_value(result, body.line_of("Result")) if "Result" in body else None,
        result_selector=template(body.get("ResultSelector"), body.line_of("ResultSelector")),
        result_path=_path_value(body, "ResultPath"),
        output_path=_path_value(body, "OutputPath"),
        items_path=str(body.get("ItemsPath", "$")) if kind == "Map" else "",
        branches=tuple(branches),
        path_lines=path_lines,
        jsonata=jsonata,
        catches=_catches(body.get("Catch")),
        path_reads=path_reads,
        assign=None if jsonata else _assign(body),
        map_source=_map_source(body, jsonata) if kind == "Map" else None,
        expressions=asl_jsonata.fields(body) if jsonata else None,
    )


def _assign(body: PMap) -> tuple[TemplateField, ...] | None:
    """A JSONPath ``Assign``: the state's, then each Choice rule's (a variable may be
    assigned by several rules); None when there is none."""
    out = list(template(body.get("Assign"), body.line_of("Assign")) or ())
    rules = body.get("Choices")
    for rule in rules if isinstance(rules, list) else ():
        if isinstance(rule, PMap):
            out += template(rule.get("Assign"), rule.line_of("Assign")) or ()
    return tuple(out) if out or "Assign" in body else None


def _map_source(body: PMap, jsonata: bool) -> MapSource | None:
    """A Map's ``ItemReader``, ``ItemBatcher`` and ``ResultWriter``; None without any.
    A JSONata Map's arguments of them are among its expressions instead."""
    reader, batcher, writer = (body.get(k) for k in ("ItemReader", "ItemBatcher", "ResultWriter"))
    if not any(isinstance(v, dict) for v in (reader, batcher, writer)):
        return None

    def parameters(config: object) -> tuple[TemplateField, ...] | None:
        if not isinstance(config, PMap):
            return None
        if jsonata:
            return ()
        return template(config.get("Parameters"), config.line_of("Parameters")) or ()

    batch_input = None
    if isinstance(batcher, PMap) and "BatchInput" in batcher and not jsonata:
        batch_input = template(batcher["BatchInput"], batcher.line_of("BatchInput"))
    return MapSource(
        reader=parameters(reader),
        batched=isinstance(batcher, dict),
        batch_input=batch_input,
        writer=parameters(writer),
    )


def _catches(value: object) -> tuple[tuple[str, str | None], ...]:
    """(Next, ResultPath) of each ``Catch`` entry; the error replaces the input by default."""
    if not isinstance(value, list):
        return ()
    out: list[tuple[str, str | None]] = []
    for entry in value:
        if isinstance(entry, dict) and isinstance(entry.get("Next"), str):
            out.append((entry["Next"], _path_value(entry, "ResultPath")))
    return tuple(out)


def _jsonata(body: dict[str, object], inherited: bool) -> bool:
    """``QueryLanguage`` of a definition or state; a state without one inherits it."""
    language = body.get("QueryLanguage")
    return language == "JSONata" if isinstance(language, str) else inherited


def machine(definition: object, jsonata: bool = False) -> Machine | None:
    """The machine an ASL definition describes, or None when it is not one."""
    if not is_definition(definition):
        return None
    assert isinstance(definition, dict)
    jsonata = _jsonata(definition, jsonata)
    states_map = definition["States"]
    lines = states_map.key_lines if isinstance(states_map, PMap) else {}
    states: list[State] = []
    for name, body in states_map.items():
        if isinstance(body, PMap):
            states.append(_state(str(name), body, lines.get(str(name), body.line), jsonata))
    return Machine(str(definition["StartAt"]), tuple(states))
