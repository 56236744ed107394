"""pytest's command line (addopts first, then the command's own arguments) read into options."""

from __future__ import annotations

from dataclasses import dataclass, field

from .model import Cause

# Options that take a value (pytest and the plugins commonly found in CI commands).
_VALUE_SHORT = frozenset("kmpcoWrn")
_VALUE_LONG = frozenset(
    {
        "--deselect",
        "--ignore",
        "--ignore-glob",
        "--config-file",
        "--rootdir",
        "--confcutdir",
        "--basetemp",
        "--override-ini",
        "--maxfail",
        "--tb",
        "--durations",
        "--durations-min",
        "--import-mode",
        "--capture",
        "--junitxml",
        "--junit-xml",
        "--junit-prefix",
        "--log-level",
        "--log-format",
        "--log-file",
        "--log-file-level",
        "--log-cli-level",
        "--log-date-format",
        "--color",
        "--code-highlight",
        "--pythonwarnings",
        "--doctest-glob",
        "--doctest-report",
        "--lfnf",
        "--last-failed-no-failures",
        "--cov",
        "--cov-report",
        "--cov-config",
        "--cov-fail-under",
        "--cov-context",
        "--numprocesses",
        "--dist",
        "--maxprocesses",
        "--timeout",
        "--timeout-method",
        "--reruns",
        "--reruns-delay",
        "--html",
        "--css",
        "--json-report-file",
        "--randomly-seed",
        "--alluredir",
        "--splits",
        "--group",
        "--splitting-algorithm",
        "--ds",
        "--dc",
        "--base-url",
        "--driver",
        "--browser",
        "--count",
        "--repeat-scope",
        "--asyncio-mode",
        "--hypothesis-profile",
        "--hypothesis-seed",
        "--hypothesis-verbosity",
        "--benchmark-json",
        "--benchmark-save",
        "--benchmark-compare",
        "--only-rerun",
        "--rerun-except",
        "--report-log",
        "--tx",
        "--rsyncdir",
        "--debug-mode",
        "--verbosity",
        "--strict-config-file",
        "--keyword",
        "--markers-expression",
    }
)
_LONG_ALIASES = {"--keyword": "-k", "--override-ini": "-o", "--config-file": "-c"}
# Options after which pytest runs no test at all and exits 0.
NO_RUN = frozenset(
    {
        "--co",
        "--collect-only",
        "--collectonly",
        "--setup-only",
        "--setup-plan",
        "--fixtures",
        "--funcargs",
        "--fixtures-per-test",
        "--markers",
        "--version",
        "-V",
        "--help",
        "-h",
        "--help-ini",
    }
)
# Options whose selection depends on a cache the model does not see.
CACHE_DEPENDENT = frozenset(
    {
        "--lf",
        "--last-failed",
        "--sw",
        "--stepwise",
        "--sw-skip",
        "--stepwise-skip",
        "--nf",
        "--new-first",
    }
)


@dataclass(frozen=True)
class Arg:
    """One command-line word and where it is written."""

    value: str
    file: str
    line: int


@dataclass
class PytestOptions:
    """The options of one pytest run that decide which tests run and whether it can fail."""

    positional: list[Cause] = field(default_factory=list)
    ignore: list[Cause] = field(default_factory=list)
    ignore_glob: list[Cause] = field(default_factory=list)
    deselect: list[Cause] = field(default_factory=list)
    keyword: Cause | None = None
    markexpr: Cause | None = None
    no_plugins: list[Cause] = field(default_factory=list)
    overrides: dict[str, Cause] = field(default_factory=dict)
    config_file: Cause | None = None
    no_run: list[Cause] = field(default_factory=list)
    cache_dependent: list[Cause] = field(default_factory=list)
    cov_fail_under: Cause | None = None
    collect_in_virtualenv: bool = False


def _apply(options: PytestOptions, name: str, value: str, where: Arg) -> None:
    """Record option ``name`` with ``value`` (None-free: flags get '')."""
    cause = Cause(name, value, where.file, where.line)
    if name in NO_RUN:
        options.no_run.append(cause)
    elif name in CACHE_DEPENDENT:
        options.cache_dependent.append(cause)
    elif name == "--ignore":
        options.ignore.append(cause)
    elif name == "--ignore-glob":
        options.ignore_glob.append(cause)
    elif name == "--deselect":
        options.deselect.append(cause)
    elif name == "-k":
        options.keyword = cause
    elif name in ("-m", "--markers-expression"):
        options.markexpr = Cause("-m", value, where.file, where.line)
    elif name == "-p" and value.startswith("no:"):
        options.no_plugins.append(cause)
    elif name == "-o":
        key, _, setting = value.partition("=")
        options.overrides[key.strip()] = Cause(f"-o {key.strip()}", setting, where.file, where.line)
    elif name == "-c":
        options.config_file = cause
    elif name == "--cov-fail-under":
        options.cov_fail_under = cause
    elif name == "--collect-in-virtualenv":
        options.collect_in_virtualenv = True


def parse_pytest_args(args: list[Arg]) -> PytestOptions:
    """Read pytest's arguments as argparse would (attached values, bundled short flags)."""
    options = PytestOptions()
    index = 0
    only_positional = False
    while index < len(args):
        word = args[index]
        value = word.value
        index += 1
        if only_positional or not value.startswith("-") or value == "-":
            options.positional.append(Cause("path", value, word.file, word.line))
            continue
        if value == "--":
            only_positional = True
            continue
        if value.startswith("--"):
            name, has_value, attached = value.partition("=")
            if name in _VALUE_LONG and not has_value:
                attached = args[index].value if index < len(args) else ""
                index += 1
            _apply(options, _LONG_ALIASES.get(name, name), attached, word)
            continue
        letters = value[1:]
        for position, letter in enumerate(letters):
            if letter in _VALUE_SHORT:
                attached = letters[position + 1 :]
                if not attached:
                    attached = args[index].value if index < len(args) else ""
                    index += 1
                _apply(options, f"-{letter}", attached, word)
                break
            _apply(options, f"-{letter}", "", word)
    return options
