"""tox environments and nox sessions read as entry points: inherited commands, guards, literal
words."""

from __future__ import annotations

from ralph_validate.extractors.runners.entrypoints import (
    nox_scripts,
    tox_scripts,
)


def test_tox_environments_inherit_commands_and_guards() -> None:
    source = (
        "[tox]\nenv_list = py, lint\n\n[testenv]\nignore_outcome = true\n"
        "commands =\n    pytest {posargs}\n\n[testenv:lint]\n"
        "commands = ruff check .\n"
    )
    scripts = [
        (s.key, s.text, s.lines, [g.what for g in s.guards]) for s in tox_scripts("tox.ini", source)
    ]
    assert scripts == [
        ("env (default)", "pytest {posargs}", (7,), ["ignore_outcome"]),
        ("env lint", "ruff check .", (10,), ["ignore_outcome"]),
    ]


def test_nox_sessions_keep_literal_words_and_mark_the_rest() -> None:
    source = (
        "import nox\n\n@nox.session(python=['3.12'])\ndef tests(session):\n"
        "    session.install('.')\n"
        "    session.run('pytest', '-k', EXPR, *session.posargs)\n"
    )
    [script] = nox_scripts("noxfile.py", source)
    assert (script.key, script.text, script.lines) == (
        "session tests",
        "pytest -k '{unreadable}'",
        (6,),
    )


def test_nox_sessions_are_found_through_any_import_spelling() -> None:
    source = (
        "from nox import session as nox_session\nimport nox as n\n\n"
        "def session(f):\n    return f\n\n"
        "@nox_session\ndef unit(s):\n    s.run('pytest', 'tests/unit')\n\n"
        "@n.session(reuse_venv=True)\ndef e2e(s):\n    s.run('pytest', 'tests/e2e')\n\n"
        "@session\ndef helper(s):\n    s.run('pytest', 'never')\n"
    )
    keys = [(s.key, s.text) for s in nox_scripts("noxfile.py", source)]
    assert keys == [("session unit", "pytest tests/unit"), ("session e2e", "pytest tests/e2e")]
