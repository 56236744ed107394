"""PH002 stub-body: a body that does nothing real in production code is unfinished work."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

from ....extractors.facts import FileFacts, symbol_name
from ....extractors.facts.integrity import StubBody as StubFact
from ...findings import Finding
from ..rule import FileContext, FileRule
from .markers import todo_lines


class StubBody(FileRule):
    """## What it does
    Finds production functions whose body does nothing real: `pass`, `...`,
    `raise NotImplementedError`, `throw new Error('not implemented')`, and an
    empty body or `return null` with a TODO on the line above, on the signature
    line or inside the body (an empty callback alone is a legitimate no-op, and
    so is a docstring-only body, which documents one). Abstract methods, `Protocol`
    members, `@overload`s, interface members and `.d.ts`/`.pyi` declarations are
    not stubs, nor is a `NotImplementedError` whose message names an
    unsupported case (`NotImplementedError(f"unsupported format {fmt}")`). A method
    that throws `not implemented` is abstract in all but name when a class of the
    same file derives from its class and defines the method itself, or when its
    message says subclasses must; a class nobody derives from, or a method no
    subclass defines, is still a stub.

    ## Why is this bad?
    A stub compiles and imports, so every check that only runs the code passes.

    ## Example
    ```python
    def resume_from_checkpoint(path):
        raise NotImplementedError
    ```

    Use instead: implement it, or remove it and leave its task open.

    ## How to suppress
    `# ralph-validate: ignore[PH002] <reason>` on the `def` line or the line above.
    """

    id = "PH002"
    kind = "placeholder.stub"
    name = "stub-body"
    summary = "A function body that does nothing real."
    message = "{name}: {why}"

    def detect(self, facts: FileFacts, context: FileContext) -> Iterator[Finding]:
        """Stub bodies that are no abstract method, protocol, overload, hook or declaration."""
        todos = todo_lines(facts)
        stubs = facts.of_type(StubFact)
        stubs_per_owner = Counter(s.owner for s in stubs if s.owner)
        for stub in stubs:
            if _interface(stub, stubs_per_owner[stub.owner]):
                continue
            # The TODO is on the line above, on the signature line, or inside the body.
            near = any(
                line in (stub.line - 1, stub.line) or (symbol == stub.symbol and line > stub.line)
                for line, symbol in todos.items()
            )
            why = _stub_message(stub, near)
            if why is not None:
                yield self.finding(stub, name=symbol_name(stub.symbol), why=why)


_UNSUPPORTED = re.compile(
    r"unsupported|not supported|only .* (?:is|are) supported|does not support|doesn't support"
    r"|cannot|can't|invalid|unknown|not available|no support",
    re.IGNORECASE,
)
_NOT_DONE = re.compile(
    r"not (?:yet )?implemented|todo|fixme|stub|unimplemented|placeholder", re.IGNORECASE
)
_ABSTRACT_NAME = re.compile(r"^(Base|Abstract)|(Base|Mixin|Interface|ABC)$")
# "must be implemented by a subclass": the pre-abc way to declare an abstract method.
_ABSTRACT_MESSAGE = re.compile(
    r"\b(?:must|should|has to|needs? to) (?:be )?(?:implemented|overridden|overriden)"
    r"|\bsubclass(?:es)? (?:must|should)|\babstract\b",
    re.IGNORECASE,
)
_ABSTRACT_BASE = re.compile(r"^(ABC|Protocol|ABCMeta)$|^metaclass=")


_INTERFACE_MODULE = re.compile(r"(?:^|/)(?:base|bases|interfaces?|abc|abstract|protocols?)\.pyi?$")


def _interface(stub: StubFact, stubs_of_owner: int) -> bool:
    """A root class that declares an interface the pre-abc way: two or more methods that
    are all stubs, or any class of a module named for it (``base.py``, ``interfaces.py``);
    its implementations live elsewhere."""
    if not stub.owner or _meaningful_bases(stub.owner_bases):
        return False
    return bool(_INTERFACE_MODULE.search(stub.file)) or (
        stub.owner_methods >= 2 and stubs_of_owner == stub.owner_methods
    )


def _meaningful_bases(bases: tuple[str, ...]) -> bool:
    return any(b.rsplit(".", 1)[-1] not in ("object", "Generic") for b in bases)


def _stub_message(stub: StubFact, comments_near: bool) -> str | None:
    """Why a stub body is a placeholder, or None when it is not one."""
    if stub.in_test_file or stub.abstract or stub.protocol or stub.overload or stub.declaration:
        return None
    if (
        stub.body in ("pass", "ellipsis")
        and stub.owner
        and (stub.owner_subclassed or _meaningful_bases(stub.owner_bases))
    ):
        return None  # a hook a subclass overrides, or a deliberate no-op override
    if stub.body in ("pass", "ellipsis"):
        return f"body is only `{'pass' if stub.body == 'pass' else '...'}`"
    if stub.body == "not-implemented":
        if (
            stub.message
            and _UNSUPPORTED.search(stub.message)
            and not _NOT_DONE.search(stub.message)
        ):
            return None
        if stub.owner and _ABSTRACT_MESSAGE.search(stub.message or ""):
            return None
        if stub.owner and (
            stub.owner_subclassed
            or _ABSTRACT_NAME.search(stub.owner)
            or any(_ABSTRACT_BASE.match(b.rsplit(".", 1)[-1]) for b in stub.owner_bases)
            or (stub.documented and not _meaningful_bases(stub.owner_bases))
        ):
            # The pre-abc way to declare an abstract method (a documented method of a root
            # class, or one a subclass overrides), or a member of an abstract class. A
            # concrete subclass that leaves an inherited method unimplemented is a stub.
            return None
        return "raises NotImplementedError" + (f" ({stub.message})" if stub.message else "")
    if stub.body == "throw-not-implemented":
        if stub.owner and (stub.overridden or _ABSTRACT_MESSAGE.search(stub.message or "")):
            return None  # abstract-style: a subclass of the file overrides it, or says it must
        if _NOT_DONE.search(stub.message or ""):
            return f"throws {stub.message}"
        return None
    if stub.body in ("empty", "return-null") and comments_near:
        return (
            "empty body next to a TODO" if stub.body == "empty" else "returns null next to a TODO"
        )
    return None
