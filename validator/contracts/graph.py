"""The producer/consumer field graph: every contract fact of the repo, wired (DESIGN §3, §5).

Nodes are producers (functions, routes), consumers (bound call results, HTTP
responses), states of state machines and mocks; edges say which feeds which:

- a state invokes a Lambda: ``LambdaInvoke`` -> ``NodejsFunction{entry, handler}`` /
  ``Function{handler, code: fromAsset}`` / ``PythonFunction``; ASL ``FunctionName`` ->
  ``DefinitionSubstitutions`` / ``!GetAtt`` -> the template's ``Handler`` + ``CodeUri``;
- a consumer calls a producer: imports resolved to files (``./client`` ->
  ``client.ts``; ``pkg.client`` -> ``pkg/client.py``), HTTP requests matched to routes;
- a mock stands in for a producer: ``mock.patch("a.b.f")`` / ``jest.mock`` targets,
  Step Functions Local ``MockConfigFile.json`` entries -> the state they replace.

Whatever cannot be followed (a function from another stack, a module outside
the repo) is left unresolved; the questions turn that into UNKNOWN, never FAIL.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable
from dataclasses import dataclass, field

import networkx as nx

from ralph_validate.extractors.contract_facts import (
    Consumer,
    FunctionDef,
    FunctionRef,
    Mock,
    Producer,
    State,
    StateMachine,
    StateMachineDef,
)
from ralph_validate.extractors.contracts.py_code import module_of
from ralph_validate.extractors.facts import FileFacts

_JS_EXTENSIONS = (".ts", ".tsx", ".js", ".mjs", ".cjs", ".jsx", ".mts", ".cts")
_HANDLER_EXTENSIONS = (".py", ".js", ".mjs", ".cjs", ".ts")


@dataclass
class ContractFacts:
    """Every contract fact of the repository, indexed for wiring."""

    files: set[str] = field(default_factory=set)
    producers: list[Producer] = field(default_factory=list)
    consumers: list[Consumer] = field(default_factory=list)
    mocks: list[Mock] = field(default_factory=list)
    machines: list[StateMachine] = field(default_factory=list)
    functions: list[FunctionDef] = field(default_factory=list)
    machine_defs: list[StateMachineDef] = field(default_factory=list)
    by_name: dict[tuple[str, str], Producer] = field(default_factory=dict)

    def add(self, facts: FileFacts) -> None:
        """Take the contract facts of one file."""
        self.files.add(facts.path)
        for fact in facts.facts:
            if isinstance(fact, Producer):
                self.producers.append(fact)
                self.by_name.setdefault((fact.file, fact.name), fact)
            elif isinstance(fact, Consumer):
                self.consumers.append(fact)
            elif isinstance(fact, Mock):
                self.mocks.append(fact)
            elif isinstance(fact, StateMachine):
                self.machines.append(fact)
            elif isinstance(fact, FunctionDef):
                self.functions.append(fact)
            elif isinstance(fact, StateMachineDef):
                self.machine_defs.append(fact)


def collect(all_facts: Iterable[FileFacts]) -> ContractFacts:
    """Index the contract facts of many files."""
    out = ContractFacts()
    for facts in all_facts:
        out.add(facts)
    return out


@dataclass(frozen=True)
class Resolved:
    """What a Lambda reference resolved to: the producer, or why not."""

    producer: Producer | None
    wiring: tuple[str, ...]  # files that declare the wiring (stack, template)
    reason: str = ""


class Wiring:
    """Resolution of references between facts: functions, modules, routes, mock targets."""

    def __init__(self, facts: ContractFacts) -> None:
        self.facts = facts
        self._modules: dict[str, list[str]] = {}
        for path in sorted(facts.files):
            if path.endswith(".py"):
                self._modules.setdefault(module_of(path), []).append(path)
        # Every dotted tail of every module (``a.b.c`` -> ``b.c``, ``c``): one dict lookup
        # per import instead of a scan of all modules (repos have thousands).
        self._tails: dict[str, list[str]] = {}
        for module in sorted(self._modules):
            parts = module.split(".")
            for i in range(1, len(parts)):
                self._tails.setdefault(".".join(parts[i:]), []).append(module)

    # --- files and modules -------------------------------------------------------------
    def module_file(self, module: str) -> str | None:
        """The repo file of a dotted Python module (``pkg.client``), matched by suffix."""
        if module in self._modules:
            return self._modules[module][0]
        hits = self._tails.get(module, [])
        return self._modules[hits[0]][0] if len(hits) == 1 else None

    def js_module_file(self, importer: str, spec: str) -> str | None:
        """The repo file an import specifier (``./client``, ``../lib/x.js``) names."""
        if not spec.startswith("."):
            return None
        base = posixpath.normpath(posixpath.join(posixpath.dirname(importer), spec))
        stem, ext = posixpath.splitext(base)
        candidates = [base]
        if ext in (".js", ".mjs", ".cjs", ".jsx"):
            candidates += [stem + e for e in _JS_EXTENSIONS]
        candidates += [base + e for e in _JS_EXTENSIONS]
        candidates += [posixpath.join(base, "index" + e) for e in _JS_EXTENSIONS]
        for candidate in candidates:
            if candidate in self.facts.files:
                return candidate
        return None

    def code_path(self, code: str, near: str) -> list[str]:
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

    # --- Lambda functions -------------------------------------------------------------
    def handler_producer(self, ref: FunctionRef, near: str) -> Producer | None:
        """The producer a function's code + handler names, or None."""
        if not ref.code:
            return None
        for code in self.code_path(ref.code, near):
            if ref.is_file:
                name = ref.handler.rsplit(".", 1)[-1] or "handler"
                found = self.facts.by_name.get((code, name))
                if found is not None:
                    return found
                continue
            module, _, name = ref.handler.rpartition(".")
            if not module or not name:
                continue
            base = posixpath.normpath(posixpath.join(code, module.replace(".", "/")))
            for ext in _HANDLER_EXTENSIONS:
                found = self.facts.by_name.get((base + ext, name))
                if found is not None:
                    return found
        return None

    def _function_def(self, logical: str, prefer: Iterable[str]) -> FunctionDef | None:
        matches = [f for f in self.facts.functions if f.name == logical]
        for file in prefer:
            for candidate in matches:
                if candidate.file == file:
                    return candidate
        return matches[0] if len(matches) == 1 else None

    def resolve_state(self, machine: StateMachine, state: State) -> Resolved:
        """The producer behind a Lambda task of ``machine``."""
        ref = state.function
        if ref is None:
            return Resolved(None, (), "not a Lambda task")
        if ref.code:
            found = self.handler_producer(ref, machine.file)
            if found is None:
                return Resolved(None, (machine.file,), f"no handler {ref.handler} in {ref.code}")
            return Resolved(found, (machine.file,))
        if ref.ref.startswith("sub:"):
            key = ref.ref[4:]
            wiring: list[str] = [machine.file]
            value = dict(machine.substitutions).get(key, "")
            for definition in self.facts.machine_defs:
                if definition.definition_uri == machine.file:
                    wiring.append(definition.file)
                    value = value or dict(definition.substitutions).get(key, "")
            logical = value[8:] if value.startswith("logical:") else key.split(".")[0]
            found_def = self._function_def(logical, wiring)
            if found_def is None:
                return Resolved(None, tuple(wiring), f"substitution ${{{key}}} not resolved")
            wiring.append(found_def.file)
            producer = self.handler_producer(found_def.function, found_def.file)
            if producer is None:
                return Resolved(None, tuple(wiring), f"no handler {found_def.function.handler}")
            return Resolved(producer, tuple(dict.fromkeys(wiring)))
        if ref.ref.startswith(("logical:", "name:")):
            logical = ref.ref.split(":", 1)[1]
            found_def = self._function_def(logical, [machine.file])
            if found_def is None:
                return Resolved(None, (machine.file,), f"function {logical} not declared here")
            producer = self.handler_producer(found_def.function, found_def.file)
            wiring = tuple(dict.fromkeys((machine.file, found_def.file)))
            if producer is None:
                return Resolved(None, wiring, f"no handler {found_def.function.handler}")
            return Resolved(producer, wiring)
        return Resolved(
            None,
            (machine.file,),
            "the function comes from a value this file does not define (an import, a call, an ARN)",
        )

    # --- code consumers ---------------------------------------------------------------
    def consumer_producers(self, consumer: Consumer) -> list[Producer]:
        """The producers a consumer's value comes from (none when outside the repo)."""
        if consumer.source == "http":
            return [p for p in self.facts.producers if p.route and route_matches(p.route, consumer)]
        if consumer.file.endswith(".py"):
            module_file = self.module_file(consumer.module) if consumer.module else None
            if module_file is None:
                return []
            found = self.facts.by_name.get((module_file, consumer.imported))
            return [found] if found is not None else []
        if consumer.module:
            module_file = self.js_module_file(consumer.file, consumer.module)
            if module_file is None:
                return []
            found = self.facts.by_name.get((module_file, consumer.imported))
            return [found] if found is not None else []
        found = self.facts.by_name.get((consumer.file, consumer.target))
        return [found] if found is not None else []

    def mocked_consumers(self, mock: Mock) -> list[Consumer]:
        """The consumers whose value a code mock replaces."""
        out: list[Consumer] = []
        if mock.kind == "mock.patch":
            module, _, name = mock.target.rpartition(".")
            module_file = self.module_file(module) if module else None
            for consumer in self.facts.consumers:
                if consumer.source != "call":
                    continue
                qualified = f"{consumer.module}.{consumer.imported}"
                local = consumer.file == module_file and consumer.target.split(".")[0] == name
                if qualified == mock.target or local:
                    out.append(consumer)
        elif mock.kind == "jest.mock":
            spec, _, name = mock.target.partition("#")
            module_file = self.js_module_file(mock.file, spec)
            for consumer in self.facts.consumers:
                if consumer.source != "call" or not consumer.module or module_file is None:
                    continue
                if consumer.file == mock.file:
                    continue
                target = self.js_module_file(consumer.file, consumer.module)
                if target == module_file and consumer.imported == name:
                    out.append(consumer)
        return out


