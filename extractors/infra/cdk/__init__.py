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

from ...common.dispatch import SourceFile, register
from ...common.languages import extensions, sources
from ...facts import Fact
from ...facts.contracts import StateMachine
from .chains import start_of
from .interpreter import run
from .machines import file_machine, machine
from .values import MachineRec, Wrapped

_HINTS = (b"stepfunctions", b"StepFunctions")


def extract_cdk(source: SourceFile) -> tuple[Fact, ...]:
    """The state machines a CDK stack file defines."""
    if not any(h in source.data for h in _HINTS):
        return ()
    stack = run(source)
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
            MachineRec(n, stack.states[n], stack.states[n].line)
            for n in stack.states
            if n not in targeted
        ]
    for rec in machines:
        definition = rec.definition
        if isinstance(definition, Wrapped) and definition.kind.endswith("fromFile"):
            facts.extend(file_machine(source.path, rec, definition.value, stack))
            continue
        if isinstance(definition, Wrapped):
            definition = definition.value
        start = start_of(definition)
        if not start:
            continue
        facts.append(
            StateMachine(
                file=source.path,
                line=rec.line,
                symbol=rec.name,
                name=rec.name,
                machine=machine(start, stack, bool(rec.jsonata)),
                source="cdk",
            )
        )
    return tuple(facts)


register("javascript", (".js", ".mjs", ".cjs"), extract_cdk)
register("typescript", extensions("typescript"), extract_cdk)
register("python", sources("python"), extract_cdk)
