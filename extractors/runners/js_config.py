"""Jest and Vitest configuration (JS/TS modules or JSON) and JS test names, read literally."""

from __future__ import annotations

import hashlib
import json
import posixpath
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

import tree_sitter as ts

from ...core.bounded import json_loads
from ..common.dispatch import SourceFile
from ..common.literals import js_literal
from ..common.testfile import language_of
from ..common.treesitter import line_of as line
from ..common.treesitter import text
from ..facts import symbol_id
from ..javascript import strings as js_strings
from ..javascript.declarations import Declaration
from ..javascript.exports import exports_of
from ..javascript.frameworks import PREFIXED
from ..javascript.module_bindings import module_declarators
from ..javascript.test_walk import collected_walk
from .inifile import json_key_line
from .view import RevisionView

JEST_CONFIG_NAMES = (
    "jest.config.js",
    "jest.config.ts",
    "jest.config.mjs",
    "jest.config.cjs",
    "jest.config.cts",
    "jest.config.json",
)
VITEST_CONFIG_NAMES = tuple(
    f"{stem}.config.{ext}"
    for stem in ("vitest", "vite")
    for ext in ("ts", "mts", "cts", "js", "mjs", "cjs")
)


@dataclass(frozen=True)
class Opaque:
    """A value the model does not evaluate (a call, a spread, a variable, a computed key)."""

    source: str
    line: int


@dataclass(frozen=True)
class JsObject:
    """An object literal: its readable entries with lines, and what it holds that is not."""

    entries: tuple[tuple[str, Any, int], ...]
    opaque: tuple[Opaque, ...]
    line: int

    def get(self, key: str) -> tuple[Any, int] | None:
        """(value, line) of ``key`` (the last one written wins), or None."""
        found = None
        for name, value, at in self.entries:
            if name == key:
                found = (value, at)
        return found


@dataclass(frozen=True)
class JsConfig:
    """A runner's configuration object and the file it comes from (None: defaults)."""

    file: str | None
    value: JsObject | Opaque | None


def _value(node: ts.Node, consts: dict[str, ts.Node], depth: int = 0) -> Any:
    """The literal value of a node, or Opaque."""
    kind = node.type
    if kind in (
        "parenthesized_expression",
        "as_expression",
        "satisfies_expression",
        "non_null_expression",
        "type_assertion",
    ):
        inner = node.named_children[0] if node.named_children else None
        return _value(inner, consts, depth) if inner is not None else Opaque(text(node), line(node))
    if kind in ("string", "template_string"):
        value = js_strings.decoded_string(node)
        return Opaque(text(node), line(node)) if value is None else value
    if kind == "regex":
        pattern = node.child_by_field_name("pattern")
        return text(pattern)
    if kind in ("number", "unary_expression"):
        # ``-5``, ``1e3``, ``0x1F``, ``10n``: the one JS literal reader's value
        normal = js_literal(node)
        if normal == "none":  # ``void 0``
            return None
        if normal is None or not normal.startswith("n:"):
            return Opaque(text(node), line(node))
        number = float(normal[2:])
        return int(number) if number.is_integer() else number
    if kind in ("true", "false"):
        return kind == "true"
    if kind in ("null", "undefined"):
        return None
    if kind == "array":
        return tuple(
            Opaque(text(c), line(c)) if c.type == "spread_element" else _value(c, consts, depth)
            for c in node.named_children
            if c.type != "comment"
        )
    if kind == "object":
        return _object(node, consts, depth)
    if kind == "identifier" and text(node) in consts and depth < 8:
        return _value(consts[text(node)], consts, depth + 1)
    if kind == "call_expression":
        callee = text(node.child_by_field_name("function"))
        args = node.child_by_field_name("arguments")
        named = [c for c in args.named_children if c.type != "comment"] if args else []
        if callee in ("defineConfig", "defineProject", "createJestConfig") and len(named) == 1:
            return _value(named[0], consts, depth)
    is_async = bool(node.children) and node.children[0].type == "async"
    if kind in ("arrow_function", "function_expression", "function") and depth < 8 and not is_async:
        body = node.child_by_field_name("body")
        if body is not None and body.type != "statement_block":
            return _value(body, consts, depth + 1)
        if body is not None:
            returns = [c for c in body.named_children if c.type == "return_statement"]
            if len(returns) == 1 and returns[0].named_children:
                return _value(returns[0].named_children[0], consts, depth + 1)
    return Opaque(" ".join(text(node).split()), line(node))


