"""A factory called where it is written is named by what its call is bound to, for every
fact read inside it (the adapter's ``function_name``), not only for the state flips."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import SourceFile
from ralph_validate.extractors.common.treesitter import walk
from ralph_validate.extractors.javascript.adapter import symbol_at

SOURCE = b"""
const counter = (function () {
  let done = false;
  return () => { if (done) { return 1; } done = true; return 0; };
})();
const later = run(() => { let seen = 0; });
"""


def _symbol_of(name: str) -> str:
    source = SourceFile("src/counter.js", SOURCE, "javascript")
    [node] = [
        n
        for n in walk(source.tree.root_node)
        if n.type == "variable_declarator" and n.child_by_field_name("name").text == name.encode()
    ]
    return symbol_at("src/counter.js", node)


def test_a_factory_called_in_place_names_what_is_read_inside_it() -> None:
    assert _symbol_of("done") == "src/counter.js::counter"


def test_a_function_passed_to_a_call_takes_no_name_from_the_result() -> None:
    assert _symbol_of("seen") == ""
