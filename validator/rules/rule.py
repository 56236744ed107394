"""The Rule base class: one rule per module, its docstring is its documentation.

A rule carries its id, kind (DESIGN §6), name, summary, default severity and message
format, and finds its own matches in ``detect``. Findings are built only through
``finding``, so no id or kind is typed where a finding is made. Defining a concrete
subclass registers it (see ``registry``).
"""

from __future__ import annotations

import inspect
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from ...extractors.facts import FileFacts
from ...extractors.facts.contracts import JsPathAlias
from ...extractors.facts.impl import TestExpectation, TestInput
from ..findings import Finding, Status

if TYPE_CHECKING:
    from ..testdiff.model import FileComparison

FactsT = TypeVar("FactsT", contravariant=True)
ContextT = TypeVar("ContextT", contravariant=True)

_DEFINED: list[type[AnyRule]] = []


class Located(Protocol):
    """Anything a finding can point at: a fact, a report row, a location."""

    @property
    def file(self) -> str:
        """Repository-relative path."""
        ...

    @property
    def line(self) -> int:
        """1-based line."""
        ...


class Rule(ABC, Generic[FactsT, ContextT]):
    """One rule: what it is (class attributes and docstring) and how it matches (``detect``)."""

    id: ClassVar[str]
    kind: ClassVar[str]
    name: ClassVar[str]
    summary: ClassVar[str]
    severity: ClassVar[Status] = Status.FAIL
    # One format, or several named ones when a rule reports distinct shapes of one problem.
    message: ClassVar[str | Mapping[str, str]]
    # True when a finding is about its test as a whole (skipped, asserts nothing): at BASE
    # and HEAD it is the same finding while the test is, however its text is spelled.
    whole_test: ClassVar[bool] = False
    # True for a rule that compares with BASE itself: without a BASE (``--all`` without
    # ``--base``) it cannot answer, and says so in its ``no-base`` message (an UNKNOWN row).
    reads_base: ClassVar[bool] = False
    # True when a finding says its test does not run or checks nothing: where the test-run
    # comparison finds the same test removed in its file (``it.todo``, a module-wide skip),
    # that removal replaces the finding.
    says_not_run: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if "id" in cls.__dict__ and not inspect.isabstract(cls):
            _DEFINED.append(cls)

    @property
    def family(self) -> str:
        """The kind's prefix (``test``, ``placeholder``, …): which check drives the rule."""
        return self.kind.split(".", 1)[0]

    @property
    def doc(self) -> str:
        """The rule's documentation: its class docstring, dedented."""
        return inspect.cleandoc(type(self).__doc__ or "")

    @abstractmethod
    def detect(self, facts: FactsT, context: ContextT) -> Iterable[Finding]:
        """Every finding of this rule in ``facts``."""

    def finding(
        self,
        at: Located,
        *,
        variant: str | None = None,
        status: Status | None = None,
        symbol: str | None = None,
        **message_args: object,
    ) -> Finding:
        """A finding of this rule at ``at``, its message formatted from ``message_args``."""
        formats = self.message
        if isinstance(formats, str) == (variant is not None):
            raise TypeError(f"{self.id}: name a variant exactly when the rule has several messages")
        template = formats if isinstance(formats, str) else formats[variant or ""]
        return Finding(
            kind=self.kind,
            rule=self.id,
            status=status or self.severity,
            file=at.file,
            line=at.line,
            message=template.format(**message_args),
            symbol=symbol if symbol is not None else getattr(at, "symbol", ""),
        )


@dataclass(frozen=True)
class FileContext:
    """What a per-file rule may know besides the file: its BASE version and the config."""

    base: FileFacts | None = None
    sentinel_names: tuple[str, ...] = ()
    # The structural comparison of the file's tests between BASE and HEAD source (testdiff).
    comparison: FileComparison | None = None
    # Production files of the change set the file reaches through its imports, sorted.
    changed_code: tuple[str, ...] = ()
    # Whether the change set changed the spec's requirements; None when no spec is known.
    spec_changed: bool | None = None
    # Upper-case names the repository's CI and test-runner configuration writes (the
    # environment variables CI may set); empty when not read.
    ci_names: frozenset[str] = frozenset()
    # Literal call -> expected value pairs the repository's tests assert (impl rules).
    test_answers: tuple[TestExpectation, ...] = ()
    # Environment variables the repository's tests and test scripts set (``FAKE=1 jest``).
    runner_env: tuple[str, ...] = ()
    # The word-like strings the repository's production files write as values (impl rules).
    program_words: frozenset[str] = frozenset()
    # Literal arguments of calls in the test files the change set changed (impl rules).
    change_inputs: tuple[TestInput, ...] = ()
    # The spec's text at HEAD, lower-cased; None when no spec is known.
    spec_text: str | None = None
    # Whether the file's BASE version could be compared (False: --all without --base).
    base_known: bool = True
    # The repository's production source files (not tests), and the import aliases of its
    # JS/TS configs (tsconfig paths, Jest moduleNameMapper, Vite alias): what a test
    # imports from the repository itself, as opposed to a package.
    production_files: frozenset[str] = frozenset()
    path_aliases: tuple[JsPathAlias, ...] = ()
    # The ``module_key``s of the modules the tests can import where CI runs them (declared
    # dependencies, the repository's own packages, the standard library); None when not read.
    importable: frozenset[str] | None = None
    # The settings' ``assert-functions``: calls that count as assertions.
    assert_functions: tuple[str, ...] = ()


class FileRule(Rule[FileFacts, FileContext], ABC):
    """A rule over the facts of one file version (``reads_base``: its findings are not
    subtracted, it compares with BASE itself)."""


AnyRule = Rule[Any, Any]


def defined_rules() -> tuple[type[AnyRule], ...]:
    """Every concrete rule class defined so far, in definition order."""
    return tuple(_DEFINED)
