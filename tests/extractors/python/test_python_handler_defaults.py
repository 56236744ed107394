"""What a Python handler returns: an empty constructor is a literal default, a copy of a
held value is a name, anything reading the error is the error."""

from __future__ import annotations

import textwrap

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.impl import ErrorHandler


def _steps(source: str) -> list[tuple[str, ...]]:
    facts = extract("src/load.py", textwrap.dedent(source).encode()).facts
    return [f.steps for f in facts if isinstance(f, ErrorHandler)]


def test_empty_constructors_and_copies_are_defaults() -> None:
    found = _steps(
        """
        from collections import defaultdict

        DEFAULTS = {"theme": "light"}

        def load(path):
            try:
                return read(path)
            except:
                return dict()
            except ValueError:
                return defaultdict(list)
            except OSError:
                return dict(DEFAULTS)
            except KeyError as e:
                return dict(e.args)
            except TypeError:
                return list(read(path))
        """
    )
    assert found == [
        ("return:literal",),
        ("return:literal",),
        ("return:name",),
        ("return:error",),
        ("return:call",),
    ]


def test_a_print_to_standard_error_reports_the_failure() -> None:
    found = _steps(
        """
        import sys
        from sys import stderr

        def main(path):
            try:
                return run(path)
            except Exception as err:
                print("cannot read", err, file=sys.stderr)
                return 1
            except ValueError:
                print("bad value", file=stderr)
            except KeyError:
                print("missing")
        """
    )
    assert found == [("log:error", "return:literal"), ("log:error",), ("log:print",)]


def test_an_unpacked_copy_of_a_held_value_is_a_name() -> None:
    found = _steps(
        """
        DEFAULTS = {"theme": "light"}
        NAMES = ["guest"]

        def load(path):
            try:
                return read(path)
            except OSError:
                return {**DEFAULTS}
            except ValueError:
                return {**DEFAULTS, "theme": "dark"}
            except KeyError:
                return [*NAMES]
            except TypeError:
                return {**read(path)}
            except LookupError:
                return {"theme": "dark"}
        """
    )
    assert found == [
        ("return:name",),
        ("return:name",),
        ("return:name",),
        ("return:other",),
        ("return:literal",),
    ]
