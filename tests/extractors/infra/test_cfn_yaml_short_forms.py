"""CloudFormation YAML's short-form tags (``!GetAtt``, ``!Sub``, ``!Ref``) load as tagged values
that keep their lines."""

from __future__ import annotations

from ralph_validate.extractors.infra import cfn_yaml


def test_yaml_short_form_tags_load_as_values_with_lines() -> None:
    doc = cfn_yaml.load("A:\n  Arn: !GetAtt Fn.Arn\n  Name: !Sub '${Stage}-x'\n  L: [1, !Ref B]\n")
    assert isinstance(doc, cfn_yaml.PMap)
    inner = doc["A"]
    assert inner["Arn"] == cfn_yaml.Tagged("GetAtt", "Fn.Arn", 2)
    assert inner["L"][1] == cfn_yaml.Tagged("Ref", "B", 4)
    assert inner.line_of("Name") == 3
