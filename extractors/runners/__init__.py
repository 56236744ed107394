"""Test runners' configuration, test files and invocations read into plain facts (no judgement).

Every reader takes a :class:`RevisionView` (repo-relative path -> bytes, from a mapping or from
callables such as ``git ls-tree``/``git show``) so that BASE and HEAD are read the same way.
"""

from .view import RevisionView

__all__ = ["RevisionView"]
