"""The ``CodeSyntax`` of each language a code file may be written in.

The one place that names the languages: the readers written once (CDK stacks, reads,
returns) ask it for the adapter of a file and branch on nothing else.
"""

from __future__ import annotations

from ..javascript.adapter import JAVASCRIPT
from ..python.adapter import PYTHON
from .adapter import CodeSyntax

_SYNTAXES = {
    "python": PYTHON,
    "javascript": JAVASCRIPT,
    "typescript": JAVASCRIPT,
    "tsx": JAVASCRIPT,
}


def syntax_of(language: str) -> CodeSyntax:
    """The adapter of ``language`` (a ``SourceFile.language``); JavaScript's for its dialects."""
    return _SYNTAXES[language]
