"""Contract facts of JSON and YAML files: ASL definitions, templates (SAM/CloudFormation,
Serverless Framework), Step Functions Local mocks.

Most JSON/YAML files in a repository are none of these (package manifests,
lock files, CI config); a byte test for the keys that identify the three kinds
keeps them from being parsed at all.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from ..common.dispatch import SourceFile, register
from ..common.languages import extensions
from ..facts.contracts import Fact, StateMachine
from . import asl, cfn_yaml, sfn_mocks, templates

_HINTS = (b"StartAt", b"MockedResponses", b"Resources", b"stepFunctions")


def machine_name(path: str) -> str:
    """The name an ASL file gives its machine: the file name without ``.asl.json`` etc."""
    name = PurePosixPath(path).name
    for suffix in (".asl.json", ".asl.yaml", ".asl.yml", ".json", ".yaml", ".yml"):
        if name.lower().endswith(suffix):
            return name[: -len(suffix)]
    return name


def extract_documents(source: SourceFile) -> tuple[Fact, ...]:
    """Contract facts of one JSON or YAML file."""
    if not any(hint in source.data for hint in _HINTS):
        return ()
    doc = cfn_yaml.load(source.text, json_text=source.path.lower().endswith(".json"))
    if not isinstance(doc, cfn_yaml.PMap):
        return ()
    facts: list[Fact] = []
    found = asl.machine(doc)
    if found is not None:
        name = machine_name(source.path)
        facts.append(
            StateMachine(
                file=source.path, line=doc.line, symbol=name, name=name, machine=found, source="asl"
            )
        )
    if sfn_mocks.is_mock_config(doc):
        facts.extend(sfn_mocks.mock_facts(source.path, doc))
    if templates.is_template(doc):
        facts.extend(templates.template_facts(source.path, doc))
    if templates.is_serverless(doc):
        facts.extend(templates.serverless_facts(source.path, doc))
    return tuple(facts)


register("json", extensions("json"), extract_documents)
register("yaml", extensions("yaml"), extract_documents)
