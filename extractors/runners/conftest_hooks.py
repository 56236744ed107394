"""What a conftest hook does to the items it is given, read as facts: each effect and the
condition on the item under which it happens.

An effect is ``removes`` (the item leaves ``items``: ``items.remove``, a filtering slice
assignment, ``del``; ``pytest_ignore_collect`` returning true), ``skips`` (a skip or xfail
marker added, ``pytest.skip``/``pytest.xfail`` called), ``marks`` (another marker added,
which a ``-m`` expression may read) or ``opaque`` (anything else that can change what
runs or how it ends: an item handed to unknown code, an attribute of a hook argument or
report assigned, a result forced, a non-None result of a hook whose result pytest uses).
A hook with no effect provably leaves every item running: setting environment variables,
reading options, adding a marker that no expression selects.

The condition is a ``hook_conditions`` tree. ``guarded`` says the effect sits
under a condition not about the item (an option, the platform), or is a ``skipif`` whose
condition is not a literal. An early ``return`` guarded by an option is not a condition:
the run the configuration describes does not pass the option.
"""

from __future__ import annotations

from dataclasses import dataclass

import tree_sitter as ts

from ..common.treesitter import line_of as line
from ..common.treesitter import text
from ..python import strings as py_strings
from ..python.model import PythonModel, definition_of
from .hook_conditions import TRUE, UNKNOWN, Condition, both, item_condition, unwrap

# Hooks whose result pytest uses: a non-None result changes collection or the run.
_RESULT_HOOKS = frozenset(
    {
        "pytest_collect_file",
        "pytest_collect_directory",
        "pytest_pycollect_makeitem",
        "pytest_pycollect_makemodule",
        "pytest_pyfunc_call",
        "pytest_runtest_protocol",
        "pytest_report_teststatus",
        "pytest_collection",
        "pytest_cmdline_main",
        "pytest_cmdline_parse",
    }
)
_PATH_PARAMS = frozenset({"collection_path", "path", "fspath", "file_path"})
_SKIP_MARKS = frozenset({"skip", "xfail"})
_HARMLESS_CALLEES = frozenset(
    {
        "isinstance",
        "str",
        "repr",
        "len",
        "list",
        "tuple",
        "sorted",
        "enumerate",
        "print",
        "getattr",
        "hasattr",
        "id",
        "type",
        "iter",
        "reversed",
        "any",
        "all",
    }
)
_ITEM_METHODS_HARMLESS = frozenset(
    {"get_closest_marker", "iter_markers", "get_marker", "listextrakeywords", "reportinfo"}
)


@dataclass(frozen=True)
class HookEffect:
    """One thing a hook does that may change whether an item runs, and for which items."""

    kind: str
    line: int
    condition: Condition = TRUE
    guarded: bool = False
    markers: tuple[str, ...] = ()


