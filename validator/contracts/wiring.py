"""Wiring: which producer a consumer's value, a mock's target or a Lambda task refers to.

- a consumer calls a producer: imports resolved to files (``./client`` ->
  ``client.ts``; ``pkg.client`` -> ``pkg/client.py``), HTTP requests matched to routes;
- a mock stands in for a producer: ``mock.patch("a.b.f")`` / ``jest.mock`` targets;
- a state invokes a Lambda (``lambda_wiring``).

Building it gives producers their declared fields first (``declarations``).
Whatever cannot be followed (a function from another stack, a module outside
the repo) is left unresolved; the questions turn that into UNKNOWN, never FAIL.
"""

from __future__ import annotations

from ...extractors.common.modules import RepoModules
from ...extractors.facts.contracts import Consumer, FunctionRef, Mock, Producer, State, StateMachine
from . import lambda_wiring
from .contract_index import ContractFacts
from .declarations import declare
from .lambda_wiring import Resolved
from .routes import best_routes


class Wiring:
    """Resolution of references between facts: functions, modules, routes, mock targets."""

    def __init__(self, facts: ContractFacts) -> None:
        self.facts = facts
        self.modules = RepoModules(
            facts.files, facts.aliases, facts.js_paths, facts.js_reexports, facts.by_name
        )
        self.py, self.js = self.modules.py, self.modules.js
        self._declared_in = declare(facts, self.modules)
        self._reach: dict[str, frozenset[str] | None] = {}

    def js_reach(self, file: str) -> frozenset[str] | None:
        """The repository files a JS/TS file runs through its imports, transitively; None
        when a relative import on the way does not resolve (what it reaches is not known)."""
        if file not in self._reach:
            seen = {file}
            todo = [file]
            complete = True
            while todo:
                current = todo.pop()
                for module in self.facts.imports.get(current, ()):
                    target = self.js.module_file(current, module)
                    if target is None:
                        complete = complete and not module.startswith((".", "/"))
                    elif target not in seen:
                        seen.add(target)
                        todo.append(target)
            self._reach[file] = frozenset(seen) if complete else None
        return self._reach[file]

    def declared_in(self, producer: Producer) -> tuple[str, ...]:
        """The file of the record class a producer's shape comes from, if any."""
        found = self._declared_in.get((producer.file, producer.name))
        return (found,) if found else ()

    def js_chain(self, file: str, name: str) -> list[tuple[str, str]]:
        """The (file, name) hops an imported JS name passes through to its definition."""
        return self.js.chain(file, name)

    def js_producer(self, file: str, name: str) -> Producer | None:
        """The producer a JS module's export ``name`` is, through re-exports."""
        return self.js.producer(file, name)

    def handler_producer(self, ref: FunctionRef, near: str) -> Producer | None:
        """The producer a function's code + handler names, or None."""
        return lambda_wiring.handler_producer(self.facts, ref, near)

    def resolve_state(self, machine: StateMachine, state: State) -> Resolved:
        """The producer behind a Lambda task of ``machine``."""
        return lambda_wiring.resolve_state(self.facts, machine, state)

    def consumer_producers(self, consumer: Consumer) -> list[Producer]:
        """The producers a consumer's value comes from (none when outside the repo)."""
        if consumer.source == "http":
            return best_routes(self.facts.producers, consumer)
        if consumer.module:
            module_file = self.modules.module_file(consumer.file, consumer.module)
            if module_file is None:
                return []
            found = self.facts.by_name.get((module_file, consumer.imported))
            if found is None:
                found = self.modules.producer(consumer.file, consumer.module, consumer.imported)
            return [found] if found is not None else []
        found = self.facts.by_name.get((consumer.file, consumer.target))
        return [found] if found is not None else []

    def mocked_consumers(self, mock: Mock) -> list[Consumer]:
        """The consumers whose value a code mock replaces."""
        out: list[Consumer] = []
        if mock.kind == "mock.patch":
            canonical = self.py.canonical(mock.target)
            module, _, name = mock.target.rpartition(".")
            module_file = self.py.module_file(module) if module else None
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
            module_file = self.js.module_file(mock.file, spec)
            # A test's module mock stands in only where the test runs: the files its
            # imports reach (a hook mocked in a page's test is not the one a component the
            # page never renders calls).
            reach = self.js_reach(mock.file)
            for consumer in self.facts.consumers:
                if consumer.source != "call" or not consumer.module or module_file is None:
                    continue
                if consumer.file == mock.file:
                    continue
                if reach is not None and consumer.file not in reach:
                    continue
                target = self.js.module_file(consumer.file, consumer.module)
                # The double replaces the name in the module it names; a consumer sees it
                # when its import passes through that module (re-exports included).
                if target is not None and (module_file, name) in self.js.chain(
                    target, consumer.imported
                ):
                    out.append(consumer)
        return out
