"""What flowing data through a state machine records: the reads, and where values go."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

from ...extractors.facts.contracts import Shape, State, union
from .shape import Origin

# A state's task result: (shape, origin) or None when nothing can be known.
Resolver = Callable[[State], tuple[Shape, Origin] | None]
# Results that stand in for a state's own (a Step Functions Local mock), by state name.
Overrides = dict[str, tuple[Shape, Origin]]

EXECUTION_INPUT: Origin = ("", 0, "execution input")


class ReadSite(StrEnum):
    """Where in a state a JSONPath is read; the questions weigh reads by it."""

    CHOICE = "Choice"
    PARAMETERS = "Parameters"
    RESULT_SELECTOR = "ResultSelector"
    INPUT_PATH = "InputPath"
    OUTPUT_PATH = "OutputPath"
    ITEMS_PATH = "ItemsPath"
    PATH = "Path"  # SecondsPath, TimestampPath, ErrorPath, CausePath, ...
    INTRINSIC = "Intrinsic"  # an argument of an intrinsic function (States.Format, ...)
    ASSIGN = "Assign"  # a JSONPath ``Assign`` that stores a value in a variable
    ITEM_READER = "ItemReader"  # a Map's ItemReader Parameters (where to read items)
    RESULT_WRITER = "ResultWriter"  # a Map's ResultWriter Parameters (where to write)


@dataclass(frozen=True)
class PathRead:
    """A JSONPath a state reads and the shape it reads it from."""

    state: str
    path: str
    line: int
    where: ReadSite
    against: Shape
    state_type: str = ""
    guards: tuple[str, ...] = ()  # paths checked present whenever it is read ("": not known)


@dataclass
class Flow:
    """Inputs and outputs of every state, the reads, and what reaches the execution output."""

    inputs: dict[str, Shape] = field(default_factory=dict)
    outputs: dict[str, Shape] = field(default_factory=dict)
    results: dict[str, Shape] = field(default_factory=dict)
    reads: list[PathRead] = field(default_factory=list)
    final: list[Shape] = field(default_factory=list)  # outputs of terminal states
    # values handed to something whose reads are not known: a task's input (a Lambda may
    # read any field of its event), a JSONata state's input
    escapes: list[Shape] = field(default_factory=list)
    # results a state drops on purpose (``ResultPath: null``): a Map's item results too
    discarded: list[Shape] = field(default_factory=list)
    # workflow variables (``Assign``): every value each may hold; shared with the Parallel
    # branches and Map item processors run inside, which see the variables outside them
    variables: dict[str, Shape] = field(default_factory=dict)

    def assign(self, name: str, value: Shape) -> None:
        """Store ``value`` in variable ``name`` (alongside the values it holds elsewhere)."""
        held = self.variables.get(name)
        self.variables[name] = value if held is None else union([held, value])

    def escape(self, shape: Shape) -> None:
        """Record a value handed to something whose reads are not known."""
        if shape not in self.escapes:
            self.escapes.append(shape)

    def discard(self, shape: Shape) -> None:
        """Record a result dropped on purpose."""
        if shape not in self.discarded:
            self.discarded.append(shape)

    def take_branch(self, sub: Flow) -> None:
        """Take in what a Parallel branch or a Map item processor recorded (not its reads,
        which its state keeps in order with its own)."""
        self.results.update(sub.results)
        for shape in sub.escapes:
            self.escape(shape)
        self.discarded.extend(s for s in sub.discarded if s not in self.discarded)
