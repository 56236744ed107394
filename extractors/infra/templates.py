"""SAM / CloudFormation templates -> functions, state machines and their substitutions.

Function code is located by ``CodeUri`` (SAM, with ``Globals.Function``
defaults) or ``Code`` (a local asset path), resolved against the template's
folder; ``Handler`` says ``module.function``. State machines are inline
(``Definition``, ``DefinitionString``) or in a ``DefinitionUri`` file;
``DefinitionSubstitutions`` values that are ``!GetAtt X.Arn`` / ``!Ref X`` name
the resource ``X``. Serverless Framework files (``functions.<f>.handler``,
``stepFunctions.stateMachines.<m>.definition``) give the same facts; a function is
known by its key and by the CloudFormation id Serverless derives from it.
"""

from __future__ import annotations

import posixpath

from ...core.bounded import json_loads
from ..facts.contracts import Fact, FunctionDef, FunctionRef, StateMachine, StateMachineDef
from . import asl, cfn_yaml
from .cfn_yaml import PMap, Tagged

_FUNCTIONS = {"AWS::Serverless::Function", "AWS::Lambda::Function"}
_MACHINES = {"AWS::Serverless::StateMachine", "AWS::StepFunctions::StateMachine"}


def is_template(value: object) -> bool:
    """True when the document has a CloudFormation ``Resources`` section."""
    return isinstance(value, dict) and isinstance(value.get("Resources"), dict)


def _local_path(folder: str, value: object) -> str:
    if not isinstance(value, str) or "://" in value or not value.strip():
        return ""
    return posixpath.normpath(posixpath.join(folder, value.strip()))


def _substitution(value: object) -> str:
    """``logical:X`` for a reference to resource X, else the literal text."""
    ref = asl.function_ref(value)
    if ref is not None and ref.ref.startswith("logical:"):
        return ref.ref
    return value if isinstance(value, str) else ""


def _substitutions(value: object) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, dict):
        return ()
    return tuple(sorted((str(k), _substitution(v)) for k, v in value.items()))


def _definition_string(value: object, line: int) -> object | None:
    """The ASL inside ``DefinitionString`` (plain, ``!Sub``, ``Fn::Sub`` or ``Fn::Join``); a
    ``|`` block keeps the file's lines, any other string sits on ``line`` (its own line
    breaks, escaped or folded, are not the file's)."""
    if isinstance(value, Tagged):
        value = value.value
    if isinstance(value, dict) and len(value) == 1:
        value = next(iter(value.values()))
    if isinstance(value, list) and value and isinstance(value[0], str) and len(value) <= 2:
        value = value[0]
    if isinstance(value, str):
        try:
            json_loads(value)
        except ValueError:
            return None
        if isinstance(value, cfn_yaml.Block):
            return cfn_yaml.load(value, json_text=True, first_line=value.first_line)
        return cfn_yaml.load(value, json_text=True, one_line=line)
    return None


# Resources that let something invoke a function: its result reaches readers no state
# machine shows (IAM policies, log groups and alarms only name it).
_INVOKERS = {
    "AWS::Lambda::Url",
    "AWS::Lambda::Permission",
    "AWS::Lambda::EventSourceMapping",
    "AWS::ApiGateway::Method",
    "AWS::ApiGatewayV2::Integration",
    "AWS::Events::Rule",
    "AWS::Scheduler::Schedule",
    "AWS::SNS::Subscription",
}


def _named(value: object, found: set[str]) -> None:
    """Logical ids a value references (``!Ref X``, ``!GetAtt X.Arn``, ``${X.Arn}``)."""
    if isinstance(value, (Tagged, str)) or (isinstance(value, dict) and len(value) == 1):
        ref = asl.function_ref(value)
        if ref is not None and ref.ref.startswith(("logical:", "sub:")):
            found.add(ref.ref.split(":", 1)[1].split(".")[0])
    if isinstance(value, Tagged):
        _named(value.value, found)
    elif isinstance(value, dict):
        for inner in value.values():
            _named(inner, found)
    elif isinstance(value, list):
        for inner in value:
            _named(inner, found)


def _invoked(resources: dict[str, object]) -> set[str]:
    """Functions something besides a state machine may invoke: SAM ``Events`` or
    ``FunctionUrlConfig``, or a resource of an invoking kind that names them."""
    found: set[str] = set()
    for logical_id, resource in resources.items():
        if not isinstance(resource, dict):
            continue
        props = resource.get("Properties")
        props = props if isinstance(props, dict) else {}
        kind = resource.get("Type")
        if kind in _FUNCTIONS and (props.get("Events") or "FunctionUrlConfig" in props):
            found.add(str(logical_id))
        elif kind in _INVOKERS:
            _named(props, found)
    return found


