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
from dataclasses import dataclass, field, replace

import networkx as nx

from ...extractors.common.routes import normalise_route
from ...extractors.facts import FileFacts
from ...extractors.facts.contracts import (
    Consumer,
    FunctionDef,
    FunctionRef,
    JsMount,
    JsPathAlias,
    JsReexport,
    Mock,
    Producer,
    PyAlias,
    Record,
    Shape,
    ShapeField,
    State,
    StateMachine,
    StateMachineDef,
    union,
)
from ...extractors.javascript.routes import RESPONSE
from ...extractors.python.model import module_of
from .py_names import follow, with_declared
from .shape import has_fields

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
    js_reexports: dict[str, list[JsReexport]] = field(default_factory=dict)  # by file
    js_paths: list[JsPathAlias] = field(default_factory=list)
    js_mounts: list[JsMount] = field(default_factory=list)
    records: dict[tuple[str, str], Record] = field(default_factory=dict)
    aliases: dict[tuple[str, str], PyAlias] = field(default_factory=dict)

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
            elif isinstance(fact, JsPathAlias):
                self.js_paths.append(fact)
            elif isinstance(fact, JsReexport):
                self.js_reexports.setdefault(fact.file, []).append(fact)
            elif isinstance(fact, JsMount):
                self.js_mounts.append(fact)
            elif isinstance(fact, Record):
                self.records.setdefault((fact.file, fact.name), fact)
            elif isinstance(fact, PyAlias):
                self.aliases.setdefault((fact.file, fact.name), fact)


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
        self._declare_records()
        self._declare_ts_types()
        self._mount_routes()
        self._follow_delegates()

    def _declare_records(self) -> None:
        """Give producers annotated with a repo record class (``-> Order``) its fields."""
        self._declared_in: dict[tuple[str, str], str] = {}
        if not self.facts.records and not any(p.response_model for p in self.facts.producers):
            return
        facts = self.facts
        for index, producer in enumerate(facts.producers):
            updated, record = with_declared(
                producer, self.module_file, facts.aliases, facts.records
            )
            if record is not None:
                self._declared_in[(producer.file, producer.name)] = record.file
            if updated is not producer:
                facts.producers[index] = updated
                if facts.by_name.get((producer.file, producer.name)) is producer:
                    facts.by_name[(producer.file, producer.name)] = updated

    def declared_in(self, producer: Producer) -> tuple[str, ...]:
        """The file of the record class a producer's shape comes from, if any."""
        found = self._declared_in.get((producer.file, producer.name))
        return (found,) if found else ()

    def py_producer(self, module: str, name: str) -> Producer | None:
        """The producer ``module.name`` denotes, through re-exports (``app/__init__.py``)."""
        found = follow(
            f"{module}.{name}",
            self.module_file,
            self.facts.aliases,
            lambda f, n: (f, n) in self.facts.by_name,
        )
        return self.facts.by_name.get(found) if found is not None else None

    def py_canonical(self, qualified: str) -> str:
        """``app.service.client.fetch`` -> ``app.client.fetch`` when ``app/service.py`` binds
        ``client`` by an import: the name a patch of an attribute path really replaces."""
        parts = qualified.split(".")
        for _ in range(8):
            for i in range(len(parts) - 1, 0, -1):
                module_file = self.module_file(".".join(parts[:i]))
                alias = self.facts.aliases.get((module_file or "", parts[i]))
                if module_file is not None and i < len(parts) - 1 and alias is not None:
                    parts = [*alias.qualified.split("."), *parts[i + 1 :]]
                    break
            else:
                break
        return ".".join(parts)

    # --- files and modules -------------------------------------------------------------
    def module_file(self, module: str) -> str | None:
        """The repo file of a dotted Python module (``pkg.client``), matched by suffix."""
        if module in self._modules:
            return self._modules[module][0]
        hits = self._tails.get(module, [])
        return self._modules[hits[0]][0] if len(hits) == 1 else None

    def js_module_file(self, importer: str, spec: str) -> str | None:
        """The repo file an import specifier (``./client``, ``../lib/x.js``, or an alias of
        the nearest ``tsconfig.json``: ``@/api/user``) names."""
        if not spec.startswith("."):
            for target in self._aliased(importer, spec):
                found = self._js_file(target)
                if found is not None:
                    return found
            return None
        return self._js_file(posixpath.normpath(posixpath.join(posixpath.dirname(importer), spec)))

    def _aliased(self, importer: str, spec: str) -> list[str]:
        """Repo paths ``spec`` may stand for under the path aliases of the nearest config
        above ``importer`` (the longest matching pattern first, as TypeScript does)."""
        configs = [a for a in self.facts.js_paths if _inside(importer, posixpath.dirname(a.file))]
        if not configs:
            return []
        nearest = max(
            posixpath.dirname(a.file).count("/") + bool(posixpath.dirname(a.file)) for a in configs
        )
        aliases = [
            a
            for a in configs
            if posixpath.dirname(a.file).count("/") + bool(posixpath.dirname(a.file)) == nearest
        ]
        out: list[str] = []
        for alias in sorted(aliases, key=lambda a: (-len(a.pattern.replace("*", "")), a.pattern)):
            head, star, tail = alias.pattern.partition("*")
            if star:
                if not (spec.startswith(head) and spec.endswith(tail)):
                    continue
                middle = spec[len(head) : len(spec) - len(tail)]
            elif spec != alias.pattern:
                continue
            else:
                middle = ""
            for target in alias.targets:
                path = target.replace("*", middle, 1)
                out.append(posixpath.normpath(posixpath.join(alias.base, path)))
        return out

    def _js_file(self, base: str) -> str | None:
        """The repo file a module path (without or with an extension) names."""
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

    def _declare_ts_types(self) -> None:
        """Give JS/TS producers declared as an imported type (``Promise<Order>``, ``Order``
        from ``./types``, through re-exports) that type's fields, and routes registered with
        an imported handler (``router.get('/x', orders.show)``) what it sends. Evidence stays
        at the producer's line: the source's own lines are in another file."""
        facts = self.facts
        handlers = {
            (p.file, p.name.removesuffix(RESPONSE))
            for p in facts.producers
            if p.name.endswith(RESPONSE)
        }
        for index, producer in enumerate(facts.producers):
            spec, mark, name = producer.declared.partition("#")
            options = producer.shape.options if producer.shape.kind == "union" else ()
            if (
                not mark
                or producer.shape.kind in ("object", "array")
                or any(o.kind in ("object", "array") for o in options)
            ):
                continue
            target = self.js_module_file(producer.file, spec)
            if target is None:
                continue
            source = (
                self._sent_by(target, name.removesuffix(RESPONSE), handlers)
                if name.endswith(RESPONSE)
                else self._ts_record(target, name)
            )
            if source is None:
                continue
            updated = replace(producer, shape=_relined(source.shape, producer.line))
            facts.producers[index] = updated
            if facts.by_name.get((producer.file, producer.name)) is producer:
                facts.by_name[(producer.file, producer.name)] = updated
            self._declared_in[(producer.file, producer.name)] = source.file

    def _ts_record(self, file: str, name: str) -> Record | None:
        """The ``interface``/``type`` a module exports as ``name``, through re-exports."""
        records = self.facts.records
        hops = self.js_chain(file, name, defined=set(records))
        return next((records[h] for h in hops if h in records), None)

    def _sent_by(self, file: str, name: str, handlers: set[tuple[str, str]]) -> Producer | None:
        """What the route handler a module exports as ``name`` sends (its response
        producer), through re-exports; ``handlers`` are the functions that send one."""
        last = self.js_chain(file, name, defined=handlers)[-1]
        return self.facts.by_name.get((last[0], last[1] + RESPONSE))

    def _mount_routes(self) -> None:
        """Routes of a router another module mounts (``app.use('/api', orders)``) are served
        under that prefix: each becomes a route producer of its own."""
        routed = [p for p in self.facts.producers if p.mount]
        for mount in sorted(self.facts.js_mounts, key=lambda m: (m.file, m.line, m.prefix)):
            target = self.js_module_file(mount.file, mount.module)
            if target is None:
                continue
            file, name = self.js_chain(target, mount.imported)[-1]
            for producer in routed:
                if producer.file != file or producer.mount != name:
                    continue
                method, _, path = producer.name.partition(" ")
                route = normalise_route(mount.prefix.rstrip("/") + path)
                full = f"{method} {route}"
                if (file, full) in self.facts.by_name or not any(
                    s and s != "{}" for s in route.split("/")
                ):
                    continue
                served = replace(
                    producer, name=full, route=full, symbol=f"{file}::{full}", mount=""
                )
                self.facts.producers.append(served)
                self.facts.by_name[(file, full)] = served

    def js_chain(
        self, file: str, name: str, depth: int = 0, defined: set[tuple[str, str]] | None = None
    ) -> list[tuple[str, str]]:
        """The (file, name) hops an imported JS name passes through to its definition:
        ``export { f as g } from './x'``, ``export * from``, ``export default`` of an import,
        ``default.f`` of ``module.exports = {f}``. The last hop is the definition (a producer,
        or a key of ``defined``) or where the trail goes cold."""
        known = self.facts.by_name.keys() if defined is None else defined
        hops = [(file, name)]
        if (file, name) in known or depth > 8:
            return hops
        stars: list[list[tuple[str, str]]] = []
        for fact in self.facts.js_reexports.get(file, []):
            target = self.js_module_file(file, fact.module)
            if target is None:
                continue
            if fact.name == name and fact.imported != "*":
                return hops + self.js_chain(target, fact.imported, depth + 1, defined)
            if fact.imported == "*" and fact.name != "*" and name.startswith(fact.name + "."):
                rest = name[len(fact.name) + 1 :]
                return hops + self.js_chain(target, rest, depth + 1, defined)
            if fact.name == "*" and name != "default":
                stars.append(self.js_chain(target, name, depth + 1, defined))
        for trail in stars:
            if trail[-1] in known:
                return hops + trail
        return hops

    def _follow_delegates(self) -> None:
        """A producer that returns another function's result as it is (``return
        build_result(x)``) gets that function's shape, with the evidence at its own line
        (the fields are written in the other file); chains are followed a few steps."""
        facts = self.facts
        for _ in range(_DELEGATION_STEPS):
            changed = False
            for index, producer in enumerate(facts.producers):
                if not producer.delegates or has_fields(producer.shape):
                    continue
                shapes: list[Shape] = []
                for module, name in producer.delegates:
                    target = self._delegate(producer, module, name)
                    if target is None or not has_fields(target.shape):
                        shapes = []
                        break
                    shapes.append(relined(target.shape, producer.line))
                if not shapes:
                    continue
                updated = replace(producer, shape=union(shapes, producer.line))
                facts.producers[index] = updated
                if facts.by_name.get((producer.file, producer.name)) is producer:
                    facts.by_name[(producer.file, producer.name)] = updated
                changed = True
            if not changed:
                return

    def _delegate(self, producer: Producer, module: str, name: str) -> Producer | None:
        """The producer ``name`` (imported from ``module``, or of the same file) is."""
        if not module:
            return self.facts.by_name.get((producer.file, name))
        if producer.file.endswith(".py"):
            return self.py_producer(module, name)
        file = self.js_module_file(producer.file, module)
        return self.js_producer(file, name) if file is not None else None

    def js_producer(self, file: str, name: str) -> Producer | None:
        """The producer a JS module's export ``name`` is, through re-exports."""
        return self.facts.by_name.get(self.js_chain(file, name)[-1])

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
            return best_routes(self.facts.producers, consumer)
        if consumer.file.endswith(".py"):
            module_file = self.module_file(consumer.module) if consumer.module else None
            if module_file is None:
                return []
            found = self.facts.by_name.get((module_file, consumer.imported))
            if found is None:
                found = self.py_producer(consumer.module, consumer.imported)
            return [found] if found is not None else []
        if consumer.module:
            module_file = self.js_module_file(consumer.file, consumer.module)
            if module_file is None:
                return []
            found = self.js_producer(module_file, consumer.imported)
            return [found] if found is not None else []
        found = self.facts.by_name.get((consumer.file, consumer.target))
        return [found] if found is not None else []

    def mocked_consumers(self, mock: Mock) -> list[Consumer]:
        """The consumers whose value a code mock replaces."""
        out: list[Consumer] = []
        if mock.kind == "mock.patch":
            canonical = self.py_canonical(mock.target)
            module, _, name = mock.target.rpartition(".")
            module_file = self.module_file(module) if module else None
            for consumer in self.facts.consumers:
                if consumer.source != "call":
                    continue
                qualified = f"{consumer.module}.{consumer.imported}"
                local = consumer.file == module_file and consumer.target.split(".")[0] == name
                # A name bound by ``from m import f`` elsewhere keeps the real ``f``: the
                # patch reaches only calls through the module (``m.f()``) and ``m`` itself.
                through = "." in consumer.target and qualified in (mock.target, canonical)
                if through or local:
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
                # The double replaces the name in the module it names; a consumer sees it
                # when its import passes through that module (re-exports included).
                if target is not None and (module_file, name) in self.js_chain(
                    target, consumer.imported
                ):
                    out.append(consumer)
        return out