def route_matches(route: str, consumer: Consumer) -> bool:
    """True when an HTTP request (``GET /api/orders/{}``) can reach a route."""
    method, _, pattern = route.partition(" ")
    if consumer.method and method and consumer.method != method:
        return False
    want = [s for s in pattern.strip("/").split("/") if s]
    have = [s for s in consumer.target.strip("/").split("/") if s]
    if have and have[0] == "{}" and len(have) <= len(want):
        want = want[len(want) - len(have) :]
    if len(want) != len(have):
        return False
    return all(w == h or w == "{}" or h == "{}" for w, h in zip(want, have, strict=True))


def build_graph(facts: ContractFacts, wiring: Wiring) -> nx.DiGraph:
    """The field graph: producer, consumer, state and mock nodes with their wiring edges."""
    graph: nx.DiGraph = nx.DiGraph()
    for producer in facts.producers:
        graph.add_node(("producer", producer.file, producer.name), fact=producer)
    for consumer in facts.consumers:
        node = ("consumer", consumer.file, consumer.line)
        graph.add_node(node, fact=consumer)
        for producer in wiring.consumer_producers(consumer):
            graph.add_edge(("producer", producer.file, producer.name), node, via=consumer.source)
    for machine in facts.machines:
        _add_machine(graph, wiring, machine, machine.machine.states, ())
    for mock in facts.mocks:
        node = ("mock", mock.file, mock.line, mock.target)
        graph.add_node(node, fact=mock)
        if mock.kind == "sfn-local":
            for machine in facts.machines:
                if machine.name == mock.machine and machine.machine.state(mock.state):
                    graph.add_edge(node, ("state", machine.file, machine.name, mock.state))
        for consumer in wiring.mocked_consumers(mock):
            graph.add_edge(node, ("consumer", consumer.file, consumer.line), via="mock")
    return graph


def _add_machine(
    graph: nx.DiGraph,
    wiring: Wiring,
    machine: StateMachine,
    states: tuple[State, ...],
    scope: tuple[str, ...],
) -> None:
    for state in states:
        node = ("state", machine.file, machine.name, *scope, state.name)
        graph.add_node(node, fact=state, machine=machine)
        targets = [state.next, state.default, *[c.next for c in state.choices]]
        for target in filter(None, targets):
            graph.add_edge(node, ("state", machine.file, machine.name, *scope, target))
        if state.function is not None:
            resolved = wiring.resolve_state(machine, state)
            if resolved.producer is not None:
                producer = resolved.producer
                graph.add_edge(("producer", producer.file, producer.name), node, via="invoke")
        for index, branch in enumerate(state.branches):
            _add_machine(graph, wiring, machine, branch.states, (*scope, f"{state.name}[{index}]"))
