"""An import through a tsconfig path alias, and a ``jest.mock`` of the same alias, reach the
producer's file."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.validator.checks.contracts import answers_of

TSCONFIG = """{
  // Next.js style
  "compilerOptions": {
    "baseUrl": ".",
    /* the alias */
    "paths": { "@/*": ["src/*"], "@api": ["src/api/index.ts"], },
  },
}
"""


def test_an_aliased_import_and_its_mock_reach_the_producer() -> None:
    files = {
        "web/tsconfig.json": TSCONFIG,
        "web/src/api/user.ts": (
            "export async function getUser(id: string) {\n"
            "  return { id, profile: { displayName: 'Ann' } };\n"
            "}\n"
        ),
        "web/src/ui/header.ts": (
            "import { getUser } from '@/api/user';\n"
            "export async function header(id: string) {\n"
            "  const user = await getUser(id);\n"
            "  return user.profile.display_name;\n"
            "}\n"
        ),
        "web/test/header.test.ts": (
            "import { header } from '../src/ui/header';\n"
            "import { getUser } from '@/api/user';\n"
            "jest.mock('@/api/user');\n"
            "test('h', async () => {\n"
            "  (getUser as jest.Mock).mockResolvedValue({ profile: { display_name: 'A' } });\n"
            "  expect(await header('1')).toBe('A');\n"
            "});\n"
        ),
    }
    answers = answers_of(extract(p, t.encode()) for p, t in sorted(files.items()))
    fails = sorted(
        (a.row.question, a.row.location.file, a.row.location.line)
        for a in answers
        if a.row.status.value == "FAIL"
    )
    assert (2, "web/src/ui/header.ts", 4) in fails
    assert (1, "web/test/header.test.ts", 5) in fails
