"""Mocha's rc files (``.mocharc.*``): the names Mocha looks for, and their settings.

An rc file is a JS module exporting an object, or a JSON (with ``//`` comments) or YAML
document; which one is decided by its extension, as Mocha itself does.
"""

from __future__ import annotations

import json
import re

import yaml

from ...core.bounded import json_loads, yaml_load
from .js_config import JsObject, Opaque, exported_object, json_object
from .view import RevisionView

# The rc files Mocha reads, in its order of preference.
MOCHARC_NAMES = (
    ".mocharc.js",
    ".mocharc.cjs",
    ".mocharc.mjs",
    ".mocharc.yaml",
    ".mocharc.yml",
    ".mocharc.jsonc",
    ".mocharc.json",
)


def mocharc_settings(view: RevisionView, path: str) -> JsObject | Opaque | None:
    """An rc file's settings: a JS module's export, or a JSON/YAML document."""
    data = view.read(path)
    if data is None:
        return None
    if path.endswith((".js", ".cjs", ".mjs")):
        return exported_object(path, data) or Opaque("no exported config", 1)
    source = data.decode("utf-8", errors="replace")
    try:
        if path.endswith((".yaml", ".yml")):
            document = yaml_load(source)
        else:
            document = json_loads(re.sub(r"^\s*//.*$", "", source, flags=re.MULTILINE))
    except (json.JSONDecodeError, yaml.YAMLError):
        return Opaque("unreadable configuration", 1)
    if not isinstance(document, dict):
        return Opaque("not a mapping", 1)
    return json_object(path, source, document)