def template_facts(path: str, doc: PMap) -> list[Fact]:
    """Functions, inline state machines and ``DefinitionUri`` machines of one template."""
    folder = posixpath.dirname(path)
    resources = doc["Resources"]
    assert isinstance(resources, dict)
    globals_section = doc.get("Globals")
    defaults = globals_section.get("Function") if isinstance(globals_section, dict) else None
    defaults = defaults if isinstance(defaults, dict) else {}
    facts: list[Fact] = []
    lines = resources.key_lines if isinstance(resources, PMap) else {}
    invoked = _invoked(resources)
    for logical_id, resource in resources.items():
        if not isinstance(resource, dict):
            continue
        kind = resource.get("Type")
        props = resource.get("Properties")
        props = props if isinstance(props, dict) else {}
        line = lines.get(logical_id, 1)
        if kind in _FUNCTIONS:
            code = props.get("CodeUri", defaults.get("CodeUri", props.get("Code")))
            handler = props.get("Handler", defaults.get("Handler", ""))
            ref = FunctionRef(
                code=_local_path(folder, code),
                handler=str(handler),
                ref="logical:" + logical_id,
                name=logical_id,
                shared=logical_id in invoked,
            )
            facts.append(FunctionDef(file=path, line=line, name=logical_id, function=ref))
        elif kind in _MACHINES:
            subs = _substitutions(props.get("DefinitionSubstitutions"))
            inline = props.get("Definition")
            if inline is None and "DefinitionString" in props:
                where = props.line_of("DefinitionString") if isinstance(props, PMap) else line
                inline = _definition_string(props["DefinitionString"], where)
            found = asl.machine(inline) if inline is not None else None
            if found is not None:
                facts.append(
                    StateMachine(
                        file=path,
                        line=line,
                        symbol=logical_id,
                        name=logical_id,
                        machine=found,
                        source="template",
                        substitutions=subs,
                    )
                )
            uri = _local_path(folder, props.get("DefinitionUri"))
            if uri:
                facts.append(
                    StateMachineDef(
                        file=path,
                        line=line,
                        symbol=logical_id,
                        name=logical_id,
                        definition_uri=uri,
                        substitutions=subs,
                    )
                )
    return facts


def is_serverless(value: object) -> bool:
    """True for a Serverless Framework file with Step Functions (``stepFunctions``)."""
    return isinstance(value, dict) and isinstance(value.get("stepFunctions"), dict)


def _serverless_logical_id(name: str) -> str:
    """The CloudFormation id Serverless gives function ``name`` (``check-parcel`` ->
    ``CheckDashparcelLambdaFunction``)."""
    normal = name.replace("-", "Dash").replace("_", "Underscore")
    return normal[:1].upper() + normal[1:] + "LambdaFunction"


def serverless_facts(path: str, doc: PMap) -> list[Fact]:
    """``functions.<f>.handler`` and ``stepFunctions.stateMachines.<m>.definition``."""
    folder = posixpath.dirname(path) or "."
    facts: list[Fact] = []
    functions = doc.get("functions")
    if isinstance(functions, dict):
        lines = functions.key_lines if isinstance(functions, PMap) else {}
        for name, body in functions.items():
            handler = body.get("handler") if isinstance(body, dict) else None
            if not isinstance(handler, str) or "${" in handler:
                continue
            shared = bool(body.get("events") or body.get("url"))  # http, sqs, schedule...
            for alias in (name, _serverless_logical_id(name)):
                ref = FunctionRef(
                    code=folder, handler=handler, ref="logical:" + alias, name=alias, shared=shared
                )
                facts.append(
                    FunctionDef(file=path, line=lines.get(name, 1), name=alias, function=ref)
                )
    section = doc["stepFunctions"]
    assert isinstance(section, dict)
    machines = section.get("stateMachines")
    if not isinstance(machines, dict):
        return facts
    lines = machines.key_lines if isinstance(machines, PMap) else {}
    for key, body in machines.items():
        if not isinstance(body, dict):
            continue
        found = asl.machine(body.get("definition"))
        if found is None:
            continue
        name = body.get("name")
        facts.append(
            StateMachine(
                file=path,
                line=lines.get(key, 1),
                symbol=str(key),
                name=name if isinstance(name, str) and "${" not in name else str(key),
                machine=found,
                source="template",
            )
        )
    return facts
