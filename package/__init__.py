"""ralph-validate: audit agent work against its spec; gate completion by fixed rules."""

from importlib import import_module

# core/ installs as ralph_validate.core but is not this file's sibling in a source
# checkout, so the version is looked up by module name rather than imported relatively.
__version__: str = import_module(f"{__name__}.core.version").__version__
