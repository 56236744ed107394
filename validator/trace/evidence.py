"""Collect the evidence that ties requirements to production code and to tests.

Evidence, strongest first (DESIGN §6, the traceability issue):

1. ``ID``: the requirement's id (or one of its criteria's) named in a comment,
   docstring or string of production code, or in a test's name, docstring or
   comments.
2. ``TASK``: a file changed by a spec-prefixed commit that completed a task whose
   ``_Requirements:`` trailer names the requirement (``All`` trailers are not
   evidence for any one requirement).
3. ``LITERAL``: a code-shaped token the requirement spells out (``"too_short"``,
   ``CountMismatch``) equal to a name or string of the file.
4. ``WORDS``: two or more of the requirement's distinctive words among the
   file's names and strings.

Only code counts as implementation: a file of configuration, a lock file or editor
settings implements a requirement only when the requirement names that file. An id counts
only where the spec's scope (``scope.SpecScope``) says it is about this spec.

Tests are tied to a requirement by ``ID``, ``LITERAL`` or ``WORDS`` in their own
name and docstring, by an id named in their file's module-level comments, or
through imports: a test file that imports an implementing module covers the
requirement with every test when that module implements nothing else, and
otherwise with the tests whose names share a term with the requirement. A test
counts only when it is one of the spec's own files (the loop wrote or changed it)
and reaches one of the requirement's implementing files through its imports.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import IntEnum

from ...core.specs.model import Requirement, Spec
from ...extractors.common.languages import is_code, is_unread, language_of_path
from ...extractors.common.modules import import_files
from ...extractors.common.paths import is_test_path
from ...extractors.facts import FileFacts
from ...extractors.facts.integrity import Comment, TestCase
from ...extractors.facts.terms import Import, Terms
from . import terms as T
from .ids import ids_in_test_name, ids_in_text
from .scope import SpecScope, read_set


class Strength(IntEnum):
    """How directly a piece of evidence names a requirement."""

    WORDS = 1
    LITERAL = 2
    TASK = 3
    ID = 4


@dataclass(frozen=True, order=True)
class Hit:
    """One piece of implementation evidence at ``file:line``."""

    strength: Strength
    file: str
    line: int


@dataclass(frozen=True, order=True)
class Cover:
    """A test that covers a requirement."""

    file: str
    line: int
    name: str
    test_id: str


@dataclass
class Evidence:
    """All evidence for one requirement."""

    implementation: list[Hit] = field(default_factory=list)
    tests: set[Cover] = field(default_factory=set)


_DOC_SUFFIXES = (".md", ".markdown", ".rst", ".txt", ".adoc")
# Words that make a requirement one about tests: its work may be tests alone.
_TESTING_WORDS = frozenset({"test", "tests", "testing", "spec", "specs", "smoke", "coverage"})
# Words that make a requirement one about setting the project up: its work may be
# configuration, manifests and build files alone.
_SETUP_WORDS = frozenset(
    {
        "setup",
        "install",
        "installation",
        "configure",
        "configuration",
        "config",
        "dependencies",
        "dependency",
        "scaffold",
        "scaffolding",
        "structure",
        "infrastructure",
        "initialize",
        "initialise",
        "bootstrap",
        "tooling",
        "docker",
        "deployment",
        "pipeline",
        "linting",
    }
)


@dataclass(frozen=True)
class _File:
    path: str
    facts: FileFacts
    is_test: bool

    @property
    def terms(self) -> Terms | None:
        found = self.facts.of_type(Terms)
        return found[0] if found else None


def classify(path: str, facts: FileFacts, spec: Spec) -> _File | None:
    """A file that can carry evidence, or None (docs, the spec itself, unparsed files)."""
    if path.lower().endswith(_DOC_SUFFIXES) or is_unread(facts.language):
        return None
    if path in (spec.tasks_file, spec.requirements_file):
        return None
    if spec.path not in ("", ".") and (path == spec.path or path.startswith(spec.path + "/")):
        return None
    is_test = bool(facts.of_type(TestCase)) or is_test_path(path)
    terms = facts.of_type(Terms)
    if not is_test and terms and terms[0].definitions == 0:
        return None  # empty, only imports, an empty export or a docstring: implements nothing
    return _File(path, facts, is_test)


@dataclass(frozen=True)
class RequirementTerms:
    """The ids, literals and distinctive words of one requirement."""

    ids: frozenset[str]
    literals: frozenset[str]
    words: frozenset[str]
    # The literals no other requirement quotes: what a test's title must name to be tied
    # to this requirement by a literal (``REST API`` in every requirement ties none).
    own_literals: frozenset[str] = frozenset()


def requirement_terms(spec: Spec) -> dict[str, RequirementTerms]:
    """Ids, literals and words per requirement; a word two requirements share is dropped,
    and a literal two share is no one's own."""
    texts = {
        r.id: " ".join([r.title, r.text, *(c.text for c in r.criteria)]) for r in spec.requirements
    }
    words = {rid: T.words_of(text) for rid, text in texts.items()}
    literals = {rid: T.literals_of(text) for rid, text in texts.items()}
    counts: dict[str, int] = defaultdict(int)
    for terms in (*words.values(), *literals.values()):
        for term in terms:
            counts[term] += 1
    return {
        r.id: RequirementTerms(
            ids=frozenset({r.id, *(c.id for c in r.criteria)}),
            literals=frozenset(literals[r.id]),
            words=frozenset(w for w in words[r.id] if counts[w] == 1),
            own_literals=frozenset(lit for lit in literals[r.id] if counts[lit] == 1),
        )
        for r in spec.requirements
    }