class _Hook:
    """The reading of one hook function."""

    def __init__(
        self, name: str, function: ts.Node, aliases: dict[str, str], module: dict[str, ts.Node]
    ) -> None:
        self.name = name
        self.aliases = aliases
        params = function.child_by_field_name("parameters")
        self.params = {_param_name(p) for p in (params.named_children if params else [])}
        self.items = {"items"} & self.params
        self.paths = _PATH_PARAMS & self.params if name == "pytest_ignore_collect" else set()
        self.locals: dict[str, ts.Node] = dict(module)
        self.effects: list[HookEffect] = []
        body = function.child_by_field_name("body")
        if body is not None:
            self._bind_locals(body)
            self._block(body, TRUE, False, {"item"} & self.params)

    # Local names bound once to an expression: a marker kept in a variable.
    def _bind_locals(self, body: ts.Node) -> None:
        counts: dict[str, int] = {}
        stack = [body]
        while stack:
            node = stack.pop()
            stack.extend(node.named_children)
            if node.type == "assignment":
                left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
                if left is not None and left.type == "identifier" and right is not None:
                    counts[text(left)] = counts.get(text(left), 0) + 1
                    self.locals[text(left)] = right
        for name, count in counts.items():
            if count > 1:
                self.locals.pop(name, None)

    def _add(self, kind: str, at: ts.Node, cond: Condition, guarded: bool, **extra: object) -> None:
        self.effects.append(HookEffect(kind, line(at), cond, guarded, **extra))  # type: ignore[arg-type]

    def _block(self, block: ts.Node, cond: Condition, guarded: bool, items: set[str]) -> None:
        for statement in block.named_children:
            self._statement(statement, cond, guarded, items)

    def _statement(self, node: ts.Node, cond: Condition, guarded: bool, items: set[str]) -> None:
        kind = node.type
        if kind == "if_statement":
            self._if(node, cond, guarded, items)
        elif kind == "for_statement":
            self._for(node, cond, guarded, items)
        elif kind == "return_statement":
            self._return(node, cond, guarded, items)
        elif kind == "delete_statement":
            if any(text(t).split("[")[0].split(".")[0] in self.items for t in node.named_children):
                self._add("removes", node, UNKNOWN, guarded)
        elif kind in ("expression_statement",):
            for child in node.named_children:
                self._expression(child, cond, guarded, items)
        elif kind in ("function_definition", "class_definition", "decorated_definition"):
            self._nested(node)
        else:
            for child in node.named_children:
                if child.type == "block" or child.type.endswith("_clause"):
                    self._block_like(child, cond, guarded, items)
                elif child.type in ("expression_statement", "if_statement", "for_statement"):
                    self._statement(child, cond, guarded, items)
                else:
                    self._expression(child, cond, guarded, items)

    def _block_like(self, node: ts.Node, cond: Condition, guarded: bool, items: set[str]) -> None:
        for child in node.named_children:
            if child.type == "block":
                self._block(child, cond, guarded, items)
            elif child.type.endswith("_clause"):
                self._block_like(child, cond, guarded, items)
            elif node.type == "block":
                self._statement(child, cond, guarded, items)
            else:
                self._expression(child, cond, guarded, items)

    def _nested(self, node: ts.Node) -> None:
        """A function defined in the hook: what it does may happen to any item."""
        body = definition_of(node).child_by_field_name("body")
        if body is not None:
            self._block(body, UNKNOWN, True, set())

    def _if(self, node: ts.Node, cond: Condition, guarded: bool, items: set[str]) -> None:
        test = node.child_by_field_name("condition")
        here = self._condition(test, items) if test is not None else UNKNOWN
        about_item = here is not None
        body = node.child_by_field_name("consequence")
        if body is not None:
            inner = both(cond, here) if about_item else cond
            self._block(body, inner, guarded or not about_item, items)
        rest = ("not", here) if about_item else None
        for alternative in node.children_by_field_name("alternative"):
            if alternative.type == "elif_clause":
                test = alternative.child_by_field_name("condition")
                more = self._condition(test, items) if test is not None else UNKNOWN
                block = alternative.child_by_field_name("consequence")
                if block is not None:
                    taken = both(rest, more) if rest is not None and more is not None else None
                    self._block(
                        block,
                        both(cond, taken) if taken is not None else cond,
                        guarded or taken is None,
                        items,
                    )
                rest = both(rest, ("not", more)) if rest is not None and more is not None else None
            else:
                block = alternative.child_by_field_name("body")
                if block is not None:
                    self._block(
                        block,
                        both(cond, rest) if rest is not None else cond,
                        guarded or rest is None,
                        items,
                    )

    def _for(self, node: ts.Node, cond: Condition, guarded: bool, items: set[str]) -> None:
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        body = node.child_by_field_name("body")
        loop_items = set(items)
        if left is not None and right is not None and self._iterates_items(right):
            names = [left] if left.type == "identifier" else list(left.named_children)
            if names and names[-1].type == "identifier":
                loop_items.add(text(names[-1]))
        if body is not None:
            self._block(body, cond, guarded, loop_items)
        alternative = node.child_by_field_name("alternative")
        if alternative is not None:
            self._block_like(alternative, cond, guarded, items)

    def _iterates_items(self, node: ts.Node) -> bool:
        node = unwrap(node)
        if node.type == "identifier":
            return text(node) in self.items or text(node) == "items"
        if node.type == "call":
            args = node.child_by_field_name("arguments")
            inner = args.named_children if args is not None else []
            return bool(inner) and self._iterates_items(inner[0])
        if node.type == "subscript":
            value = node.child_by_field_name("value")
            return value is not None and self._iterates_items(value)
        if node.type == "attribute":
            return text(node.child_by_field_name("attribute")) in ("items", "copy")
        return False

    def _return(self, node: ts.Node, cond: Condition, guarded: bool, items: set[str]) -> None:
        value = node.named_children[0] if node.named_children else None
        if value is None or text(value) == "None":
            return
        if self.name == "pytest_ignore_collect":
            if text(value) == "False":
                return
            literal = text(value) == "True"
            self._add("removes", node, cond if literal else UNKNOWN, guarded)
        elif self.name in _RESULT_HOOKS:
            self._add("opaque", node, UNKNOWN, guarded)
        self._expression(value, cond, guarded, items)

    def _condition(self, node: ts.Node, items: set[str]) -> Condition | None:
        return item_condition(node, items, self.paths)

    def _canonical(self, dotted: str) -> str:
        """``dotted`` with an imported alias spelled out (``m.skip`` -> ``pytest.mark.skip``)."""
        head, dot, rest = dotted.partition(".")
        return self.aliases.get(head, head) + dot + rest

    # -- expressions -------------------------------------------------------------------

    def _expression(self, node: ts.Node, cond: Condition, guarded: bool, items: set[str]) -> None:
        if node.type == "assignment" or node.type == "augmented_assignment":
            self._assignment(node, cond, guarded, items)
            return
        if node.type == "call" and self._call(node, cond, guarded, items):
            return
        if node.type == "lambda":
            body = node.child_by_field_name("body")
            if body is not None:
                self._expression(body, UNKNOWN, True, set())
            return
        for child in node.named_children:
            self._expression(child, cond, guarded, items)

    def _assignment(self, node: ts.Node, cond: Condition, guarded: bool, items: set[str]) -> None:
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        if right is not None:
            self._expression(right, cond, guarded, items)
        if left is None or left.type == "identifier" or left.type == "pattern_list":
            return
        root = text(left).split(".")[0].split("[")[0].strip()
        if left.type == "subscript" and root in self.items:
            self._slice_assignment(node, left, right, cond, guarded)
            return
        if root == "os" or (root in self.locals and self._fresh(self.locals[root])):
            return
        self._add("opaque", node, UNKNOWN, guarded)

    def _fresh(self, value: ts.Node) -> bool:
        """A local bound to a literal container or value: assigning into it touches nothing."""
        return value.type in ("dictionary", "list", "set", "tuple", "string", "integer")

    def _slice_assignment(
        self,
        node: ts.Node,
        left: ts.Node,
        right: ts.Node | None,
        cond: Condition,
        guarded: bool,
    ) -> None:
        whole = text(left.child_by_field_name("subscript")).replace(" ", "") in (":", "")
        value = unwrap(right) if right is not None else None
        if whole and value is not None and value.type == "list_comprehension":
            keeps = self._comprehension_keeps(value)
            if keeps is not None:
                self._add("removes", node, both(cond, ("not", keeps)), guarded)
                return
        self._add("removes", node, UNKNOWN, guarded)

    def _comprehension_keeps(self, node: ts.Node) -> Condition | None:
        """The condition under which ``[i for i in items if …]`` keeps an item (None: the
        comprehension is not a filter of the items)."""
        clauses = [c for c in node.named_children if c.type == "for_in_clause"]
        body = node.child_by_field_name("body")
        if len(clauses) != 1 or body is None:
            return None
        left, right = (
            clauses[0].child_by_field_name("left"),
            clauses[0].child_by_field_name("right"),
        )
        if left is None or right is None or left.type != "identifier":
            return None
        if text(body) != text(left) or not self._iterates_items(right):
            return None
        keeps: Condition = TRUE
        for clause in node.named_children:
            if clause.type == "if_clause" and clause.named_children:
                here = self._condition(clause.named_children[0], {text(left)})
                keeps = both(keeps, here if here is not None else UNKNOWN)
        return keeps

    def _call(self, node: ts.Node, cond: Condition, guarded: bool, items: set[str]) -> bool:
        """Record the call's effect; True when its arguments need no further reading."""
        callee = node.child_by_field_name("function")
        called = self._canonical(text(callee))
        parts = called.split(".")
        last = parts[-1]
        args = node.child_by_field_name("arguments")
        arguments = list(args.named_children) if args is not None else []
        owner = ".".join(parts[:-1])
        if last in ("add_marker", "applymarker"):
            target = cond if owner in items else UNKNOWN
            self._marker(node, arguments[0] if arguments else None, target, guarded)
            return True
        if last in _SKIP_MARKS and owner == "pytest":
            self._add("skips", node, cond, guarded)
            return True
        if called == "pytest.exit" or last in ("force_result", "force_exception"):
            self._add("opaque", node, UNKNOWN, guarded)
            return True
        if last == "parametrize" and owner.endswith("metafunc"):
            self._add("opaque", node, UNKNOWN, guarded)
            return True
        if owner in self.items:
            if last in ("remove", "__delitem__"):
                this = text(arguments[0]) if arguments else ""
                self._add("removes", node, cond if this in items else UNKNOWN, guarded)
            elif last in ("pop", "clear"):
                self._add("removes", node, TRUE if last == "clear" else UNKNOWN, guarded)
            return last in ("remove", "__delitem__", "pop", "clear", "sort", "reverse")
        if last == "pytest_deselected":
            return True  # a notification: the items leave only when ``items`` changes
        if owner in items and last in _ITEM_METHODS_HARMLESS:
            return True
        if called not in _HARMLESS_CALLEES:
            for argument in arguments:
                value = argument.child_by_field_name("value") or argument
                if text(value) in self.params | items and text(value) != "config":
                    self._add("opaque", node, UNKNOWN, guarded)
                    break
        return False

    def _marker(self, at: ts.Node, mark: ts.Node | None, cond: Condition, guarded: bool) -> None:
        """What adding ``mark`` does: a skip, another marker, or unknown."""
        if mark is None:
            self._add("opaque", at, UNKNOWN, guarded)
            return
        if mark.type == "keyword_argument":
            mark = mark.child_by_field_name("value")
        seen = 0
        while mark is not None and mark.type == "identifier" and text(mark) in self.locals:
            mark, seen = self.locals[text(mark)], seen + 1
            if seen > 8:
                break
        if mark is None:
            self._add("opaque", at, UNKNOWN, guarded)
            return
        literal = py_strings.decoded_string(mark)
        if literal is not None:
            name = literal
            arguments: list[ts.Node] = []
        else:
            callee = mark.child_by_field_name("function") if mark.type == "call" else mark
            parts = self._canonical(text(callee).replace(" ", "")).split(".")
            if len(parts) < 2 or parts[-2] != "mark":
                self._add("opaque", at, UNKNOWN, guarded)
                return
            name = parts[-1]
            args = mark.child_by_field_name("arguments") if mark.type == "call" else None
            arguments = list(args.named_children) if args is not None else []
        if name in _SKIP_MARKS:
            self._add("skips", at, cond, guarded)
        elif name == "skipif":
            positional = [a for a in arguments if a.type != "keyword_argument"]
            condition = text(positional[0]) if positional else ""
            if condition in ("False", "0", "None"):
                return
            self._add("skips", at, cond, guarded or condition not in ("True", "1"))
        else:
            self._add("marks", at, cond, guarded, markers=(name,))


