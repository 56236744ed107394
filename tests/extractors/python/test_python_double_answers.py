"""What a Python test double answers: every way a test places a double and says what its calls
return."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import Mock
from ralph_validate.validator.contracts.shape import leaves


def _facts(path: str, source: str, kind: type) -> list:
    return [f for f in extract(path, source.encode()).facts if isinstance(f, kind)]


def _mocks(source: str) -> list[tuple[str, int, list[tuple[str, ...]]]]:
    found = _facts("tests/test_orders.py", source, Mock)
    return sorted((m.target, m.line, [p for p, _ in leaves(m.shape)]) for m in found)


def test_side_effect_lists_and_local_functions_give_what_the_calls_return() -> None:
    source = (
        "from unittest import mock\n"
        "from app import service\n"
        "def test_a(mocker):\n"
        "    mocker.patch('app.service.fetch', side_effect=[\n"
        "        {'id': 1},\n"
        "        {'id': 2, 'extra': True},\n"
        "    ])\n"
        "@mock.patch.object(service, 'fetch', side_effect=_fake)\n"
        "def test_b(fetch):\n"
        "    pass\n"
        "def _fake(order_id):\n"
        "    return {'id': order_id, 'total': {'net': 1}}\n"
    )
    assert _mocks(source) == [
        ("app.service.fetch", 4, [("extra",), ("id",)]),
        ("app.service.fetch", 12, [("id",), ("total", "net")]),
    ]


def test_prepared_doubles_passed_in_as_new_are_followed_through_their_name() -> None:
    source = (
        "from unittest.mock import MagicMock, Mock, patch\n"
        "import app.client as c\n"
        "def test_a(monkeypatch):\n"
        "    fake = MagicMock(return_value={'a': 1})\n"
        "    with patch('app.service.fetch', fake):\n"
        "        pass\n"
        "    other = Mock()\n"
        "    other.side_effect = [{'b': 1}]\n"
        "    monkeypatch.setattr(c, 'fetch', other)\n"
        "    with patch('app.service.fetch', new=MagicMock(side_effect=lambda i: {'c': i})):\n"
        "        pass\n"
        "    monkeypatch.setattr('app.service.fetch', lambda *a, **k: {'d': 1})\n"
    )
    assert _mocks(source) == [
        ("app.client.fetch", 8, [("b",)]),
        ("app.service.fetch", 4, [("a",)]),
        ("app.service.fetch", 10, [("c",)]),
        ("app.service.fetch", 12, [("d",)]),
    ]


def test_doubles_whose_result_has_no_fields_or_cannot_be_read_give_no_mock() -> None:
    source = (
        "from unittest.mock import patch, MagicMock\n"
        "from app import service\n"
        "@patch('app.service.notify', new=lambda *a: None)\n"
        "@patch('app.service.fetch', side_effect=TimeoutError)\n"
        "def test_a(fetch):\n"
        "    pass\n"
        "def test_b(monkeypatch):\n"
        "    monkeypatch.setattr(service, 'LIMIT', 5)\n"
        "    monkeypatch.setattr(service, 'CONFIG', {'a': 1})\n"
        "    with patch('app.service.fetch', new_callable=MagicMock):\n"
        "        pass\n"
        "    with patch('app.service.fetch', make_fake()):\n"
        "        pass\n"
    )
    assert _mocks(source) == []


def test_a_decorator_with_its_own_double_injects_no_parameter() -> None:
    source = (
        "from unittest.mock import patch\n"
        "@patch('app.service.fetch')\n"
        "@patch('app.service.audit', lambda *a: {'ok': True})\n"
        "def test_a(fetch):\n"
        "    fetch.return_value = {'id': 1}\n"
    )
    assert _mocks(source) == [
        ("app.service.audit", 3, [("ok",)]),
        ("app.service.fetch", 5, [("id",)]),
    ]
