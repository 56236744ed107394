"""A function declared to return a base class may return any subclass (Q2)."""

from __future__ import annotations

import pytest

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.validator.checks.contracts import answers_of

NODES = """from dataclasses import dataclass


@dataclass(frozen=True)
class Expr:
    line: int


@dataclass(frozen=True)
class Call(Expr):
    func: str


def lower(text: str) -> Expr:
    return build(text)
"""

CALL_ELSEWHERE = """from dataclasses import dataclass

from app.nodes import Expr


@dataclass(frozen=True)
class Call(Expr):
    func: str
"""

NODES_WITHOUT_SUBCLASS = NODES.replace(
    "@dataclass(frozen=True)\nclass Call(Expr):\n    func: str\n\n\n", ""
)

USE = """from app import nodes


def callee(text):
    value = nodes.lower(text)
    return value.func
"""


def _missing(files: dict[str, str]) -> list[tuple[str, str]]:
    answers = answers_of([extract(path, text.encode()) for path, text in files.items()])
    return sorted(
        (a.row.consumer.path, a.row.status.value)
        for a in answers
        if a.row.question == 2 and a.row.consumer is not None
    )


@pytest.mark.parametrize(
    "files",
    [
        {"app/nodes.py": NODES, "app/use.py": USE},
        {"app/nodes.py": NODES_WITHOUT_SUBCLASS, "app/calls.py": CALL_ELSEWHERE, "app/use.py": USE},
    ],
    ids=["subclass-in-the-same-file", "subclass-in-another-file"],
)
def test_a_field_of_a_subclass_is_not_missing(files: dict[str, str]) -> None:
    assert _missing(files) == [("func", "UNKNOWN")]


def test_a_field_no_class_declares_is_still_missing() -> None:
    files = {"app/nodes.py": NODES_WITHOUT_SUBCLASS, "app/use.py": USE}
    assert _missing(files) == [("func", "FAIL")]


CONFIG = """from dataclasses import dataclass


@dataclass(frozen=True)
class Config:
    settings: dict

    def get(self, name):
        return self.settings.get(name)


def load() -> Config:
    return read_file()
"""


def test_get_on_an_object_whose_class_defines_get_is_a_method_call() -> None:
    use = "from app.config import load\n\n\ndef opts():\n    config = load()\n"
    use += "    return config.get('addopts')\n"
    files = {"app/config.py": CONFIG, "app/use.py": use}
    assert _missing(files) == [("addopts", "UNKNOWN")]


def test_get_on_a_declared_dict_reads_its_key() -> None:
    typed = CONFIG.replace(
        "@dataclass(frozen=True)\nclass Config:\n    settings: dict\n\n"
        "    def get(self, name):\n        return self.settings.get(name)\n",
        "class Config(TypedDict):\n    settings: dict\n",
    ).replace("from dataclasses import dataclass", "from typing import TypedDict")
    use = "from app.config import load\n\n\ndef opts():\n    config = load()\n"
    use += "    return config.get('addopts') == '-q'\n"
    assert _missing({"app/config.py": typed, "app/use.py": use}) == [("addopts", "FAIL")]
