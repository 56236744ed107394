"""JS/TS comments, stub bodies, literal bindings, TSX/.d.ts files and robustness."""

from __future__ import annotations

from pathlib import Path

from ralph_validate.extractors.common.dispatch import extract, language_of
from ralph_validate.extractors.facts import Fact
from ralph_validate.extractors.facts.integrity import (
    Assertion,
    Binding,
    Comment,
    StubBody,
    TestCase,
)

NO_FLAGS = (False, False, False, False)
FIXTURES = Path(__file__).resolve().parents[3] / "fixtures" / "extractors" / "js"


def _facts(path: str, source: str | bytes) -> tuple[Fact, ...]:
    data = source.encode() if isinstance(source, str) else source
    return extract(path, data).facts


def _comments(facts: tuple[Fact, ...]) -> list[tuple[int, str, str, bool]]:
    return [(f.line, f.symbol, f.text, f.in_test) for f in facts if isinstance(f, Comment)]


def _stubs(facts: tuple[Fact, ...]) -> list[tuple]:
    """(line, symbol, body, message, abstract, protocol, overload, declaration)."""
    return [
        (f.line, f.symbol, f.body, f.message, f.abstract, f.protocol, f.overload, f.declaration)
        for f in facts
        if isinstance(f, StubBody)
    ]


def _bindings(facts: tuple[Fact, ...]) -> list[tuple]:
    """(line, name, value, literal, number, in_test)."""
    return [
        (f.line, f.name, f.value, f.literal, f.number, f.in_test)
        for f in facts
        if isinstance(f, Binding)
    ]


def test_comments_of_every_form_but_not_inside_strings() -> None:
    source = """// TODO: retry
const note = "// TODO inside a string";
const tpl = `/* FIXME not a comment */`;
/* first
 * second
 */
function go() { return 1; /* inline */ }
it('commented', () => {
  // expect(x).toBe(1);
});
"""
    assert _comments(_facts("src/go.test.js", source)) == [
        (1, "", "TODO: retry", False),
        (4, "", "first", False),
        (5, "", "second", False),
        (7, "src/go.test.js::go", "inline", False),
        (9, "src/go.test.js::commented", "expect(x).toBe(1);", True),
    ]


def test_commented_out_assertion_is_no_assertion() -> None:
    source = "it('x', () => {\n  // expect(x).toBe(1)\n});\n"
    facts = _facts("x.test.js", source)
    assert [f for f in facts if isinstance(f, Assertion)] == []
    assert _comments(facts) == [(2, "x.test.js::x", "expect(x).toBe(1)", True)]


def test_stub_bodies_of_functions_methods_and_named_arrows() -> None:
    source = """export function pay() { throw new Error('not implemented'); }
function later() { throw new NotImplementedError(`todo: wire ${x}`); }
const noop = () => {};
const nothing = () => null;
export const handler = async function () { return undefined; };
class Repo {
  constructor() {}
  find(id) { return; }
  save = () => { /* TODO */ };
  real() { return db.get(); }
}
module.exports.load = function () {};
const api = { get() { return null; } };
run(() => {});
"""
    p = "src/repo.js"
    assert _stubs(_facts(p, source)) == [
        (1, f"{p}::pay", "throw-not-implemented", "not implemented", False, False, False, False),
        (2, f"{p}::later", "throw-not-implemented", "todo: wire ${x}", False, False, False, False),
        (3, f"{p}::noop", "empty", "", False, False, False, False),
        (4, f"{p}::nothing", "return-null", "", False, False, False, False),
        (5, f"{p}::handler", "return-null", "", False, False, False, False),
        (7, f"{p}::Repo.constructor", "empty", "", False, False, False, False),
        (8, f"{p}::Repo.find", "return-null", "", False, False, False, False),
        (9, f"{p}::Repo.save", "empty", "", False, False, False, False),
        (12, f"{p}::load", "empty", "", False, False, False, False),
        (13, f"{p}::api.get", "return-null", "", False, False, False, False),
    ]


