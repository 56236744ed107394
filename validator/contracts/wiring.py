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
        self._declared_in = declare(facts, self.modules)
        self._reach: dict[str, frozenset[str] | None] = {}

    def declared_in(self, producer: Producer) -> tuple[str, ...]:
        """The file of the record class a producer's shape comes from, if any."""
        found = self._declared_in.get((producer.file, producer.name))
        return (found,) if found else ()

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
        return self.modules.replaced(mock, self.facts.consumers, self.facts.imports)
