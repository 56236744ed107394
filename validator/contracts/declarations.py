"""Producers given the fields they declare rather than write: record classes, imported
types, mounted routers, delegated results.

Run once per repository before any question is asked, in this order:

- a producer annotated with a record class of the repository by its qualified name
  (``-> Order``, a ``response_model``) gets that class's fields;
- a producer declared as a type imported from a module (``Promise<Order>`` of
  ``./types#Order``) gets the type's fields, a route registered with an imported handler
  what that handler sends;
- the routes of a router another module mounts (``app.use('/api', orders)``) become
  producers under that prefix;
- a producer that returns another function's result as it is (``return build(x)``)
  gets that function's shape, a few steps deep.

Evidence for fields declared in another file stays at the producer's own line.
"""

from __future__ import annotations

from dataclasses import replace

from ...extractors.common.modules import RepoModules
from ...extractors.common.routes import normalise_route
from ...extractors.facts import symbol_id
from ...extractors.facts.contracts import (
    ARRAY,
    OBJECT,
    RESPONSE,
    UNION,
    Producer,
    Record,
    Shape,
    union,
)
from .contract_index import ContractFacts
from .declared_records import subclassed_records, with_declared
from .shape import has_fields, relined

_DELEGATION_STEPS = 3  # handler -> builder -> helper: deeper chains stay unknown

# The file of the record class or type each producer's shape comes from, by (file, name).
DeclaredIn = dict[tuple[str, str], str]


def declare(facts: ContractFacts, modules: RepoModules) -> DeclaredIn:
    """Give every producer its declared fields; where each came from."""
    passes = _Declarations(facts, modules)
    passes.records()
    passes.imported_types()
    passes.mounted_routes()
    passes.delegates()
    return passes.declared_in


class _Declarations:
    """The passes over the producers of one repository, in the order ``declare`` runs them."""

    def __init__(self, facts: ContractFacts, modules: RepoModules) -> None:
        self.facts = facts
        self.modules = modules
        self.declared_in: DeclaredIn = {}

    def records(self) -> None:
        """Give producers annotated with a record class of the repository (``-> Order``)
        its fields."""
        facts = self.facts
        if not facts.records and not any(p.response_model for p in facts.producers):
            return
        subclassed = subclassed_records(self.modules, facts)
        for index, producer in enumerate(facts.producers):
            updated, record = with_declared(producer, self.modules, facts.records, subclassed)
            if record is not None:
                self.declared_in[(producer.file, producer.name)] = record.file
            if updated is not producer:
                facts.replace_producer(index, updated)

    def imported_types(self) -> None:
        """Give producers declared as a type imported from a module (``Promise<Order>``,
        ``Order`` from ``./types``, through re-exports) that type's fields, and routes
        registered with an imported handler (``router.get('/x', orders.show)``) what it
        sends. Evidence stays at the producer's line: the source's own lines are in another
        file."""
        facts = self.facts
        handlers = {
            (p.file, p.name.removesuffix(RESPONSE))
            for p in facts.producers
            if p.name.endswith(RESPONSE)
        }
        for index, producer in enumerate(facts.producers):
            spec, mark, name = producer.declared.partition("#")
            options = producer.shape.options if producer.shape.kind == UNION else ()
            if (
                not mark
                or producer.shape.kind in (OBJECT, ARRAY)
                or any(o.kind in (OBJECT, ARRAY) for o in options)
            ):
                continue
            reference = f"{spec}#{name.removesuffix(RESPONSE)}"
            source = (
                self._sent_by(producer.file, reference, handlers)
                if name.endswith(RESPONSE)
                else self._record(producer.file, f"{spec}#{name}")
            )
            if source is None:
                continue
            shape = relined(source.shape, producer.line)
            facts.replace_producer(index, replace(producer, shape=shape))
            self.declared_in[(producer.file, producer.name)] = source.file

    def _record(self, importer: str, reference: str) -> Record | None:
        """The record (``interface``/``type``) a reference names, through re-exports."""
        records = self.facts.records
        found = self.modules.definition(importer, reference, lambda f, n: (f, n) in records)
        return records[found] if found is not None else None

    def _sent_by(
        self, importer: str, reference: str, handlers: set[tuple[str, str]]
    ) -> Producer | None:
        """What the route handler a reference names sends (its response producer), through
        re-exports; ``handlers`` are the functions that send one."""
        found = self.modules.definition(importer, reference, lambda f, n: (f, n) in handlers)
        return self.facts.by_name.get((found[0], found[1] + RESPONSE)) if found else None

    def mounted_routes(self) -> None:
        """Routes of a router another module mounts (``app.use('/api', orders)``) are served
        under that prefix: each becomes a route producer of its own."""
        facts = self.facts
        routed = [p for p in facts.producers if p.mount]
        for mount in sorted(facts.js_mounts, key=lambda m: (m.file, m.line, m.prefix)):
            found = self.modules.definition(mount.file, f"{mount.module}#{mount.imported}")
            if found is None:
                continue
            file, name = found
            for producer in routed:
                if producer.file != file or producer.mount != name:
                    continue
                method, _, path = producer.name.partition(" ")
                route = normalise_route(mount.prefix.rstrip("/") + path)
                full = f"{method} {route}"
                if (file, full) in facts.by_name or not any(
                    s and s != "{}" for s in route.split("/")
                ):
                    continue
                served = replace(
                    producer, name=full, route=full, symbol=symbol_id(file, full), mount=""
                )
                facts.producers.append(served)
                facts.by_name[(file, full)] = served

    def delegates(self) -> None:
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
                shape = union(shapes, producer.line)
                facts.replace_producer(index, replace(producer, shape=shape))
                changed = True
            if not changed:
                return

    def _delegate(self, producer: Producer, module: str, name: str) -> Producer | None:
        """The producer ``name`` (imported from ``module``, or of the same file) is."""
        if not module:
            return self.facts.by_name.get((producer.file, name))
        return self.modules.producer(producer.file, module, name)
