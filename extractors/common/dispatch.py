"""Which extractors read which file, and the version that keys the fact cache.

Several extractors may read one language (test-integrity facts and contract
facts from the same Python file); they share one ``SourceFile`` so the file
is parsed once.
"""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import TypeVar, cast

import tree_sitter as ts

from ..facts import ExtractionError, Fact, FileFacts, FileLanguage
from . import treesitter

M = TypeVar("M")

# Bump when any extractor's output changes: cached facts of an older version are not reused.
EXTRACTOR_VERSION = "75"
UNREAD: FileLanguage = "none"  # the language of a file no extractor reads


@dataclass
class SourceFile:
    """One file version handed to extractors: its path, bytes and (lazily) its syntax tree."""

    path: str  # repo-relative, forward slashes
    data: bytes
    language: str
    _tree: ts.Tree | None = field(default=None, repr=False)
    _captures: dict[tuple[str, str, str | None], dict[str, list[ts.Node]]] = field(
        default_factory=dict, repr=False
    )
    _models: dict[object, object] = field(default_factory=dict, repr=False)

    @property
    def tree(self) -> ts.Tree:
        """The tree-sitter tree, parsed on first use (tree-sitter languages only)."""
        if self._tree is None:
            self._tree = treesitter.parse(self.language, self.data)
        return self._tree

    def captures(
        self, query_name: str, lang: str | None = None, folder: str | None = None
    ) -> dict[str, list[ts.Node]]:
        """Captures of a query over the whole file, run once per file however many
        extractors ask (lists in source order; callers must not change them)."""
        key = (query_name, lang or self.language, folder)
        if key not in self._captures:
            q = treesitter.query(lang or self.language, query_name, folder)
            self._captures[key] = treesitter.captures(q, self.tree.root_node)
        return self._captures[key]

    def model(self, kind: Callable[[SourceFile], M]) -> M:
        """The semantic model ``kind`` builds of this file (imports, qualified names, scopes),
        built on first use and shared by every extractor that reads the file."""
        if kind not in self._models:
            self._models[kind] = kind(self)
        return cast(M, self._models[kind])

    @property
    def text(self) -> str:
        """The file decoded as UTF-8 (callers read only files that decoded)."""
        return self.data.decode("utf-8", errors="replace")


Extractor = Callable[[SourceFile], tuple[Fact, ...]]


@dataclass(frozen=True)
class _Entry:
    language: FileLanguage
    extractor: Extractor
    suffixes: tuple[str, ...] = ()
    matches: Callable[[str], bool] | None = None


_ENTRIES: list[_Entry] = []


def register(language: FileLanguage, suffixes: tuple[str, ...], extractor: Extractor) -> None:
    """Make ``extractor`` read every file whose name ends in one of ``suffixes``."""
    _ENTRIES.append(_Entry(language, extractor, tuple(s.lower() for s in suffixes)))


def register_matcher(
    language: FileLanguage, matches: Callable[[str], bool], extractor: Extractor
) -> None:
    """Make ``extractor`` read the files a predicate on the repo-relative path picks."""
    _ENTRIES.append(_Entry(language, extractor, matches=matches))


def _chosen(path: str) -> list[_Entry]:
    """The extractors for ``path``: predicate matches first, then every suffix match, the
    longest suffix first (it names the language: ``.d.ts`` before ``.ts``)."""
    _load_builtin_extractors()
    by_predicate = [e for e in _ENTRIES if e.matches is not None and e.matches(path)]
    name = PurePosixPath(path).name.lower()
    by_suffix = sorted(
        (
            (max(len(s) for s in e.suffixes if name.endswith(s)), i, e)
            for i, e in enumerate(_ENTRIES)
            if any(name.endswith(s) for s in e.suffixes)
        ),
        key=lambda item: (-item[0], item[1]),
    )
    return by_predicate + [e for _, _, e in by_suffix]


def language_of(path: str) -> FileLanguage | None:
    """The language extractors read ``path`` as, or None when none reads it."""
    chosen = _chosen(path)
    return chosen[0].language if chosen else None


def extract(path: str, data: bytes) -> FileFacts:
    """Facts of one file version; a file no extractor reads has no facts."""
    digest = hashlib.sha256(data).hexdigest()
    chosen = _chosen(path)
    if not chosen:
        return FileFacts(path, UNREAD, digest, EXTRACTOR_VERSION, ())
    source = SourceFile(path, data, chosen[0].language)
    facts: list[Fact] = []
    for entry in chosen:
        try:
            facts.extend(entry.extractor(source))
        except Exception as error:  # an extractor's bug on unusual input; see ExtractionError
            module = getattr(entry.extractor, "__module__", "") or "extractor"
            facts.append(
                ExtractionError(file=path, line=0, extractor=module, error=type(error).__name__)
            )
    return FileFacts(path, chosen[0].language, digest, EXTRACTOR_VERSION, tuple(facts))


_loaded = False


def _load_builtin_extractors() -> None:
    """Import the extractor modules once; each calls ``register`` at import time."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    for module in BUILTIN_MODULES:
        importlib.import_module(module)


# Modules that register extractors when imported; adding a language is one line here.
BUILTIN_MODULES: tuple[str, ...] = (
    "ralph_validate.extractors.common.terms",
    "ralph_validate.extractors.javascript.integrity",
    "ralph_validate.extractors.python.integrity",
    "ralph_validate.extractors.common.markdown",
    "ralph_validate.extractors.javascript.code",
    "ralph_validate.extractors.python.code",
    "ralph_validate.extractors.infra.cdk",
    "ralph_validate.extractors.infra.documents",
    "ralph_validate.extractors.infra.data_documents",
    "ralph_validate.extractors.javascript.tsconfig",
    "ralph_validate.extractors.javascript.runner_aliases",
    "ralph_validate.extractors.python.aws_sdk",
    "ralph_validate.extractors.python.impl",
    "ralph_validate.extractors.javascript.impl",
    "ralph_validate.extractors.common.config_values",
)