def _relined(shape: Shape, line: int) -> Shape:
    """``shape`` with every field at ``line`` (a declaration read from another file)."""
    fields = tuple(
        ShapeField(f.name, _relined(f.shape, line), line, f.optional) for f in shape.fields
    )
    items = _relined(shape.items, line) if shape.items is not None else None
    options = tuple(_relined(o, line) for o in shape.options)
    return replace(shape, fields=fields, items=items, options=options, line=line)


_DELEGATION_STEPS = 3  # handler -> builder -> helper: deeper chains stay unknown


def relined(shape: Shape, line: int) -> Shape:
    """``shape`` with every line set to ``line``: evidence for fields written elsewhere."""
    return replace(
        shape,
        line=line,
        fields=tuple(replace(f, line=line, shape=relined(f.shape, line)) for f in shape.fields),
        items=relined(shape.items, line) if shape.items is not None else None,
        options=tuple(relined(o, line) for o in shape.options),
    )


def _inside(path: str, folder: str) -> bool:
    """True when ``path`` lies in ``folder`` ("" is the repository root)."""
    return not folder or path.startswith(folder + "/")


def best_routes(producers: Iterable[Producer], consumer: Consumer) -> list[Producer]:
    """The routes an HTTP request most specifically reaches: ``/items/count`` goes to the
    literal route, not to ``/items/{id}``. Several left means the target is ambiguous."""
    scored = [
        (score, p)
        for p in producers
        if p.route and (score := route_score(p.route, consumer)) is not None
    ]
    if not scored:
        return []
    top = max(score for score, _ in scored)
    return [p for score, p in scored if score == top]