class Tracer:
    """Builds ``Evidence`` per requirement from per-file facts."""

    def __init__(
        self,
        spec: Spec,
        files: list[_File],
        scope: SpecScope | None = None,
        graph: dict[str, FileFacts] | None = None,
    ) -> None:
        self.spec = spec
        self.files = files
        self.scope = scope
        # Every file read, evidence or not (a package's ``__init__`` that re-exports),
        # for following a test's imports to the code.
        self.graph = graph if graph is not None else {f.path: f.facts for f in files}
        self.terms = requirement_terms(spec)
        self.texts = {
            r.id: " ".join([r.title, r.text, *(c.text for c in r.criteria)])
            for r in spec.requirements
        }
        self.owner = {i: r.id for r in spec.requirements for i in self.terms[r.id].ids}
        self.known = set(self.owner)
        production = [f for f in files if not f.is_test]
        self.rare = self._rare_words(production)
        self.terms = self._distinctive_literals(production)
        self.evidence: dict[str, Evidence] = {r.id: Evidence() for r in spec.requirements}
        # Test file → requirements whose tasks' own commits wrote or changed it.
        self.task_tests: dict[str, set[str]] = defaultdict(set)
        # Requirement → every file its tasks' own commits changed, read or not.
        self.committed: dict[str, set[str]] = defaultdict(set)

    def _distinctive_literals(self, production: list[_File]) -> dict[str, RequirementTerms]:
        """The terms with only the literals that point at specific code: a token the
        requirement quotes (``from``, ``limit``) that a twentieth of the production files
        name too is the code base's vocabulary, as a common word is."""
        common = self._common(
            production,
            {lit for t in self.terms.values() for lit in t.literals},
            lambda names: {T.normalise(n) for n in names},
        )
        return {
            rid: replace(rt, literals=rt.literals - common, own_literals=rt.own_literals - common)
            for rid, rt in self.terms.items()
        }

    def _rare_words(self, production: list[_File]) -> frozenset[str]:
        wanted = {w for t in self.terms.values() for w in t.words}
        return frozenset(wanted - self._common(production, wanted, T.file_words))

    @staticmethod
    def _common(
        production: list[_File], wanted: set[str], tokens: Callable[[list[str]], set[str]]
    ) -> set[str]:
        """The ``wanted`` terms more production files name (``tokens`` of their names and
        strings) than ``rare_limit`` allows: vocabulary of the whole code base."""
        spread: dict[str, int] = defaultdict(int)
        for f in production:
            terms = f.terms
            if terms is None:
                continue
            for term in tokens([n for n, _ in (*terms.names, *terms.strings)]) & wanted:
                spread[term] += 1
        limit = T.rare_limit(len(production))
        return {term for term in wanted if spread[term] > limit}

    # -- implementation -------------------------------------------------------------
    def add_implementation(self) -> None:
        """Evidence from ids, literals and words in production files."""
        for f in self.files:
            if f.is_test:
                continue
            for rid, line in self._id_mentions(f):
                if self._may_implement(f, rid):
                    self.evidence[rid].implementation.append(Hit(Strength.ID, f.path, line))
            terms = f.terms
            if terms is None or (self.scope is not None and not self.scope.near(f.path)):
                continue  # another spec's file: only a reference naming this spec counts
            first_line: dict[str, int] = {}
            for token, line in (*terms.names, *terms.strings):
                key = T.normalise(token)
                if key and (key not in first_line or line < first_line[key]):
                    first_line[key] = line
            word_line: dict[str, int] = {}
            for token, line in (*terms.names, *terms.strings):
                for w in T.split_words(token):
                    if w not in word_line or line < word_line[w]:
                        word_line[w] = line
            for rid, rt in self.terms.items():
                if not self._may_implement(f, rid):
                    continue
                lits = sorted(lit for lit in rt.literals if lit in first_line)
                if lits:
                    line = min(first_line[lit] for lit in lits)
                    self.evidence[rid].implementation.append(Hit(Strength.LITERAL, f.path, line))
                    continue
                shared = sorted(w for w in rt.words & self.rare if w in word_line)
                if len(shared) >= 2:
                    line = min(word_line[w] for w in shared)
                    self.evidence[rid].implementation.append(Hit(Strength.WORDS, f.path, line))

    def _may_implement(self, f: _File, rid: str) -> bool:
        """Code implements; any other file (configuration, a lock file, editor settings,
        a generated snapshot) only when the requirement names it."""
        return is_code(f.facts.language) or self._names_file(rid, f.path)

    def _names_file(self, rid: str, path: str) -> bool:
        text = self.texts[rid]
        name = path.rsplit("/", 1)[-1]
        named = re.search(rf"(?<![\w/.-]){re.escape(name)}(?![\w-])", text)
        return path in text or named is not None

    def _about_spec(self, path: str, text: str) -> bool:
        return self.scope is None or self.scope.counts(path, text)

    def _id_mentions(self, f: _File) -> list[tuple[str, int]]:
        found: list[tuple[str, int]] = []
        texts = [(c.text, c.line) for c in f.facts.of_type(Comment)]
        terms = f.terms
        if terms is not None:
            texts += list(terms.strings)
        for text, line in texts:
            if self._about_spec(f.path, text):
                found += [(self.owner[i], line) for i in ids_in_text(text, self.known)]
        return sorted(set(found))

    def add_task_commits(self, commit_files: dict[str, list[str]]) -> None:
        """Evidence from files changed by commits that completed a requirement's tasks.

        ``commit_files`` maps a task id to the files its commits changed: production files
        are implementation; a test file among them is the task's own test, which covers
        the task's requirements when it reaches their code (``add_tests``).
        """
        production = {f.path: f for f in self.files if not f.is_test}
        tests = {f.path for f in self.files if f.is_test}
        for task in self.spec.tasks:
            if task.id is None or task.refs_all or task.id not in commit_files:
                continue
            owners = {self.owner[r] for r in task.requirement_refs if r in self.owner}
            for rid in owners:
                self.committed[rid].update(commit_files[task.id])
            for path in commit_files[task.id]:
                if path in tests:
                    self.task_tests[path] |= owners
                if path not in production:
                    continue
                for rid in sorted(owners):
                    if self._names_subject(production[path], rid, task.title):
                        self.evidence[rid].implementation.append(Hit(Strength.TASK, path, 1))

    def _names_subject(self, f: _File, rid: str, task_title: str) -> bool:
        """Whether a file's code names the subject of a task or its requirement at all: a
        file the task's commit touched but whose names and strings share no word with them
        is no implementation of it. Words compare by their first five letters (``numbers``
        names ``number``); a file that is not code (configuration, a lock file, a generated
        snapshot) implements only what names it."""
        terms = f.terms
        if not is_code(f.facts.language) or terms is None or terms.definitions is None:
            return self._names_file(rid, f.path)
        req = next(r for r in self.spec.requirements if r.id == rid)
        subject = T.words_of(
            " ".join([task_title, req.title, req.text, *(c.text for c in req.criteria)])
        )
        named = T.file_words([n for n, _ in terms.names] + [s for s, _ in terms.strings])
        stems = {w[:5] for w in named}
        return any(w[:5] in stems for w in subject) or bool(
            self.terms[rid].literals & {T.normalise(n) for n, _ in terms.names}
        )

    def unread_work(self, rid: str) -> tuple[str, ...]:
        """The files a requirement's own commits changed that are its work but not code
        this tool reads as implementation: configuration or code in a language not read
        whose path names the requirement's subject (``config/initializers/devise.rb`` for
        "Install Devise"), any such file when the requirement is about setting the project
        up ("dependencies setup": a manifest, a Dockerfile), and tests when it is about
        tests. The spec's own documents are not work."""
        subject = T.words_of(self.texts[rid])
        about_tests = bool(subject & _TESTING_WORDS)
        about_setup = bool(subject & _SETUP_WORDS)
        found = []
        for path in sorted(self.committed.get(rid, set())):
            if self._spec_document(path):
                continue
            if is_test_path(path):
                if about_tests:
                    found.append(path)
            elif is_code(language_of_path(path)):
                continue  # code this tool reads was judged (an empty file implements nothing)
            elif about_setup or set(T.split_words(path)) & subject:
                found.append(path)
        return tuple(found)

    def _spec_document(self, path: str) -> bool:
        spec = self.spec
        if path in (spec.tasks_file, spec.requirements_file):
            return True
        return spec.path not in ("", ".") and path.startswith(spec.path.rstrip("/") + "/")

    # -- tests ----------------------------------------------------------------------
    def add_tests(self) -> None:
        """Tests tied by ids, literals or words in their names, docs and comments; then imports."""
        implemented_by = self._implementing_files()
        for f in self.files:
            if not f.is_test:
                continue
            # A test the loop did not write or change counts only when it names this spec.
            own = self.scope is None or self.scope.owns(f.path)
            reached = self._reached(f)
            tests = f.facts.of_type(TestCase)
            file_level = self._file_level_ids(f)
            linked = self._imported_requirements(f, implemented_by)
            comments_by_test: dict[str, list[str]] = defaultdict(list)
            for comment in f.facts.of_type(Comment):
                comments_by_test[comment.symbol].append(comment.text)
            for test in tests:
                cover = Cover(f.path, test.line, test.name, test.symbol)
                own_text = " ".join([test.name, test.doc, *comments_by_test.get(test.symbol, [])])
                doc = " ".join([test.doc, *comments_by_test.get(test.symbol, [])])
                if not own and not (self.scope and self.scope.names_this(doc)):
                    continue
                named = ids_in_test_name(test.name, self.known)
                if self._about_spec(f.path, doc):
                    named |= ids_in_text(doc, self.known)
                # A test its requirement's own commits wrote covers it when it reaches the code.
                rids = {self.owner[i] for i in named} | file_level | self.task_tests[f.path]
                for rid, rt in self.terms.items():
                    if self._name_matches(own_text, rt):
                        rids.add(rid)
                for rid, exclusive in linked.items():
                    if exclusive or self._shares_a_term(own_text, self.terms[rid]):
                        rids.add(rid)
                for rid in rids:
                    if reached(rid):
                        self.evidence[rid].tests.add(cover)

    def _reached(self, f: _File) -> Callable[[str], bool]:
        """Whether the test file ``f`` reaches a requirement's implementing files: it
        imports one (or a module that imports one, ``TEST_REACH`` steps deep), or imports a
        module named like one (a path alias no resolver knows: ``@/lib/orders`` for
        ``src/lib/orders.ts``)."""
        files = set(read_set([f.path], self.graph, self.graph.get, TEST_REACH)) - {f.path}
        imports = f.facts.of_type(Import)
        stems = {_module_stem(i.module) for i in imports} | {n for i in imports for n in i.names}
        stems -= _INDEX_STEMS

        def reached(rid: str) -> bool:
            impl = {h.file for h in self.evidence[rid].implementation}
            return bool(impl & files) or any(_path_stem(p) in stems for p in impl)

        return reached

    def _file_level_ids(self, f: _File) -> set[str]:
        texts = [c.text for c in f.facts.of_type(Comment) if c.symbol == ""]
        texts = [t for t in texts if self._about_spec(f.path, t)]
        return {self.owner[i] for text in texts for i in ids_in_text(text, self.known)}

    def _name_matches(self, text: str, rt: RequirementTerms) -> bool:
        normalised = T.normalise(text)
        if any(lit in normalised for lit in rt.own_literals):
            return True
        return len(T.file_words([text]) & rt.words) >= 2

    def _shares_a_term(self, text: str, rt: RequirementTerms) -> bool:
        normalised = T.normalise(text)
        return any(lit in normalised for lit in rt.own_literals) or bool(
            T.file_words([text]) & rt.words
        )

    def _implementing_files(self) -> dict[str, set[str]]:
        """Production file → requirements it has LITERAL-or-stronger evidence for."""
        by_file: dict[str, set[str]] = defaultdict(set)
        for rid, ev in self.evidence.items():
            for hit in ev.implementation:
                if hit.strength >= Strength.LITERAL:
                    by_file[hit.file].add(rid)
        return by_file

    def _imported_requirements(
        self, f: _File, implemented_by: dict[str, set[str]]
    ) -> dict[str, bool]:
        """Requirements whose implementing files ``f`` imports → True when that file is
        exclusive to the requirement."""
        linked: dict[str, bool] = {}
        paths = set(implemented_by)
        for imp in f.facts.of_type(Import):
            for target in import_files(f.path, imp, paths):
                rids = implemented_by[target]
                for rid in rids:
                    linked[rid] = linked.get(rid, False) or len(rids) == 1
        return linked


# A test reaches code through its imports this many steps deep: test → app factory →
# route → the library the route calls.
TEST_REACH = 3
_INDEX_STEMS = frozenset({"", "index", "__init__", "main", "mod"})


def _module_stem(module: str) -> str:
    """The last name of an import's module: ``@/lib/orders`` and ``../lib/orders.js`` →
    ``orders``; ``app.orders`` → ``orders``."""
    if "/" in module:
        return module.rstrip("/").rsplit("/", 1)[-1].split(".", 1)[0]
    return module.rsplit(".", 1)[-1]


def _path_stem(path: str) -> str:
    """``src/lib/orders.ts`` → ``orders``."""
    return path.rsplit("/", 1)[-1].split(".", 1)[0]


def requirement_heading(req: Requirement) -> tuple[str, int]:
    """Where a requirement row points: its declaration in the spec."""
    return req.file, req.line
