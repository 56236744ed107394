"""Every fact read inside a JS/TS function names the same symbol for it: one definition
(``javascript/symbols.py``) of a function's name, qualified like Python's ``Class.method``."""

from __future__ import annotations

import pytest

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts import symbol_name

# Each function holds a catch (Handler, ErrorHandler), a literal binding (Binding) and an
# environment write (EnvWrite, RunnerProbe, RuntimePatch).
SOURCE = """
export const api = {
  load: async () => {
    try { const limit = 5; process.env.X = '1'; return limit; } catch (e) { }
  },
};
export const counter = (function () {
  try { const limit = 5; process.env.Y = '2'; return limit; } catch (e) { }
  return 1;
})();
class Svc {
  run = () => { try { const limit = 5; process.env.Z = '3'; return limit; } catch (e) { } };
  stop() { try { const limit = 5; process.env.S = '3'; return limit; } catch (e) { } }
}
exports.start = function () {
  try { const limit = 5; process.env.T = '4'; return limit; } catch (e) { }
};
function outer() {
  [1].forEach(() => { try { const limit = 5; process.env.U = '4'; return limit; } catch (e) { } });
}
export default function () { try { const limit = 5; process.env.W = '4'; } catch (e) {} }
"""

EXPECTED = {
    4: "api.load",
    8: "counter",
    12: "Svc.run",
    13: "Svc.stop",
    16: "start",
    19: "outer",
    21: "default",
}


@pytest.mark.parametrize("path", ["src/api.ts", "src/api.js"])
def test_every_fact_kind_names_the_same_symbol_for_a_function(path: str) -> None:
    facts = extract(path, SOURCE.encode()).facts
    seen: dict[int, dict[str, set[str]]] = {}
    for fact in facts:
        symbol = getattr(fact, "symbol", None)
        line = getattr(fact, "line", None)
        if symbol is None or line not in EXPECTED:
            continue
        seen.setdefault(line, {}).setdefault(type(fact).__name__, set()).add(symbol)
    for line, name in EXPECTED.items():
        kinds = seen.get(line, {})
        assert {"Handler", "Binding", "ErrorHandler", "EnvWrite"} <= set(kinds), (line, kinds)
        for kind, symbols in kinds.items():
            assert {symbol_name(s) for s in symbols} == {name}, (line, kind, symbols)
            assert all(s.startswith(f"{path}::") for s in symbols)


def test_module_level_code_has_no_symbol() -> None:
    source = "try { process.env.X = '1'; } catch (e) { }\n"
    facts = extract("src/boot.ts", source.encode()).facts
    symbols = {getattr(f, "symbol", None) for f in facts if getattr(f, "line", None) == 1}
    assert symbols - {None} == {""}