def route_matches(route: str, consumer: Consumer) -> bool:
    """True when an HTTP request (``GET /api/orders/{}``) can reach a route."""
    return route_score(route, consumer) is not None


def route_score(route: str, consumer: Consumer) -> int | None:
    """How specifically a request reaches a route (None: it cannot): per segment 2 when both
    sides say the same (a literal, or a parameter against a value), 1 when a route
    parameter takes a literal, 0 when a value we cannot read meets a literal segment."""
    method, _, pattern = route.partition(" ")
    if consumer.method and method and consumer.method != method:
        return None
    want = [s for s in pattern.strip("/").split("/") if s]
    have = [s for s in consumer.target.strip("/").split("/") if s]
    statics = any(w == h != "{}" for w, h in zip(want, have[1:], strict=False))
    if have and have[0] == "{}" and len(have) == len(want) + 1 and statics:
        have = have[1:]  # `${origin}/api/x`: the value in front is the scheme and host
    elif have and have[0] == "{}" and len(have) <= len(want):
        want = want[len(want) - len(have) :]
    if len(want) != len(have):
        return None
    score = 0
    for w, h in zip(want, have, strict=True):
        if w == h:
            score += 2
        elif w == "{}":
            score += 1
        elif h != "{}":
            return None
    return score


def build_graph(facts: ContractFacts, wiring: Wiring) -> nx.DiGraph:
    """The field graph: producer, consumer, state and mock nodes with their wiring edges.

    Code boundaries are answered from it (``producers_of``, ``consumers_mocked_by``); a
    consumer or mock node is keyed by its fact, so two calls on one line stay apart."""
    graph: nx.DiGraph = nx.DiGraph()
    for producer in facts.producers:
        graph.add_node(producer_node(producer), fact=producer)
    for consumer in facts.consumers:
        node = ("consumer", consumer)
        graph.add_node(node, fact=consumer)
        for producer in wiring.consumer_producers(consumer):
            graph.add_edge(producer_node(producer), node, via=consumer.source)
    for machine in facts.machines:
        _add_machine(graph, wiring, machine, machine.machine.states, ())
    for mock in facts.mocks:
        node = ("mock", mock)
        graph.add_node(node, fact=mock)
        if mock.kind == "sfn-local":
            for machine in facts.machines:
                if machine.name == mock.machine and machine.machine.state(mock.state):
                    graph.add_edge(node, ("state", machine.file, machine.name, mock.state))
        for consumer in wiring.mocked_consumers(mock):
            graph.add_edge(node, ("consumer", consumer), via="mock")
    return graph


