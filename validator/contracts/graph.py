"""The producer/consumer field graph: every contract fact of the repo, wired (DESIGN §3, §5).

Nodes are producers (functions, routes), consumers (bound call results, HTTP
responses), states of state machines and mocks; edges say which feeds which, as
the wiring resolves it (``wiring``): a consumer calls a producer, a state invokes
a Lambda, a mock stands in for a producer (``mock.patch("a.b.f")`` / ``jest.mock``
targets, Step Functions Local ``MockConfigFile.json`` entries -> the state they
replace). Building goes ``collect`` (the facts index) -> ``Wiring`` -> ``build_graph``;
this module is where callers take all three from.
"""

from __future__ import annotations

from typing import Literal

import networkx as nx

from ...extractors.facts.contracts import Consumer, Mock, Producer, State, StateMachine
from .contract_index import ContractFacts, collect
from .routes import route_matches
from .wiring import Wiring

__all__ = [
    "ContractFacts",
    "Wiring",
    "build_graph",
    "collect",
    "consumers_mocked_by",
    "producer_node",
    "producers_of",
    "route_matches",
]

NodeKind = Literal["producer", "consumer", "state", "mock"]  # the first item of every node


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


def _facts_next_to(graph: nx.DiGraph, node: tuple, kind: NodeKind, *, before: bool) -> list:
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
    """State nodes of one (sub-)machine, ``scope`` naming the branch they sit in, with edges
    to the states they lead to and from the Lambda handler each invokes."""
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
