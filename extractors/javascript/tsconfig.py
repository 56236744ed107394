"""Import aliases of TypeScript/JavaScript projects: ``compilerOptions.paths`` and
``baseUrl`` of ``tsconfig*.json`` / ``jsconfig*.json``.

``import { getUser } from '@/api/user'`` names ``src/api/user.ts`` only through these;
without them such imports (and the ``jest.mock('@/api/user')`` beside them) lead nowhere.
The files are JSON with comments and trailing commas, which ``json`` does not take, so
those are removed first (outside strings).
"""

from __future__ import annotations

import posixpath
import re

from ...core.bounded import json_loads
from ..common.dispatch import SourceFile, register
from ..common.languages import extensions
from ..facts import Fact
from ..facts.contracts import JsPathAlias

_CONFIG = re.compile(r"^(tsconfig|jsconfig)([.\w-]*)\.json$")
# A string, a line comment, a block comment, or a comma before a closing bracket.
_TOKENS = re.compile(r'"(?:\\.|[^"\\])*"|//[^\n]*|/\*.*?\*/|,(?=\s*[}\]])', re.DOTALL)


def jsonc(text: str) -> object:
    """Parse JSON with comments and trailing commas (tsconfig's dialect)."""
    return json_loads(_TOKENS.sub(lambda m: m.group(0) if m.group(0)[0] == '"' else "", text))


def extract_path_aliases(source: SourceFile) -> tuple[Fact, ...]:
    """One ``JsPathAlias`` per ``paths`` entry, and a ``*`` alias for ``baseUrl``."""
    if not _CONFIG.match(posixpath.basename(source.path)):
        return ()
    try:
        data = jsonc(source.text)
    except ValueError:
        return ()
    options = data.get("compilerOptions") if isinstance(data, dict) else None
    if not isinstance(options, dict):
        return ()
    folder = posixpath.dirname(source.path)
    base_url = options.get("baseUrl")
    base = posixpath.normpath(
        posixpath.join(folder, base_url if isinstance(base_url, str) else ".")
    )
    base = "" if base == "." else base
    facts: list[Fact] = []
    paths = options.get("paths")
    if isinstance(paths, dict):
        for pattern, targets in sorted(paths.items()):
            if isinstance(pattern, str) and isinstance(targets, list):
                found = tuple(t for t in targets if isinstance(t, str))
                if found:
                    facts.append(
                        JsPathAlias(
                            file=source.path, line=1, pattern=pattern, targets=found, base=base
                        )
                    )
    if isinstance(base_url, str):
        facts.append(JsPathAlias(file=source.path, line=1, pattern="*", targets=("*",), base=base))
    return tuple(facts)


register("json", extensions("json"), extract_path_aliases)