def producer_node(producer: Producer) -> tuple[str, str, str]:
    """The graph node of a producer."""
    return ("producer", producer.file, producer.name)


def _facts_next_to(graph: nx.DiGraph, node: tuple, kind: str, *, before: bool) -> list:
    """The facts of the ``kind`` nodes with an edge into (``before``) or out of ``node``."""
    if node not in graph:
        return []
    near = graph.predecessors(node) if before else graph.successors(node)
    return [graph.nodes[n]["fact"] for n in near if n[0] == kind]


def producers_of(graph: nx.DiGraph, consumer: Consumer) -> list[Producer]:
    """The producers wired to a consumer, in a stable order."""
    found = _facts_next_to(graph, ("consumer", consumer), "producer", before=True)
    return sorted(found, key=lambda p: (p.file, p.name, p.line))


def consumers_mocked_by(graph: nx.DiGraph, mock: Mock) -> list[Consumer]:
    """The consumers whose value a code mock replaces, in a stable order."""
    found = _facts_next_to(graph, ("mock", mock), "consumer", before=False)
    return sorted(found, key=lambda c: (c.file, c.line, c.target))


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
                graph.add_edge(producer_node(producer), node, via="invoke")
        for index, branch in enumerate(state.branches):
            _add_machine(graph, wiring, machine, branch.states, (*scope, f"{state.name}[{index}]"))