def test_abstract_interface_overload_and_declare_are_declarations() -> None:
    source = """abstract class Shape {
  abstract area(): number;
  describe(): string { return 'shape'; }
}
interface Store { get(key: string): string; }
type Api = { call(): void };
declare function ext(): void;
function parse(x: string): number;
function parse(x: number): number;
function parse(x: any) { return Number(x); }
"""
    p = "src/shape.ts"
    assert _stubs(_facts(p, source)) == [
        (2, f"{p}::Shape.area", "empty", "", True, False, False, True),
        (5, f"{p}::Store.get", "empty", "", False, True, False, True),
        (6, f"{p}::Api.call", "empty", "", False, False, False, True),
        (7, f"{p}::ext", "empty", "", False, False, False, True),
        (8, f"{p}::parse", "empty", "", False, False, True, True),
        (9, f"{p}::parse", "empty", "", False, False, True, True),
    ]


def test_declaration_file_signatures_are_all_declarations() -> None:
    path = "types/payments.d.ts"
    facts = _facts(path, (FIXTURES / "payments.d.ts").read_bytes())
    assert _stubs(facts) == [
        (2, f"{path}::charge", "empty", "", False, False, True, True),
        (3, f"{path}::charge", "empty", "", False, False, True, True),
        (6, f"{path}::Gateway.refund", "empty", "", False, True, False, True),
    ]
    assert _comments(facts) == [(1, "", "Charges a card.", False)]
    assert {f.in_test_file for f in facts if isinstance(f, StubBody)} == {False}


def test_literal_bindings_of_every_form() -> None:
    source = """const MAX_RETRIES = 9999;
let timeoutMs = 1e9, label = 'TBD', ready = false, none = null;
var limit = -1;
const conf = { pageSize: 0x7fffffff, "max-depth": 1_000_000, ceiling: Number.MAX_SAFE_INTEGER };
class Poller { intervalMs = Infinity; static mode = `fast`; }
function wait(delayMs = 5000, { tries = 3 } = {}) {}
enum Level { Low = 0, High = -Infinity }
const computed = compute();
this.threshold = 0.5;
"""
    assert _bindings(_facts("src/conf.ts", source)) == [
        (1, "MAX_RETRIES", "9999", "number", 9999.0, False),
        (2, "timeoutMs", "1e9", "number", 1e9, False),
        (2, "label", "'TBD'", "string", None, False),
        (2, "ready", "false", "bool", None, False),
        (2, "none", "null", "none", None, False),
        (3, "limit", "-1", "number", -1.0, False),
        (4, "pageSize", "0x7fffffff", "number", 2147483647.0, False),
        (4, "max-depth", "1_000_000", "number", 1000000.0, False),
        (4, "ceiling", "Number.MAX_SAFE_INTEGER", "expression", None, False),
        (5, "intervalMs", "Infinity", "expression", None, False),
        (5, "mode", "`fast`", "string", None, False),
        (6, "delayMs", "5000", "number", 5000.0, False),
        (6, "tries", "3", "number", 3.0, False),
        (7, "Low", "0", "number", 0.0, False),
        (7, "High", "-Infinity", "expression", None, False),
        (9, "threshold", "0.5", "number", 0.5, False),
    ]


def test_bindings_in_test_files_are_marked_in_test() -> None:
    source = "const TIMEOUT = 9999;\nit('x', () => { const n = 0; expect(n).toBe(0); });\n"
    assert _bindings(_facts("spec/x.spec.js", source)) == [
        (1, "TIMEOUT", "9999", "number", 9999.0, True),
        (2, "n", "0", "number", 0.0, True),
    ]


def test_tsx_component_file() -> None:
    path = "web/Checkout.tsx"
    facts = _facts(path, (FIXTURES / "Checkout.tsx").read_bytes())
    assert _comments(facts) == [
        (3, "", "TODO: pull the currency from the locale", False),
        (11, f"{path}::Checkout", "FIXME: empty state", False),
    ]
    assert _stubs(facts) == [
        (6, f"{path}::Props.onPay", "empty", "", False, False, False, True),
        (20, f"{path}::Summary", "return-null", "", False, False, False, False),
        (
            24,
            f"{path}::Formatter.format",
            "throw-not-implemented",
            "not implemented yet",
            *NO_FLAGS,
        ),
    ]
    assert _bindings(facts) == [
        (4, "MAX_ITEMS", "9999", "number", 9999.0, False),
        (23, "precision", "2", "number", 2.0, False),
    ]
    assert [f for f in facts if isinstance(f, TestCase)] == []


