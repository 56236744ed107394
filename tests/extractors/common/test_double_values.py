"""What a test double returns, followed through the test file's bindings: constants,
tables indexed by a variable, factories inlined with their arguments, data files."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import Mock
from ralph_validate.validator.contracts.contract_index import collect
from ralph_validate.validator.contracts.shape import Presence, lookup


def _mocks(path: str, source: str) -> list[Mock]:
    return [f for f in extract(path, source.encode()).facts if isinstance(f, Mock)]


PY_HEAD = "import json, os\nfrom pathlib import Path\nfrom unittest import mock\n"


def _py_document(spelling: str, setup: str = "") -> tuple[str, tuple[str, ...]]:
    source = PY_HEAD + setup + "def test_a():\n"
    source += f"    with mock.patch('app.x.get', return_value={spelling}):\n        pass\n"
    (found,) = _mocks("tests/unit/test_a.py", source)
    return found.document, found.document_at


def test_python_data_files_are_named_by_the_path_the_test_builds() -> None:
    fixture = "tests/unit/fixtures/o.json"
    here = "HERE = os.path.dirname(os.path.abspath(__file__))\n"
    assert _py_document("json.load(open(os.path.join(HERE, 'fixtures', 'o.json')))", here) == (
        fixture,
        (),
    )
    spelled = "json.loads((Path(__file__).parent / 'fixtures' / 'o.json').read_text())"
    assert _py_document(spelled) == (fixture, ())
    rooted = (
        "json.loads(Path(__file__).resolve().parent.joinpath('fixtures', 'o.json').read_text())"
    )
    assert _py_document(rooted) == (fixture, ())
    table = "ORDERS = json.load(open('data/orders.json'))\n"
    assert _py_document("ORDERS[which]", table + "which = 'paid'\n") == ("data/orders.json", ("*",))
    assert _py_document("ORDERS['paid']", table) == ("data/orders.json", ("paid",))


def test_python_a_path_outside_the_repository_or_unknown_gives_no_double() -> None:
    source = PY_HEAD + "def test_a(tmp_path):\n"
    source += "    with mock.patch('app.x.get', return_value=json.load(open('/etc/o.json'))):\n"
    source += "        pass\n"
    source += (
        "    with mock.patch('app.x.get', return_value=json.load(open(tmp_path / 'o.json'))):\n"
    )
    source += "        pass\n"
    assert _mocks("tests/test_a.py", source) == []


def test_python_factory_is_inlined_with_its_keyword_overrides() -> None:
    source = PY_HEAD + "def make(status='NEW', **extra):\n"
    source += "    return {'id': 1, 'status': status, **extra}\n"
    source += "def test_a():\n    with mock.patch('app.x.get', return_value=make(paid=True)):\n"
    source += "        pass\n"
    (found,) = _mocks("tests/test_a.py", source)
    assert lookup(found.shape, ("paid",)).presence is Presence.PRESENT
    assert lookup(found.shape, ("status",)).presence is Presence.PRESENT
    # ``**extra`` holds exactly the keywords given: nothing else may be there.
    assert lookup(found.shape, ("state",)).presence is Presence.ABSENT


def test_python_table_by_a_variable_is_every_value() -> None:
    source = PY_HEAD + "ROWS = {'a': {'id': 1, 'ok': True}, 'b': {'id': 2}}\n"
    source += "def test_a(which):\n    with mock.patch('app.x.get', return_value=ROWS[which]):\n"
    source += "        pass\n"
    (found,) = _mocks("tests/test_a.py", source)
    assert lookup(found.shape, ("id",)).presence is Presence.PRESENT
    assert {o.kind for o in found.shape.options} == {"object"}


TS_HEAD = "import { get } from '../src/x';\nimport * as path from 'path';\njest.mock('../src/x');\n"


def _ts_mock(setup: str, value: str) -> Mock:
    source = (
        TS_HEAD + setup + f"test('a', () => {{ jest.mocked(get).mockReturnValue({value}); }});\n"
    )
    (found,) = _mocks("test/a.test.ts", source)
    return found


def test_ts_data_files_by_import_require_and_read() -> None:
    imported = _ts_mock("import row from './fixtures/o.json';\n", "row")
    assert (imported.document, imported.document_at) == ("test/fixtures/o.json", ())
    required = _ts_mock("const rows = require('../data/rows.json');\n", "rows[key]")
    assert (required.document, required.document_at) == ("data/rows.json", ("*",))
    read = "JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', `o.json`), 'utf8'))"
    parsed = _ts_mock("import * as fs from 'fs';\n", read)
    assert parsed.document == "test/fixtures/o.json"


def test_ts_factory_with_a_spread_of_overrides_is_closed() -> None:
    setup = "const make = (over = {}) => ({ id: 1, ...over });\n"
    found = _ts_mock(setup, "make({ paid: true })")
    assert lookup(found.shape, ("paid",)).presence is Presence.PRESENT
    assert lookup(found.shape, ("state",)).presence is Presence.ABSENT


def test_a_double_of_a_data_file_takes_the_file_shape_or_is_dropped() -> None:
    source = PY_HEAD + "def test_a():\n"
    source += (
        "    with mock.patch('app.x.get', return_value=json.load(open('tests/o.json'))['a']):\n"
    )
    source += "        pass\n"
    test = extract("tests/test_a.py", source.encode())
    data = extract("tests/o.json", b'{"a": {"id": 1}}')
    (found,) = collect([test, data]).mocks
    assert lookup(found.shape, ("id",)).presence is Presence.PRESENT
    assert collect([test]).mocks == []


def test_names_are_evaluated_once_and_cycles_end() -> None:
    py = [PY_HEAD, "A0 = {'id': 1}\n"]
    py += [f"A{i} = {{'x': A{i - 1}, 'y': A{i - 1}, 'z': A{i - 1}}}\n" for i in range(1, 30)]
    py.append("def test_a():\n    with mock.patch('app.x.get', return_value=A29):\n        pass\n")
    (found,) = _mocks("tests/test_a.py", "".join(py))
    assert lookup(found.shape, ("x", "y", "z", "x")).presence is Presence.PRESENT
    cycle = "const a = { b: b };\nconst b = { a: a };\n"
    (looped,) = [_ts_mock(cycle, "a")]
    assert lookup(looped.shape, ("b", "a")).presence is Presence.PRESENT


def _field_kinds(found: Mock) -> dict[str, str]:
    return {f.name: f.shape.kind for f in found.shape.fields}


def test_a_factory_parameter_left_out_or_given_undefined_takes_its_default() -> None:
    """``order(undefined, 7)`` in JavaScript and ``order(total=7)`` in Python: the customer is
    the default object; ``null``/``None`` handed in is a value, not the default."""
    js = (
        "import { vi, test } from 'vitest';\nimport * as api from '../src/api';\n"
        "function order(customer = { name: 'ann' }, total = 5) { return { customer, total }; }\n"
        "test('a', () => {\n"
        "  vi.spyOn(api, 'getOrder').mockReturnValue(order(undefined, 7));\n"
        "  vi.spyOn(api, 'getOther').mockReturnValue(order(null, 7));\n});\n"
    )
    given, nulled = _mocks("tests/a.test.ts", js)
    assert _field_kinds(given)["customer"] == "object"
    assert _field_kinds(nulled)["customer"] != "object"
    py = PY_HEAD + (
        "def order(customer={'name': 'ann'}, total=5):\n"
        "    return {'customer': customer, 'total': total}\n"
        "def test_a():\n"
        "    with mock.patch('app.x.get', return_value=order(total=7)):\n        pass\n"
        "    with mock.patch('app.x.other', return_value=order(None, 7)):\n        pass\n"
    )
    given, nulled = _mocks("tests/unit/test_a.py", py)
    assert _field_kinds(given)["customer"] == "object"
    assert _field_kinds(nulled)["customer"] != "object"
