"""A function's declared result type stands for the literal it does not return."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import Producer
from ralph_validate.validator.contracts.shape import Presence, lookup


def _facts(path: str, source: str, kind: type) -> list:
    return [f for f in extract(path, source.encode()).facts if isinstance(f, kind)]


def test_a_declared_result_type_of_this_file_stands_for_a_missing_literal() -> None:
    source = (
        "interface Line { sku: string; cents: number }\n"
        "export interface Invoice extends Base {\n"
        "  lines: Line[]; amountDue: number; paidAt?: string }\n"
        "interface Base { invoiceId: string }\n"
        "type Page<T> = { items: T[] };\n"
        "import type { Remote } from './remote';\n"
        "export async function load(id: string): Promise<Invoice> { return db.get(id); }\n"
        "async function hidden(id: string): Promise<Invoice> { return db.get(id); }\n"
        "export const page = async (): Promise<Page<Line>> => db.page();\n"
        "export function remote(): Remote { return db.remote(); }\n"
        "export function literal(): Invoice {\n"
        "  return { invoiceId: 'i', lines: [], amountDue: 0 };\n"
        "}\n"
    )
    producers = {p.name: p for p in _facts("src/invoice.ts", source, Producer)}
    shape = producers["load"].shape
    assert lookup(shape, ("lines", "0", "cents")).presence is Presence.PRESENT
    assert lookup(shape, ("invoiceId",)).presence is Presence.PRESENT
    assert lookup(shape, ("paidAt",)).presence is Presence.PRESENT
    assert lookup(shape, ("amount_due",)).presence is Presence.ABSENT
    assert producers["load"].declared == "Promise<Invoice>"
    assert lookup(producers["hidden"].shape, ("amountDue",)).presence is Presence.PRESENT
    assert producers["page"].shape.kind == "unknown"
    assert producers["remote"].shape.kind == "unknown"
    assert lookup(producers["literal"].shape, ("paidAt",)).presence is Presence.ABSENT
