"""Suppressions the change set added (SU001) and stale ones (SU002), audited on real repos."""

from __future__ import annotations

import json

PYPROJECT = '[tool.ralph-validate]\nexclude = ["vendor/**"]\n'
CAPPED = "# ralph-validate: ignore[PH003] the vendor documents 9999 as its cap\n"


def audit(repo, validate, *args: str) -> dict:
    out = repo.root.parent / "out"
    done = validate("--repo", str(repo.root), "--out", str(out), "--format", "md,json", *args)
    assert done.returncode == 0, done.stderr
    return json.loads((out / "validation-report.json").read_text(encoding="utf-8"))


def rows(report: dict, prefix: str = "suppression.") -> list[tuple[str, int, str, str, bool]]:
    return [
        (f["file"], f["line"], f["rule"], f["status"], f["pre_existing"])
        for f in report["findings"]
        if f["kind"].startswith(prefix)
    ]


def test_a_directive_that_only_moved_is_not_new_and_one_naming_su001_still_fails(
    repo, validate
) -> None:
    repo.commit(
        "base",
        {
            "src/limits.py": CAPPED + "MAX_ITEMS = 9999\n",
        },
    )
    repo.commit(
        "change",
        {
            "src/limits.py": "import os\n\n\n" + CAPPED + "MAX_ITEMS = 9999\n"
            "TIMEOUT = 99999  # ralph-validate: ignore[SU001, suppression.added, PH003] later\n",
        },
    )
    report = audit(repo, validate, "--base", "HEAD~1")
    assert rows(report) == [("src/limits.py", 6, "SU001", "FAIL", False)]
    assert rows(report, "placeholder.") == []


def test_eslint_noqa_and_type_ignore_comments_are_not_this_tools_suppressions(
    repo, validate
) -> None:
    repo.commit("base", {"src/a.ts": "export const a = 1;\n", "src/b.py": "B = 1\n"})
    repo.commit(
        "change",
        {
            "src/a.ts": "// eslint-disable-next-line no-console\nconsole.log(1);\n"
            "// @ts-expect-error the typings lag behind\nexport const a: number = 'x';\n",
            "src/b.py": "import os  # noqa: F401\nB: int = 'x'  # type: ignore[assignment]\n",
        },
    )
    report = audit(repo, validate, "--base", "HEAD~1")
    assert rows(report) == []
    assert "suppressions" not in report


def test_settings_entries_added_by_the_change_fail_and_cannot_turn_su001_off(
    repo, validate
) -> None:
    repo.commit("base", {"pyproject.toml": PYPROJECT, "src/a.py": "A = 1\n"})
    repo.commit(
        "change",
        {
            "pyproject.toml": "[tool.ralph-validate]\n"
            'exclude = ["vendor/**", "pyproject.toml"]\n'
            "ignore = [\n"
            '    "SU001",\n'
            '    "suppression.unused",\n'
            "]\n",
            "src/a.py": "A = 1  # ralph-validate: ignore[PH001] nothing to hide\n",
        },
    )
    report = audit(repo, validate, "--base", "HEAD~1")
    assert rows(report) == [
        ("pyproject.toml", 2, "SU001", "FAIL", False),
        ("pyproject.toml", 4, "SU001", "FAIL", False),
        ("pyproject.toml", 4, "SU002", "UNKNOWN", False),
        ("pyproject.toml", 5, "SU001", "FAIL", False),
        ("pyproject.toml", 5, "SU002", "UNKNOWN", False),
        ("src/a.py", 1, "SU001", "FAIL", False),
        ("src/a.py", 1, "SU002", "UNKNOWN", False),
    ]


def test_settings_that_were_at_base_may_turn_the_suppression_rules_off(repo, validate) -> None:
    repo.commit("base", {"pyproject.toml": '[tool.ralph-validate]\nignore = ["suppression"]\n'})
    repo.commit(
        "change",
        {"src/a.py": "MAX_ITEMS = 9999  # ralph-validate: ignore[PH003] the vendor's cap\n"},
    )
    report = audit(repo, validate, "--base", "HEAD~1")
    assert rows(report) == []
    assert [(s["file"], s["line"], s["used"]) for s in report["suppressions"]] == [
        ("pyproject.toml", 2, True),
        ("src/a.py", 1, True),
    ]


