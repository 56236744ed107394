"""Reads that cope with an absent field by themselves: ``d.get("k")`` and ``o.k?.x`` outside
a condition are checked reads; inside a condition they still decide a branch."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import Consumer, Read


def _reads(path: str, source: str) -> dict[tuple[str, ...], Read]:
    (consumer,) = [f for f in extract(path, source.encode()).facts if isinstance(f, Consumer)]
    return {r.path: r for r in consumer.reads}


def _checked(read: Read) -> int:
    return read.guarded if read.checked is None else read.checked


PY = "from app.orders import get_order\n\ndef f(i):\n    order = get_order(i)\n"


def test_python_get_without_default_returned_or_bound_is_checked() -> None:
    reads = _reads("app/a.py", PY + "    return order.get('coupon')\n")
    assert _checked(reads[("coupon",)]) == 1
    bound = _reads("app/b.py", PY + "    coupon = order.get('coupon')\n    return coupon\n")
    assert _checked(bound[("coupon",)]) == 1


def test_python_get_without_default_in_a_condition_is_not_checked() -> None:
    truth = _reads("app/c.py", PY + "    if order.get('rush'):\n        return 1\n")
    assert truth[("rush",)].guarded == 1 and _checked(truth[("rush",)]) == 0
    compared = _reads("app/d.py", PY + "    if order.get('state') == 'PAID':\n        return 1\n")
    assert _checked(compared[("state",)]) == 0


def test_python_subscript_is_not_checked() -> None:
    reads = _reads("app/e.py", PY + "    return order['coupon']\n")
    assert reads[("coupon",)].guarded == 0


TS = (
    "import { getOrder } from './orders';\n"
    "export async function f(id: string) {\n"
    "  const order: any = await getOrder(id);\n"
)


def test_ts_optional_chain_outside_a_condition_is_checked() -> None:
    reads = _reads("src/a.ts", TS + "  return order.coupon?.code;\n}\n")
    assert _checked(reads[("coupon", "code")]) == 2


def test_ts_optional_chain_in_a_condition_is_not_checked() -> None:
    compared = _reads(
        "src/b.ts", TS + "  if (order.coupon?.code === 'X') return 1;\n  return 0;\n}\n"
    )
    read = compared[("coupon", "code")]
    assert read.guarded >= 1 and _checked(read) == 0
    plain = _reads("src/c.ts", TS + "  return order.coupon.code;\n}\n")
    assert plain[("coupon", "code")].guarded == 0


def test_a_compared_get_or_optional_chain_is_not_checked_outside_a_condition() -> None:
    py = _reads("app/f.py", PY + "    return order.get('state') == 'PAID'\n")
    assert _checked(py[("state",)]) == 0
    ts = _reads("src/d.ts", TS + "  return order.shipping?.speed === 'express';\n}\n")
    assert _checked(ts[("shipping", "speed")]) == 0
