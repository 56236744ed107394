"""Environment variables a repository's test scripts set (``CHECKOUT_FAKE=1 jest``).

Production code that reads one of them knows it runs under the tests, just as code that
reads ``JEST_WORKER_ID`` does; ``impl.test-special-case`` needs the names.
"""

from __future__ import annotations

import re

from ...extractors.runners.entrypoints import revision_scripts
from ...extractors.runners.shell import split_script
from ...extractors.runners.view import RevisionView

_ASSIGNMENT = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)=")
_RUNNERS = ("pytest", "jest", "vitest", "mocha", "unittest", "ava", "tap", "jasmine", "nox", "tox")
_SETTERS = frozenset({"cross-env", "env", "export", "dotenv"})


def _runs_tests(key: str, text: str) -> bool:
    return "test" in key.lower() or any(r in text for r in _RUNNERS)


def script_env(view: RevisionView) -> tuple[str, ...]:
    """Names assigned in front of, or exported by, the commands of the test scripts, sorted."""
    names: set[str] = set()
    for script in revision_scripts(view):
        if not _runs_tests(script.key, script.text):
            continue
        for command in split_script(script.text):
            words = list(command.words)
            while words and (words[0] in _SETTERS or words[0].startswith("-")):
                words.pop(0)
            while words and (found := _ASSIGNMENT.match(words[0])):
                names.add(found.group(1))
                words.pop(0)
                while words and words[0] in _SETTERS:
                    words.pop(0)
    return tuple(sorted(names))