def test_coverage_pragmas_fail_except_on_the_lines_coverage_tools_skip_anyway(
    repo, validate
) -> None:
    repo.commit(
        "base", {"src/cli.py": "def run():\n    return 1\n", "src/w.js": "exports.a = 1;\n"}
    )
    repo.commit(
        "change",
        {
            "src/cli.py": "from typing import TYPE_CHECKING\n\n"
            "if TYPE_CHECKING:  # pragma: no cover\n    import os\n\n\n"
            "def run():\n    return 1\n\n\n"
            "def rare():  # PRAGMA: NO COVER\n    return 2\n\n\n"
            'if __name__ == "__main__":  # pragma: no cover\n    run()\n',
            "src/w.js": "exports.a = 1;\n/* c8 ignore next 2 */\nexports.b = () => 2;\n"
            "// v8 ignore start\nexports.c = 3;\n// v8 ignore stop\n",
        },
    )
    report = audit(repo, validate, "--base", "HEAD~1")
    assert rows(report) == [
        ("src/cli.py", 11, "SU001", "FAIL", False),
        ("src/w.js", 2, "SU001", "FAIL", False),
        ("src/w.js", 4, "SU001", "FAIL", False),
    ]


def test_without_a_base_every_suppression_is_unknown_and_the_header_says_why(
    repo, validate
) -> None:
    repo.commit(
        "only",
        {
            "pyproject.toml": PYPROJECT,
            "vendor/x.py": "X = 1\n",
            "src/a.py": "MAX_ITEMS = 9999  # ralph-validate: ignore[PH003] the vendor's cap\n",
        },
    )
    report = audit(repo, validate, "--all")
    assert rows(report) == [
        ("pyproject.toml", 2, "SU001", "UNKNOWN", False),
        ("src/a.py", 1, "SU001", "UNKNOWN", False),
    ]
    assert any(
        "suppressions not compared with BASE (--all without --base)" in n for n in report["notes"]
    )


def test_unreadable_settings_at_base_make_the_comparison_unknown(repo, validate) -> None:
    repo.commit("base", {"pyproject.toml": "[tool.ralph-validate\nexclude = [\n"})
    repo.commit("change", {"pyproject.toml": PYPROJECT})
    report = audit(repo, validate, "--base", "HEAD~1")
    assert rows(report) == [("pyproject.toml", 2, "SU001", "UNKNOWN", False)]
    assert any("the settings at BASE are unreadable" in n for n in report["notes"])


def test_a_renamed_file_keeps_its_suppressions_and_a_copied_directive_is_new(
    repo, validate
) -> None:
    body = CAPPED + "MAX_ITEMS = 9999\n\n\ndef pages(n):\n    return n * 2\n"
    repo.commit("base", {"src/limits.py": body})
    repo.git("mv", "src/limits.py", "src/caps.py")
    repo.commit(
        "change",
        {"src/caps.py": body + "\n\n" + CAPPED + "MAX_PAGES = 9999\n"},
    )
    report = audit(repo, validate, "--base", "HEAD~1")
    assert rows(report) == [("src/caps.py", 9, "SU001", "FAIL", False)]
    assert [(s["file"], s["line"], s["used"]) for s in report["suppressions"]] == [
        ("src/caps.py", 1, True),
        ("src/caps.py", 9, True),
    ]


def test_a_settings_file_that_now_wins_over_pyproject_is_compared_with_bases_settings(
    repo, validate
) -> None:
    repo.commit("base", {"pyproject.toml": PYPROJECT, "vendor/x.py": "X = 1\n"})
    repo.commit(
        "change",
        {".ralph-validate.toml": '# ours now\nexclude = [\n  "vendor/**",\n  "src/**",\n]\n'},
    )
    report = audit(repo, validate, "--base", "HEAD~1")
    assert rows(report) == [(".ralph-validate.toml", 4, "SU001", "FAIL", False)]
    assert [(s["file"], s["line"], s["paths"], s["used"]) for s in report["suppressions"]] == [
        (".ralph-validate.toml", 3, ["vendor/**"], True),
        (".ralph-validate.toml", 4, ["src/**"], False),
    ]
