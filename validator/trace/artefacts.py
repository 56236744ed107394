"""Files an acceptance criterion names as artefacts of the work (issue 13, cause 5).

``WHEN the order table is added THEN migrations/0002_orders.sql SHALL create it`` promises a
file: when no such file exists at HEAD the criterion is not met, whatever code matched its
words. A token names a file when it is a path with a file name (``config/app.yaml``,
``src/orders/service.ts``), or a file name of a schema, migration or configuration type
(``schema.prisma``), or any file name written as code (`` `orders.py` ``). Not files: URL
paths (``/api/orders``), dotted module or field names (``app.models``, ``user.name``), globs
(``src/**/*.ts``), URLs, files the criterion says to remove or rename, and files the
program writes or reads when it runs (``SHALL write the report to out/report.json``).
"""

from __future__ import annotations

import re
from collections.abc import Collection

from ...core.specs.model import Requirement
from ...extractors.common.paths import is_artefact_name, is_code_name

_QUOTED = re.compile(r"`([^`\s]+)`|\"([^\"\s]+)\"|'([^'\s]+)'")
_TOKEN = re.compile(r"(?<![\w/.@:-])([\w.@-]+(?:/[\w.@-]+)*\.[A-Za-z][A-Za-z0-9]{0,9})(?![\w/-])")
# A file the program writes or reads when it runs (``SHALL write the results to
# out/report.json``, ``SHALL load settings from config/app.yaml``): a run's file, not one
# the work commits. The verb governs the path: its object may stand between them, but no
# other of these prepositions (``stored in the tokens table defined in db/schema.sql``
# stores in the table; the file that defines it is an artefact).
_PREPOSITION = r"\b(?:to|into|from|in|as|at)\b"
_RUNTIME = re.compile(
    r"\b(?:writ\w*|wrote|sav\w*|output\w*|export\w*|download\w*|upload\w*|log\w*|"
    r"read\w*|load\w*|stor\w*|dump\w*|emit\w*|append\w*)\b"
    rf"(?:(?!{_PREPOSITION})[^.;])*?{_PREPOSITION}\s+(?:an?\s+|the\s+)?(?:file\s+)?[`\"']?$",
    re.IGNORECASE,
)
# A criterion about taking a file away: its absence is what it asks for.
_REMOVAL = re.compile(
    r"\b(?:remov|delet|drop|renam|replac|deprecat|no longer|must not|shall not|never)",
    re.IGNORECASE,
)


def _is_named_file(token: str, quoted: bool) -> bool:
    if any(c in token for c in "*?{}[]<>$") or "://" in token or token.startswith("/"):
        return False
    if token.startswith("../"):
        return False  # a file of another checkout, named as a model to follow
    name = token.rsplit("/", 1)[-1]
    if name.startswith(".") and "." not in name[1:]:
        return False  # ``.env`` alone: a kind of file, not one file
    if not re.search(r"\.[A-Za-z][A-Za-z0-9]*$", name) or name.endswith("."):
        return False
    if "/" in token or quoted:
        return is_artefact_name(name)
    # A bare name outside code quotes: only artefact types, and never a code name
    # (``Node.js``, ``Vue.js`` are products, not files).
    return is_artefact_name(name) and not is_code_name(name) and name[0].islower()


def named_paths(req: Requirement) -> list[str]:
    """The files the acceptance criteria of ``req`` name, in order, once each."""
    found: list[str] = []
    for criterion in req.criteria:
        text = criterion.text
        if _REMOVAL.search(text):
            continue
        quoted = {next(g for g in m.groups() if g) for m in _QUOTED.finditer(text)}
        for match in _TOKEN.finditer(text):
            token = match.group(1).rstrip(".")
            if text[match.end() : match.end() + 1] in ("[", "("):
                continue  # an expression (``request.env['key']``, ``path.join(...)``)
            if token.startswith("./"):
                token = token[2:]
            if _RUNTIME.search(text[: match.start()]):
                continue
            parts = token.split("/")
            # ``en.json/ar.json``: alternatives written with a slash, each a file name
            names = parts if len(parts) > 1 and all("." in p[1:] for p in parts) else [token]
            for name in names:
                if _is_named_file(name, token in quoted) and name not in found:
                    found.append(name)
    return found


def _spelling(path: str) -> str:
    """``path`` with its case and its file name's word separators set aside: a criterion's
    ``pages/auth/sign-up.tsx`` is the ``pages/auth/SignUp.tsx`` the work committed."""
    folder, _, name = path.lower().rpartition("/")
    name = name.replace("-", "").replace("_", "")
    return f"{folder}/{name}" if folder else name


def present(path: str, files: Collection[str]) -> bool:
    """Whether ``path`` exists among ``files``: exactly, or as the tail of a deeper path
    (``schema.prisma`` is ``prisma/schema.prisma``), also when spelt with another case or
    word separator in its file name."""
    if path in files:
        return True
    tail = "/" + path
    if any(f.endswith(tail) for f in files):
        return True
    wanted = _spelling(path)
    return any(s == wanted or s.endswith("/" + wanted) for s in map(_spelling, files))


def alike(path: str, files: Collection[str]) -> str | None:
    """A file that is plausibly the one ``path`` names under the name its tool reads: the
    same extension, and a name holding the named file's stem as a word (``oxlint.json``
    named, ``.oxlintrc.json`` written). None when there is none."""
    name = path.rsplit("/", 1)[-1]
    stem, dot, extension = name.rpartition(".")
    if not dot or len(stem) < 3:
        return None
    word = re.compile(rf"(?<![a-z0-9]){re.escape(stem.lower())}")
    for candidate in sorted(files):
        other = candidate.rsplit("/", 1)[-1].lower()
        suffix = "." + extension.lower()
        if (
            other != name.lower()
            and other.endswith(suffix)
            and word.search(other.removesuffix(suffix))
        ):
            return candidate
    return None
