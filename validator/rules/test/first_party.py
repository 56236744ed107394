"""Whether a double's module is one of the repository's own production modules.

A test that imports ``pricing`` from the repository and replaces it tests nothing of
``pricing`` through it; replacing ``axios``, ``fs`` or ``requests`` is how tests isolate
their subject. Which is which is decided from the repository's production files: the
module a target names (``extractors/common/modules.py`` resolves it with the language's
import semantics) is first-party when it is one of them.
"""

from __future__ import annotations

from ....extractors.common.modules import double_module_file
from ..rule import FileContext


def first_party_module(target: str, test_path: str, context: FileContext) -> str | None:
    """The production file the module of a double's target is, else None."""
    files = context.production_files
    if not files:
        return None
    return double_module_file(target, test_path, files, context.path_aliases)