def _object(node: ts.Node, consts: dict[str, ts.Node], depth: int) -> JsObject:
    """An object literal's entries; spreads and computed keys are kept as Opaque."""
    entries: list[tuple[str, Any, int]] = []
    opaque: list[Opaque] = []
    for child in node.named_children:
        if child.type == "pair":
            key = child.child_by_field_name("key")
            value = child.child_by_field_name("value")
            if key is None or value is None:
                continue
            if key.type == "computed_property_name":
                opaque.append(Opaque(text(child), line(child)))
                continue
            name = (
                js_strings.decoded_string(key)
                if key.type in ("string", "template_string")
                else text(key)
            )
            if name is None:
                opaque.append(Opaque(text(child), line(child)))
                continue
            entries.append((name, _value(value, consts, depth), line(key)))
        elif child.type == "shorthand_property_identifier":
            name = text(child)
            target = consts.get(name)
            value = (
                _value(target, consts, depth + 1)
                if target is not None
                else Opaque(name, line(child))
            )
            entries.append((name, value, line(child)))
        elif child.type in ("spread_element", "method_definition"):
            opaque.append(Opaque(" ".join(text(child).split()), line(child)))
    return JsObject(tuple(entries), tuple(opaque), line(node))


def _top_consts(root: ts.Node) -> dict[str, ts.Node]:
    """Top-level ``const/let/var name = value`` initializers (the last one written wins)."""
    return {d.name: d.value for d in module_declarators(root) if d.value is not None}


def exported_object(path: str, data: bytes) -> JsObject | Opaque | None:
    """The value a JS/TS config module exports (``module.exports``/``export default``)."""
    root = _source(path, data).tree.root_node
    consts = _top_consts(root)
    exported: ts.Node | None = None
    for statement in root.named_children:
        if statement.type == "export_statement":
            value = statement.child_by_field_name("value")
            if value is None:
                value = next(
                    (
                        c
                        for c in statement.named_children
                        if c.type not in ("comment", "decorator")
                        and statement.child_by_field_name("declaration") != c
                    ),
                    None,
                )
            clause = value is not None and value.type == "export_clause"
            head = text(statement).split("=")[0].split("(")[0]
            if value is not None and not clause and "default" in head:
                exported = value
        elif statement.type == "expression_statement" and statement.named_children:
            expression = statement.named_children[0]
            if expression.type == "assignment_expression":
                left = text(expression.child_by_field_name("left"))
                if left in ("module.exports", "exports.default"):
                    exported = expression.child_by_field_name("right")
    if exported is None:
        # ``export { config as default }``: the exports reader says which local it is
        statements = [s for s in root.named_children if s.type == "export_statement"]
        named = exports_of(statements, root)
        local = next((n for n in sorted(named) if "default" in named[n] and n in consts), None)
        exported = consts[local] if local is not None else None
    if exported is None:
        return None
    value = _value(exported, consts)
    if isinstance(value, (JsObject, Opaque)):
        return value
    return Opaque(text(exported), line(exported))


def json_object(path: str, source: str, value: Any, keys: tuple[str, ...] = ()) -> Any:
    """A parsed JSON value as JsObject/tuples, each key with its line in ``source``."""
    if isinstance(value, dict):
        return JsObject(
            tuple(
                (k, json_object(path, source, v, (*keys, k)), json_key_line(source, (*keys, k)))
                for k, v in value.items()
            ),
            (),
            json_key_line(source, keys) if keys else 1,
        )
    if isinstance(value, list):
        return tuple(json_object(path, source, v, keys) for v in value)
    return value


def jest_config(view: RevisionView, folder: str, explicit: str | None = None) -> JsConfig:
    """Jest configuration of a package folder: ``--config`` path, config file, package.json."""

    def at(name: str) -> str:
        return posixpath.normpath(f"{folder}/{name}").lstrip("./") if folder else name

    candidates = [at(explicit)] if explicit else [at(n) for n in JEST_CONFIG_NAMES]
    for path in candidates:
        data = view.read(path)
        if data is None:
            continue
        if path.endswith(".json"):
            source = data.decode("utf-8", errors="replace")
            try:
                return JsConfig(path, json_object(path, source, json_loads(source)))
            except json.JSONDecodeError:
                return JsConfig(path, Opaque("invalid JSON", 1))
        return JsConfig(path, exported_object(path, data) or Opaque("no exported config", 1))
    package = at("package.json")
    source = view.text(package)
    if source is not None and not explicit:
        try:
            document = json_loads(source)
        except json.JSONDecodeError:
            return JsConfig(package, Opaque("invalid JSON", 1))
        if isinstance(document, dict) and isinstance(document.get("jest"), dict):
            return JsConfig(package, json_object(package, source, document["jest"], ("jest",)))
    return JsConfig(None, None)


