"""Build in a temporary folder: no ``build/`` copy of the sources is left in the checkout,
where editors and static tools would find two definitions of every module.

Everything else is declared in pyproject.toml."""

import atexit
import shutil
import tempfile

from setuptools import setup

_scratch = tempfile.mkdtemp(prefix="ralph-validate-build-")
atexit.register(shutil.rmtree, _scratch, ignore_errors=True)
setup(options={"build": {"build_base": _scratch}, "egg_info": {"egg_base": _scratch}})
