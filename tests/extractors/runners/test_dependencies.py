"""Which modules a revision's tests can import: declared distributions (under the module
they install), the repository's own packages and the standard library."""

from __future__ import annotations

from ralph_validate.extractors.runners.dependencies import (
    declared_distributions,
    importable_modules,
    module_key,
)
from ralph_validate.extractors.runners.view import RevisionView


def _view(files: dict[str, str]) -> RevisionView:
    return RevisionView({path: text.encode() for path, text in files.items()})


def test_every_manifest_declares_its_distributions() -> None:
    view = _view(
        {
            "requirements.txt": "requests>=2  # http\n-r requirements-dev.txt\n./vendored\n",
            "requirements/test.txt": "pytest-asyncio==0.23\n",
            "pyproject.toml": (
                '[project]\ndependencies = ["attrs"]\n'
                "[project.optional-dependencies]\nplot = [\"matplotlib; python_version>'3.9'\"]\n"
                '[dependency-groups]\ndev = ["ruff"]\n'
                '[tool.poetry.dependencies]\nclick = "^8"\n'
                '[tool.poetry.group.test.dependencies]\nfreezegun = "*"\n'
            ),
            "setup.cfg": (
                "[options]\ninstall_requires =\n    numpy>=1.24\n"
                "[options.extras_require]\nxml =\n    lxml\n"
            ),
            "setup.py": 'setup(install_requires=["rich"], extras_require={"s3": ["boto3>=1"]})\n',
            "Pipfile": '[packages]\nflask = "*"\n[dev-packages]\nfaker = "*"\n',
            "tox.ini": "[testenv]\ndeps =\n    pytest\n    py311: tomli-w\n",
        }
    )
    assert declared_distributions(view) == {
        "requests",
        "pytest-asyncio",
        "attrs",
        "matplotlib",
        "ruff",
        "click",
        "freezegun",
        "numpy",
        "lxml",
        "rich",
        "boto3",
        "flask",
        "faker",
        "pytest",
        "tomli-w",
    }


def test_modules_compare_by_their_top_level_name_in_any_spelling() -> None:
    view = _view(
        {
            "requirements.txt": "PyYAML\npytest-asyncio\nscikit-learn\npytest-xdist\n",
            "src/shop/__init__.py": "",
            "tools.py": "",
        }
    )
    modules = importable_modules(view)
    for name in ("yaml", "pytest_asyncio", "sklearn", "xdist", "shop.cart", "tools", "json"):
        assert module_key(name) in modules, name
    for name in ("hypothesis_money_ext", "numpy", "cart"):
        assert module_key(name) not in modules, name