def vitest_config(view: RevisionView, folder: str, explicit: str | None = None) -> JsConfig:
    """The ``test`` block of a folder's vitest.config.* or vite.config.*."""

    def at(name: str) -> str:
        return posixpath.normpath(f"{folder}/{name}").lstrip("./") if folder else name

    candidates = [at(explicit)] if explicit else [at(n) for n in VITEST_CONFIG_NAMES]
    for path in candidates:
        data = view.read(path)
        if data is None:
            continue
        value = exported_object(path, data)
        if isinstance(value, JsObject):
            block = value.get("test")
            if block is None:
                if value.opaque:
                    return JsConfig(path, value.opaque[0])
                return JsConfig(path, JsObject((), (), value.line))
            return JsConfig(
                path,
                block[0]
                if isinstance(block[0], (JsObject, Opaque))
                else Opaque(str(block[0]), block[1]),
            )
        return JsConfig(path, value or Opaque("no exported config", 1))
    return JsConfig(None, None)


@dataclass(frozen=True)
class JsTest:
    """A test case in a JS/TS file: id ``path::describe > name``, its full name and line."""

    id: str
    full_name: str
    line: int
    body: str = ""
    # What makes the test never run though it is still written, and where: ``it.todo`` in
    # its place, or a ``describe.skip`` around every test of the file; "" when it runs.
    not_run: str = ""
    not_run_line: int = 0


def _callback_digest(args: ts.Node | None) -> str:
    """A digest of a test's callback, whitespace-blind (a renamed test keeps it)."""
    if args is None or len(args.named_children) < 2:
        return ""
    body = " ".join(text(args.named_children[1]).split())
    return hashlib.sha256(body.encode()).hexdigest()[:16]


def _source(path: str, data: bytes) -> SourceFile:
    """One JS-family file read through the shared plumbing, its grammar by its extension."""
    return SourceFile(path, data, language_of(path) or "javascript")


def _title(declaration: Declaration) -> str:
    """A title as the run reports it: a computed one is known only by where it is written."""
    if declaration.literal_title:
        return declaration.name
    return f"<dynamic@{line(declaration.call)}>"


def _titles(declaration: Declaration) -> list[Declaration]:
    """The declaration and those enclosing it, outermost first."""
    chain: list[Declaration] = []
    current: Declaration | None = declaration
    while current is not None:
        chain.append(current)
        current = current.parent
    return chain[::-1]


def _skipped_suite(declaration: Declaration) -> str:
    """How a suite skips itself and all it holds, unconditionally (``describe.skip``,
    ``xdescribe``), or ""."""
    for how, conditional, _ in declaration.skips:
        prefixed = PREFIXED.get(how, ("", ""))[1] == "skip"
        if not conditional and (prefixed or how.endswith(".skip")):
            return how
    return ""


def _todo(declaration: Declaration) -> str:
    """``it.todo``: the test is written to be done later and never runs; else ""."""
    return next(
        (
            how
            for how, conditional, _ in declaration.skips
            if how.endswith(".todo") and not conditional
        ),
        "",
    )


@lru_cache(maxsize=4096)
def js_tests(path: str, data: bytes) -> tuple[JsTest, ...]:
    """Tests declared with test/it (describe nesting kept), in id order, as the file's
    declaration walk reads them."""
    found: list[JsTest] = []
    for test in collected_walk(_source(path, data)).tests:
        chain = _titles(test)
        titles = [_title(d) for d in chain]
        todo = _todo(test)
        skipped = next(((how, d) for d in chain[:-1] if (how := _skipped_suite(d))), None)
        not_run, not_run_line = "", 0
        if todo:
            not_run, not_run_line = todo, line(test.call)
        elif skipped is not None:
            not_run, not_run_line = skipped[0], line(skipped[1].call)
        found.append(
            JsTest(
                symbol_id(path, " > ".join(titles)),
                " ".join(titles),
                line(test.call),
                _callback_digest(test.call.child_by_field_name("arguments")),
                not_run,
                not_run_line,
            )
        )
    # A skipped describe counts as removing its tests only when it holds every test of the
    # file (the file skipped as a whole); a skipped group among running ones is a skip.
    whole = bool(found) and all(t.not_run for t in found)
    unique: dict[str, JsTest] = {}
    for test in found:
        if not whole and test.not_run and not test.not_run.endswith(".todo"):
            test = replace(test, not_run="", not_run_line=0)
        unique.setdefault(test.id, test)
    return tuple(sorted(unique.values(), key=lambda t: t.id))
