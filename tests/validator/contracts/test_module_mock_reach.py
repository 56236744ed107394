"""A test's module mock is checked against the consumers that test reaches, not every
consumer of the mocked module in the repository."""

from __future__ import annotations

import json

HOOK = """export function useUser() {
  return { user: { name: 'Ada' }, account: { id: 'acc-1' } };
}
"""
HEADER = """import { useUser } from '../hooks/useUser';
export function Header() {
  const data = useUser();
  return `<h1>${data.user.name}</h1>`;
}
"""
SIDEBAR = """import { useUser as currentUser } from "../hooks/useUser";
export const Sidebar = () => {
  const data = currentUser();
  return `<nav>${data.account.id}</nav>`;
};
"""
PAGE_TEST = """import { {component} } from '../src/pages/{component}';
jest.mock('../src/hooks/useUser', () => ({
  useUser: () => ({ user: { name: 'Test' } }),
}));
it('renders', () => {
  expect({component}()).toContain('<');
});
"""


def _repo(repo, page: str, renders: str) -> None:
    repo.commit(
        "feat: pages",
        {
            "src/hooks/useUser.js": HOOK,
            "src/components/Header.js": HEADER,
            "src/components/Sidebar.js": SIDEBAR,
            f"src/pages/{page}.js": (
                f"import {{ {renders} }} from '../components/{renders}';\n"
                f"export function {page}() {{\n  return `<main>${{{renders}()}}</main>`;\n}}\n"
            ),
            f"test/{page}.test.js": PAGE_TEST.replace("{component}", page),
        },
    )


def _drift(repo, validate) -> list[str]:
    out = repo.root.parent / "out"
    done = validate("--repo", repo.root, "--all", "--no-llm", "--out", out)
    assert done.returncode == 0, done.stderr
    data = json.loads((out / "validation-report.json").read_text())
    return sorted(
        f"{f['file']}:{f['line']} {f['message']}"
        for f in data["findings"]
        if f["kind"] == "contract.mock-drift"
    )


def test_a_hook_mock_is_not_checked_against_a_component_the_test_never_renders(
    repo, validate
) -> None:
    _repo(repo, "Home", "Header")
    assert _drift(repo, validate) == []


def test_a_hook_mock_that_lacks_what_a_rendered_component_reads_is_drift(repo, validate) -> None:
    _repo(repo, "Account", "Sidebar")
    assert _drift(repo, validate) == [
        "test/Account.test.js:3 ../src/hooks/useUser#useUser (mock, test/Account.test.js:3)"
        " -> src/components/Sidebar.js::Sidebar: the mock lacks account.id, the real"
        " src/hooks/useUser.js::useUser writes it"
    ]


def test_an_import_that_does_not_resolve_keeps_every_consumer_checked(repo, validate) -> None:
    _repo(repo, "Home", "Header")
    repo.commit(
        "test: a helper that is not committed",
        {
            "test/Home.test.js": "import './missing-setup';\n"
            + PAGE_TEST.replace("{component}", "Home")
        },
    )
    assert [d.split(" ", 1)[0] for d in _drift(repo, validate)] == ["test/Home.test.js:4"]
