"""A tsconfig.json/jsconfig.json, comments and trailing commas included, gives its import path
aliases."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import JsPathAlias
from ralph_validate.extractors.javascript.tsconfig import jsonc

TSCONFIG = """{
  // Next.js style
  "compilerOptions": {
    "baseUrl": ".",
    /* the alias */
    "paths": { "@/*": ["src/*"], "@api": ["src/api/index.ts"], },
  },
}
"""


def test_tsconfig_with_comments_and_trailing_commas_gives_path_aliases() -> None:
    assert jsonc('{"a": "http://x//y", /* c */ "b": [1,],}') == {"a": "http://x//y", "b": [1]}
    facts = [f for f in extract("web/tsconfig.json", TSCONFIG.encode()).facts]
    aliases = sorted((f.pattern, f.targets, f.base) for f in facts if isinstance(f, JsPathAlias))
    assert aliases == [
        ("*", ("*",), "web"),
        ("@/*", ("src/*",), "web"),
        ("@api", ("src/api/index.ts",), "web"),
    ]
    other = extract("web/package.json", TSCONFIG.encode()).facts
    assert not [f for f in other if isinstance(f, JsPathAlias)]