def test_tsx_test_file_with_jsx_and_commented_assertion() -> None:
    path = "web/gateway.test.tsx"
    facts = _facts(path, (FIXTURES / "gateway.test.tsx").read_bytes())
    test_id = f"{path}::Checkout > renders the pay button"
    assert [
        (f.symbol, f.framework, f.line, f.end_line) for f in facts if isinstance(f, TestCase)
    ] == [(test_id, "vitest", 6, 10)]
    assert [(f.line, f.method) for f in facts if isinstance(f, Assertion)] == [(9, "toBeDefined")]
    assert _comments(facts) == [
        (8, test_id, "expect(view.getByText('Pay')).toBeTruthy();", True),
    ]


def test_crlf_and_non_ascii_keep_lines_and_text() -> None:
    source = (
        "// Größe prüfen\r\n"
        "/* zwei\r\n   Zeilen */\r\n"
        "describe('Ünïcode', () => {\r\n"
        "  it('läuft', () => { expect(größe('ä')).toBe(1); });\r\n"
        "});\r\n"
    )
    facts = _facts("test/umlaut.test.js", source)
    assert _comments(facts) == [
        (1, "", "Größe prüfen", False),
        (2, "", "zwei", False),
        (3, "", "Zeilen", False),
    ]
    assert [(f.symbol, f.line) for f in facts if isinstance(f, TestCase)] == [
        ("test/umlaut.test.js::Ünïcode > läuft", 5)
    ]
    assert [(f.line, f.operands[0].text) for f in facts if isinstance(f, Assertion)] == [
        (5, "größe('ä')")
    ]


def test_syntax_errors_do_not_crash_and_keep_what_parses() -> None:
    source = """describe('broken', () => {
  it('half', () => { expect(1).toBe(
});
function (((
// TODO: still seen
const LIMIT = 9999;
"""
    facts = _facts("test/broken.test.ts", source)
    assert extract("test/broken.test.ts", source.encode()).facts == facts
    assert _comments(facts)[-1][:3] == (5, "", "TODO: still seen")
    assert ("LIMIT", 9999.0) in [(f.name, f.number) for f in facts if isinstance(f, Binding)]


def test_output_is_deterministic_and_sorted_by_line() -> None:
    source = (FIXTURES / "Checkout.tsx").read_bytes()
    first = _facts("web/Checkout.tsx", source)
    again = _facts("web/Checkout.tsx", source)
    assert first == again
    integrity = [f for f in first if type(f).__module__.endswith(".facts.integrity")]
    assert integrity
    assert [f.line for f in integrity] == sorted(f.line for f in integrity)


def test_every_js_ts_suffix_is_read_with_its_grammar() -> None:
    assert {
        suffix: language_of(f"src/a{suffix}")
        for suffix in (".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx", ".d.ts")
    } == {
        ".js": "javascript",
        ".mjs": "javascript",
        ".cjs": "javascript",
        ".jsx": "javascript",
        ".ts": "typescript",
        ".mts": "typescript",
        ".cts": "typescript",
        ".tsx": "tsx",
        ".d.ts": "typescript",
    }


def test_jsx_in_a_javascript_file() -> None:
    source = """export function Banner() {
  return <p>{/* TODO: copy */}hello</p>;
}
export const Empty = () => {};
"""
    facts = _facts("ui/Banner.jsx", source)
    assert _comments(facts) == [(2, "ui/Banner.jsx::Banner", "TODO: copy", False)]
    assert _stubs(facts) == [(4, "ui/Banner.jsx::Empty", "empty", "", *NO_FLAGS)]
