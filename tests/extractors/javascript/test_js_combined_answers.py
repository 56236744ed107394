"""JavaScript/TypeScript answers keyed by several inputs: ``&&``-ed comparisons keyed by
parameter, and switches or comparisons on a string joined from several names."""

from __future__ import annotations

import textwrap

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.impl import LiteralAnswer


def _answers(source: str, path: str = "src/calc.ts") -> list[tuple[int, str, tuple, str]]:
    facts = extract(path, textwrap.dedent(source).encode()).facts
    return sorted((f.line, f.key, f.keys, f.value) for f in facts if isinstance(f, LiteralAnswer))


def test_and_ed_comparisons_key_the_answer_by_each_parameter_in_order() -> None:
    found = _answers(
        """
        export function add(a: number, b: number): number {
          if (3 === b && a === 2) return 5;
          if (a === 1 && a === 4) return 0;
          return a + b;
        }
        """
    )
    assert found == [(3, "(n:2, n:3)", ("n:2", "n:3"), "n:5")]


def test_a_switch_on_a_joined_string_keys_each_case_by_its_literal() -> None:
    found = _answers(
        """
        function fare(zones, riders) {
          switch (`${zones}:${riders}`) {
            case '3:2':
              return 12;
          }
          if (zones + '|' + riders === '1|4') return 8;
          if ([zones, riders].join(',') === '2,2') return 8;
          return zones * riders * 2;
        }
        """,
        "lib/fares.js",
    )
    assert found == [
        (4, "s:3:2", (), "n:12"),
        (7, "s:1|4", (), "n:8"),
        (8, "s:2,2", (), "n:8"),
    ]


def test_a_switch_on_a_property_of_one_object_is_no_combination() -> None:
    found = _answers(
        """
        function label(item) {
          switch (`${item.kind}`) {
            case 'a':
              return 'A';
          }
          return '';
        }
        """,
        "lib/label.js",
    )
    assert found == []
