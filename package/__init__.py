"""ralph-validate: audit agent work against its spec; gate completion by fixed rules."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("ralph-validate")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+source"
