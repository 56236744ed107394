"""Lambda tasks to handlers: which function a state machine's task invokes.

A CDK ``LambdaInvoke`` names the function construct (``NodejsFunction{entry,
handler}``, ``Function{handler, code: fromAsset}``, ``PythonFunction``); an ASL
``FunctionName``/``Resource`` goes through ``DefinitionSubstitutions`` or ``!GetAtt``
to the template's ``Handler`` + ``CodeUri``. A function from another stack, an
import, a call or an ARN stays unresolved, with the reason.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable
from dataclasses import dataclass

from ...extractors.common.paths import LAMBDA_HANDLER_EXTENSIONS
from ...extractors.facts.contracts import (
    FunctionDef,
    FunctionRef,
    Producer,
    State,
    StateMachine,
)
from .contract_index import ContractFacts


@dataclass(frozen=True)
class Resolved:
    """What a Lambda reference resolved to: the producer, or why not."""

    producer: Producer | None
    wiring: tuple[str, ...]  # files that declare the wiring (stack, template)
    reason: str = ""


def code_path(code: str, near: str) -> list[str]:
    """Candidate repo paths of a CDK/template code location (``cwd:`` = app folder)."""
    if not code.startswith("cwd:"):
        return [code]
    relative = code[4:]
    out: list[str] = []
    folder = posixpath.dirname(near)
    while True:
        out.append(posixpath.normpath(posixpath.join(folder, relative)))
        if folder in ("", "."):
            break
        folder = posixpath.dirname(folder)
    return out


def handler_producer(facts: ContractFacts, ref: FunctionRef, near: str) -> Producer | None:
    """The producer a function's code + handler names, or None."""
    if not ref.code:
        return None
    for code in code_path(ref.code, near):
        if ref.is_file:
            name = ref.handler.rsplit(".", 1)[-1] or "handler"
            found = facts.by_name.get((code, name))
            if found is not None:
                return found
            continue
        module, _, name = ref.handler.rpartition(".")
        if not module or not name:
            continue
        base = posixpath.normpath(posixpath.join(code, module.replace(".", "/")))
        for ext in LAMBDA_HANDLER_EXTENSIONS:
            found = facts.by_name.get((base + ext, name))
            if found is not None:
                return found
    return None


def _function_def(facts: ContractFacts, logical: str, prefer: Iterable[str]) -> FunctionDef | None:
    """The function declared as ``logical``: in the first of ``prefer`` that declares one,
    else the only one anywhere."""
    matches = [f for f in facts.functions if f.name == logical]
    for file in prefer:
        for candidate in matches:
            if candidate.file == file:
                return candidate
    return matches[0] if len(matches) == 1 else None


def resolve_state(facts: ContractFacts, machine: StateMachine, state: State) -> Resolved:
    """The producer behind a Lambda task of ``machine``."""
    ref = state.function
    if ref is None:
        return Resolved(None, (), "not a Lambda task")
    if ref.code:
        found = handler_producer(facts, ref, machine.file)
        if found is None:
            return Resolved(None, (machine.file,), f"no handler {ref.handler} in {ref.code}")
        return Resolved(found, (machine.file,))
    kind, colon, name = ref.ref.partition(":")
    if colon and kind == "sub":
        return _by_substitution(facts, machine, name)
    if colon and kind in ("logical", "name"):
        return _by_declaration(facts, machine, name)
    return Resolved(None, (machine.file,), _unresolved_reason(kind, name, ref.name))


def _unresolved_reason(kind: str, detail: str, construct: str) -> str:
    """Why a task's function is not known: a call that could not be followed (a helper of
    the stack, a lookup of a function defined elsewhere, an imported name, another call),
    a function construct whose code is not known (built in a helper, when it was), or a
    value the file does not define."""
    if kind == "untraced":
        how, _, call = detail.partition(":")
        return {
            "helper": f"the function comes from {call}, a helper whose result is not known",
            "lookup": f"the function is one defined elsewhere, looked up by {call}",
            "import": f"the function comes from {call}, defined in another file",
        }.get(how, f"the function comes from {call}, a call that could not be followed")
    if kind == "unresolved" and construct:
        where = f" (built in {detail})" if detail else ""
        return f"the code of function construct {construct}{where} is not known"
    return "the function comes from a value this file does not define (an import, a call, an ARN)"


def _by_substitution(facts: ContractFacts, machine: StateMachine, key: str) -> Resolved:
    """``${key}`` of an ASL file: the ``DefinitionSubstitutions`` of the machine (or of the
    template resource that loads its file) name the function."""
    wiring: list[str] = [machine.file]
    value = dict(machine.substitutions).get(key, "")
    for definition in facts.machine_defs:
        if definition.definition_uri == machine.file:
            wiring.append(definition.file)
            value = value or dict(definition.substitutions).get(key, "")
    logical = value[8:] if value.startswith("logical:") else key.split(".")[0]
    found_def = _function_def(facts, logical, wiring)
    if found_def is None:
        return Resolved(None, tuple(wiring), f"substitution ${{{key}}} not resolved")
    wiring.append(found_def.file)
    producer = handler_producer(facts, found_def.function, found_def.file)
    if producer is None:
        return Resolved(None, tuple(wiring), f"no handler {found_def.function.handler}")
    return Resolved(producer, tuple(dict.fromkeys(wiring)))


def _by_declaration(facts: ContractFacts, machine: StateMachine, logical: str) -> Resolved:
    """A function the machine's own file declares (a logical id, a construct id, a name)."""
    found_def = _function_def(facts, logical, [machine.file])
    if found_def is None:
        return Resolved(None, (machine.file,), f"function {logical} not declared here")
    producer = handler_producer(facts, found_def.function, found_def.file)
    declared = tuple(dict.fromkeys((machine.file, found_def.file)))
    if producer is None:
        return Resolved(None, declared, f"no handler {found_def.function.handler}")
    return Resolved(producer, declared)
