"""Amazon States Language definitions (JSON or YAML, files or inline) -> ``Machine``.

Reads what the field graph needs: the order of states (``Next``, ``Default``,
``Choices``, ``End``), Lambda invokes (``arn:aws:states:::lambda:invoke`` wraps
the result in the invoke envelope; a bare function ARN does not), templates
(``Parameters``, ``ResultSelector``, ``ItemSelector``; the paths intrinsic
functions read), the ``*Path`` fields, ``Catch`` targets and ``QueryLanguage``.
"""

from __future__ import annotations

import re

from ralph_validate.extractors.contract_facts import (
    ChoiceRule,
    FunctionRef,
    Machine,
    State,
    TemplateField,
    unknown,
)
from ralph_validate.extractors.contracts import shapes
from ralph_validate.extractors.contracts.cfn_yaml import PList, PMap, Tagged

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
        elif isinstance(inner, dict):
            out.append(TemplateField(key, at, sub=template(inner, at)))
        else:
            out.append(TemplateField(key, at, value=shapes.of_value(inner, at)))
    return tuple(out)


def _rule_paths(rule: object, line: int) -> tuple[list[str], int]:
    """Every path a choice rule (And/Or/Not too) reads, and the line of its first read (0: none)."""
    paths: list[str] = []
    first = 0
    if isinstance(rule, dict):
        lines = rule.key_lines if isinstance(rule, PMap) else {}
        # IsPresent asks whether the field exists: a check, not a read that needs it.
        checks_presence = "IsPresent" in rule
        for key, inner in rule.items():
            if (key == "Variable" and isinstance(inner, str) and not checks_presence) or (
                _COMPARISON_PATHS.search(key) and isinstance(inner, str) and key != "Next"
            ):
                paths.append(inner)
                first = first or lines.get(key, line)
            elif key in ("And", "Or") and isinstance(inner, list):
                for sub in inner:
                    more, at = _rule_paths(sub, line)
                    paths.extend(more)
                    first = first or at
            elif key == "Not":
                more, at = _rule_paths(inner, line)
                paths.extend(more)
                first = first or at
    return paths, first


def _path_value(state: dict[str, object], key: str) -> str | None:
    if key not in state:
        return "$"
    value = state[key]
    return value if isinstance(value, str) else None


def _state(name: str, body: PMap, line: int, jsonata: bool) -> State:
    kind = str(body.get("Type", ""))
    jsonata = _jsonata(body, jsonata)
    choices: list[ChoiceRule] = []
    raw_choices = body.get("Choices")
    if isinstance(raw_choices, list):
        item_lines = raw_choices.item_lines if isinstance(raw_choices, PList) else []
        for index, rule in enumerate(raw_choices):
            at = item_lines[index] if index < len(item_lines) else line
            paths, first = _rule_paths(rule, at)
            first = first or at
            target = rule.get("Next", "") if isinstance(rule, dict) else ""
            choices.append(ChoiceRule(tuple(paths), first, str(target)))
    function: FunctionRef | None = None
    envelope = True
    other = ""
    params_key = "Parameters"
    if kind == "Task":
        resource = body.get("Resource")
        params = body.get("Parameters")
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
        branches = [m for m in (machine(b, jsonata) for b in body["Branches"]) if m is not None]
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
        result=shapes.of_value(result, body.line_of("Result")) if "Result" in body else None,
        result_selector=template(body.get("ResultSelector"), body.line_of("ResultSelector")),
        result_path=_path_value(body, "ResultPath"),
        output_path=_path_value(body, "OutputPath"),
        items_path=str(body.get("ItemsPath", "$")) if kind == "Map" else "",
        branches=tuple(branches),
        path_lines=path_lines,
        jsonata=jsonata,
        catches=_catches(body.get("Catch")),
        path_reads=path_reads,
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
