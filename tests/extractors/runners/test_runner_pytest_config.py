"""pytest's configuration found with pytest 9's precedence and read with the line of each key."""

from __future__ import annotations

from ralph_validate.extractors.runners.pytest_config import ConfigSetting, locate_pytest_config
from ralph_validate.extractors.runners.view import RevisionView


def _view(files: dict[str, str]) -> RevisionView:
    """A revision from a mapping (the form the caller may also give)."""
    return RevisionView({path: text.encode() for path, text in files.items()})


def test_pytest_toml_wins_over_pytest_ini_and_pyproject() -> None:
    view = _view(
        {
            "pytest.toml": '[pytest]\ntestpaths = ["a"]\n',
            "pytest.ini": "[pytest]\ntestpaths = b\n",
            "pyproject.toml": '[tool.pytest.ini_options]\ntestpaths = ["c"]\n',
        }
    )
    config = locate_pytest_config(view)
    assert (config.file, config.get("testpaths")) == (
        "pytest.toml",
        ConfigSetting("testpaths", ("a",), "pytest.toml", 2),
    )


def test_empty_pytest_ini_is_still_the_config_file() -> None:
    view = _view({"pytest.ini": "# nothing\n", "tox.ini": "[pytest]\naddopts = -x\n"})
    config = locate_pytest_config(view)
    assert (config.file, config.settings) == ("pytest.ini", ())


def test_pyproject_without_a_pytest_table_is_skipped_for_tox_ini() -> None:
    view = _view(
        {
            "pyproject.toml": "[project]\nname = 'x'\n",
            "tox.ini": "[tox]\n\n[pytest]\naddopts = -x -q\n",
        }
    )
    assert locate_pytest_config(view).get("addopts") == ConfigSetting(
        "addopts", ("-x", "-q"), "tox.ini", 4
    )


def test_setup_cfg_reads_only_the_tool_pytest_section() -> None:
    view = _view(
        {
            "setup.cfg": (
                "[metadata]\nname = x\n[tool:pytest]\npython_files =\n"
                "    check_*.py\n    *_check.py\n"
            ),
        }
    )
    assert locate_pytest_config(view).get("python_files") == ConfigSetting(
        "python_files", ("check_*.py", "*_check.py"), "setup.cfg", 4, (5, 6)
    )


def test_native_toml_table_of_pytest_9_keeps_arrays() -> None:
    view = _view(
        {
            "pyproject.toml": (
                '[project]\nname = "x"\n\n[tool.pytest]\naddopts = ["-k", "not slow thing"]\n'
            ),
        }
    )
    assert locate_pytest_config(view).get("addopts") == ConfigSetting(
        "addopts", ("-k", "not slow thing"), "pyproject.toml", 5
    )


def test_ini_options_string_is_split_like_a_command_line() -> None:
    view = _view(
        {
            "pyproject.toml": (
                "[tool.pytest.ini_options]\naddopts = \"-k 'not slow' --deselect=t.py::x\"\n"
            ),
        }
    )
    assert locate_pytest_config(view).get("addopts") == ConfigSetting(
        "addopts", ("-k", "not slow", "--deselect=t.py::x"), "pyproject.toml", 2
    )


def test_config_in_the_folder_named_by_the_arguments_is_found_first() -> None:
    view = _view(
        {
            "pytest.ini": "[pytest]\naddopts = -q\n",
            "backend/pytest.ini": "[pytest]\naddopts = -x\n",
            "backend/tests/test_a.py": "def test_a(): pass\n",
        }
    )
    config = locate_pytest_config(view, ("backend/tests",))
    assert (config.file, config.rootdir) == ("backend/pytest.ini", "backend")


def test_explicit_config_file_is_used() -> None:
    view = _view(
        {"pytest.ini": "[pytest]\naddopts = -q\n", "ci/pytest-ci.ini": "[pytest]\naddopts = -x\n"}
    )
    assert locate_pytest_config(view, (), "ci/pytest-ci.ini").get("addopts") == ConfigSetting(
        "addopts", ("-x",), "ci/pytest-ci.ini", 2
    )


def test_each_entry_of_a_multi_line_toml_array_keeps_its_own_line() -> None:
    view = _view(
        {
            "pyproject.toml": (
                "[tool.pytest.ini_options]\n"
                "addopts = [\n"
                '    "-ra",\n'
                '    "--deselect=tests/test_a.py::test_b",\n'
                "]\n"
            )
        }
    )
    setting = locate_pytest_config(view).get("addopts")
    assert setting is not None
    assert setting.line == 2
    assert [setting.line_of(i) for i in range(len(setting.values))] == [3, 4]


def test_each_word_of_ini_continuation_lines_keeps_its_own_line() -> None:
    view = _view({"pytest.ini": "[pytest]\naddopts =\n    -q\n    -k 'not slow'\n"})
    setting = locate_pytest_config(view).get("addopts")
    assert setting is not None
    assert setting.values == ("-q", "-k", "not slow")
    assert [setting.line_of(i) for i in range(3)] == [3, 4, 4]


def test_values_on_the_key_line_share_it() -> None:
    view = _view({"tox.ini": "[pytest]\naddopts = -x -q\n"})
    setting = locate_pytest_config(view).get("addopts")
    assert setting == ConfigSetting("addopts", ("-x", "-q"), "tox.ini", 2)
    assert setting.line_of(1) == 2
