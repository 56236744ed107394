"""Write ``docs/rules/<id>.md`` and ``docs/rules/README.md`` from the rule docstrings.

Run ``python -m ralph_validate.validator.rules.docs [DOCS_DIR]`` from the repository root;
a test fails when the committed pages differ from what this writes.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ...core.atomic import atomic_write_text
from . import list_rules, render_doc


def pages() -> dict[str, str]:
    """File name → Markdown text for every rule page and the index."""
    rules = list_rules()
    result = {f"{r.id}.md": render_doc(r) for r in rules}
    lines = ["# Rules", "", "| id | name | kind | what it finds |", "|---|---|---|---|"]
    lines += [f"| [{r.id}]({r.id}.md) | `{r.name}` | `{r.kind}` | {r.summary} |" for r in rules]
    result["README.md"] = "\n".join(lines) + "\n"
    return result


def main(argv: list[str] | None = None) -> int:
    """Write the pages into the given folder (default: docs/rules)."""
    args = sys.argv[1:] if argv is None else argv
    target = Path(args[0]) if args else Path("docs/rules")
    target.mkdir(parents=True, exist_ok=True)
    for name, text in pages().items():
        atomic_write_text(target / name, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