def _param_name(node: ts.Node) -> str:
    """A parameter's name, however it is written (``item``, ``item: Item``, ``x=None``)."""
    if node.type == "identifier":
        return text(node)
    named = node.child_by_field_name("name")
    if named is not None:
        return text(named)
    first = next((c for c in node.named_children if c.type == "identifier"), None)
    return text(first)


def pytest_aliases(model: PythonModel) -> dict[str, str]:
    """Local names the module binds to pytest or its parts, from its semantic model:
    ``import pytest as pt`` (pt -> pytest), ``from pytest import mark as m`` (m ->
    pytest.mark), ``from pytest import skip``."""
    return {
        b.local: b.qualified
        for b in model.imports
        if b.qualified == "pytest" or b.qualified.startswith("pytest.")
    }


def module_bindings(module: ts.Node) -> dict[str, ts.Node]:
    """Names the module assigns exactly once at its top level, with their values (a skip
    marker kept in a constant)."""
    found: dict[str, ts.Node] = {}
    seen: dict[str, int] = {}
    for statement in module.named_children:
        if statement.type != "expression_statement" or not statement.named_children:
            continue
        child = statement.named_children[0]
        if child.type != "assignment":
            continue
        left, right = child.child_by_field_name("left"), child.child_by_field_name("right")
        if left is not None and left.type == "identifier" and right is not None:
            seen[text(left)] = seen.get(text(left), 0) + 1
            found[text(left)] = right
    return {name: value for name, value in found.items() if seen[name] == 1}


def hook_effects(
    name: str,
    function: ts.Node,
    aliases: dict[str, str] | None = None,
    module: dict[str, ts.Node] | None = None,
) -> tuple[HookEffect, ...]:
    """Every effect of one hook function on the items it is given, in source order
    (``aliases``: the module's ``pytest_aliases``; ``module``: its ``module_bindings``)."""
    effects = _Hook(name, function, aliases or {}, module or {}).effects
    return tuple(sorted(effects, key=lambda e: (e.line, e.kind)))
