"""Exception breadth: which expected exception accepts which.

Which exceptions a language builds in, and their ancestors, is the language's knowledge
(``extractors/common/languages.py``); the comparison of two expectations is this module's.
"""

from __future__ import annotations

from ...extractors.common.languages import broad_exceptions, knowledge_of

# Exception names whose check accepts (nearly) any failure, in either language.
BROAD_EXCEPTIONS = broad_exceptions()


def exception_ancestors(name: str, language: str) -> frozenset[str]:
    """The known base classes of an exception name (empty when the name is not built in)."""
    knowledge = knowledge_of(language)
    return knowledge.exception_ancestors(name) if knowledge is not None else frozenset()


def _covers(wide: str, narrow: str, language: str) -> bool:
    """True when an exception check for ``wide`` also accepts ``narrow``."""
    return (
        wide == narrow or wide in BROAD_EXCEPTIONS or wide in exception_ancestors(narrow, language)
    )


def exceptions_widened(base: tuple[str, ...], head: tuple[str, ...], language: str) -> bool:
    """True when HEAD's expected exceptions accept everything BASE's did, and more."""
    if not base:
        return False
    if not head:
        return True
    if set(base) == set(head):
        return False
    return all(any(_covers(h, b, language) for h in head) for b in base)


def exceptions_narrowed(base: tuple[str, ...], head: tuple[str, ...], language: str) -> bool:
    """True when every HEAD exception is one BASE accepted (a more specific expectation)."""
    if not head:
        return False
    if not base:
        return True
    return all(any(_covers(b, h, language) for b in base) for h in head)
