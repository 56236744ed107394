"""What each read of a Choice rule carries: the ``IsPresent`` guards over it (same
``And``/``Or``, ``Not``, earlier rules of the Choice, CDK conditions) and its line, in ASL,
YAML, inline ``DefinitionString: !Sub |`` blocks, escaped JSON strings and multi-line
``Condition.and``."""

from __future__ import annotations

import json

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import State, StateMachine


def _facts(path: str, source: str, kind: type) -> list:
    return [f for f in extract(path, source.encode()).facts if isinstance(f, kind)]


def _states(fact: StateMachine) -> dict[str, State]:
    return {s.name: s for s in fact.machine.states}


def _reads(state: State) -> list[list[tuple[str, int, tuple[str, ...]]]]:
    return [[(r.path, r.line, r.guards) for r in rule.reads] for rule in state.choices]


ASL = """{
  "StartAt": "Pick",
  "States": {
    "Pick": {
      "Type": "Choice",
      "Choices": [
        {"Not": {"Variable": "$.a.note", "IsPresent": true}, "Next": "Done"},
        {"Variable": "$.a.note.text", "StringEquals": "x", "Next": "Done"},
        {"Or": [
          {"Variable": "$.b", "IsPresent": false},
          {"Variable": "$.b", "NumericGreaterThanPath": "$.limit"}
        ], "Next": "Done"},
        {"And": [{"Variable": "$.c", "IsPresent": true}, {"Variable": "$.c", "IsNull": false}],
         "Next": "Done"},
        {"Variable": "$.c", "BooleanEquals": true, "Next": "Done"}
      ],
      "Default": "Done"
    },
    "Done": {"Type": "Succeed"}
  }
}
"""


def test_asl_existence_checks_guard_later_reads_of_the_same_rule_and_choice() -> None:
    (fact,) = _facts("machines/pick.asl.json", ASL, StateMachine)
    assert _reads(_states(fact)["Pick"]) == [
        [],  # Not(IsPresent) only checks
        [("$.a.note.text", 8, ("$.a.note",))],  # the rule before sent the absent case away
        [("$.b", 11, ("$.a.note", "$.b")), ("$.limit", 11, ("$.a.note", "$.b"))],
        # the Or failed, so its IsPresent false did: $.b is there from here on
        [("$.c", 13, ("$.a.note", "$.b", "$.c"))],
        # an And that did not match says nothing about $.c
        [("$.c", 15, ("$.a.note", "$.b"))],
    ]


def test_cdk_conditions_give_each_read_its_line_and_its_guards() -> None:
    source = (
        "import * as sfn from 'aws-cdk-lib/aws-stepfunctions';\n"
        "const pick = new sfn.Choice(this, 'Pick')\n"
        "  .when(sfn.Condition.isNotPresent('$.res.level'), new sfn.Succeed(this, 'A'))\n"
        "  .when(sfn.Condition.and(\n"
        "      sfn.Condition.booleanEquals('$.res.ok', true),\n"
        "      sfn.Condition.stringEquals('$.res.level', 'high')),\n"
        "    new sfn.Succeed(this, 'B'))\n"
        "  .when(sfn.Condition.or(sfn.Condition.isPresent(where), "
        "sfn.Condition.numberEquals('$.n', 1)), new sfn.Succeed(this, 'C'))\n"
        "  .otherwise(new sfn.Fail(this, 'F'));\n"
        "new sfn.StateMachine(this, 'M', { definition: pick });\n"
    )
    (fact,) = _facts("lib/stack.ts", source, StateMachine)
    assert _reads(_states(fact)["Pick"]) == [
        [],
        [("$.res.ok", 5, ("$.res.level",)), ("$.res.level", 6, ("$.res.level",))],
        # a check on a path that is not known is kept as "" (it may guard anything)
        [("$.n", 8, ("$.res.level", ""))],
    ]


def test_inline_definition_in_a_sub_block_points_at_the_template_lines() -> None:
    template = (
        "Resources:\n"
        "  M:\n"
        "    Type: AWS::StepFunctions::StateMachine\n"
        "    Properties:\n"
        "      DefinitionString: !Sub |\n"
        "        {\n"
        '          "StartAt": "C",\n'
        '          "States": {\n'
        '            "C": {"Type": "Choice", "Default": "D",\n'
        '                  "Choices": [{"Variable": "$.x", "BooleanEquals": true, "Next": "D"}]},\n'
        '            "D": {"Type": "Succeed"}\n'
        "          }\n"
        "        }\n"
        "  N:\n"
        "    Type: AWS::StepFunctions::StateMachine\n"
        "    Properties:\n"
        '      DefinitionString: \'{"StartAt": "C", "States": {"C": {"Type": "Choice", '
        '"Choices": [{"Variable": "$.y", "BooleanEquals": true, "Next": "D"}], '
        '"Default": "D"}, "D": {"Type": "Succeed"}}}\'\n'
    )
    machines = {m.name: m for m in _facts("template.yaml", template, StateMachine)}
    assert _reads(_states(machines["M"])["C"]) == [[("$.x", 10, ())]]
    assert _states(machines["M"])["C"].line == 9
    assert _reads(_states(machines["N"])["C"]) == [[("$.y", 17, ())]]  # one line: its own


def test_yaml_definitions_keep_guards_and_lines() -> None:
    template = (
        "Resources:\n"
        "  M:\n"
        "    Type: AWS::Serverless::StateMachine\n"
        "    Properties:\n"
        "      Definition:\n"
        "        StartAt: C\n"
        "        States:\n"
        "          C:\n"
        "            Type: Choice\n"
        "            Default: D\n"
        "            Choices:\n"
        "              - And:\n"
        "                  - {Variable: '$.res.warning', IsPresent: true}\n"
        "                  - Variable: $.res.warning\n"
        "                    StringEquals: stale\n"
        "                Next: D\n"
        "          D: {Type: Succeed}\n"
    )
    (fact,) = _facts("template.yaml", template, StateMachine)
    assert _reads(_states(fact)["C"]) == [[("$.res.warning", 14, ("$.res.warning",))]]


def test_a_definition_in_an_escaped_json_string_points_at_its_key() -> None:
    definition = {
        "StartAt": "C",
        "States": {
            "C": {
                "Type": "Choice",
                "Choices": [{"Variable": "$.z", "BooleanEquals": True, "Next": "D"}],
                "Default": "D",
            },
            "D": {"Type": "Succeed"},
        },
    }
    body = json.dumps(definition, indent=2)  # its line breaks are escaped in the template
    resource = {
        "Type": "AWS::StepFunctions::StateMachine",
        "Properties": {"RoleArn": "r", "DefinitionString": {"Fn::Sub": body}},
    }
    text = json.dumps({"Resources": {"M": resource}}, indent=2)
    line = next(i for i, t in enumerate(text.splitlines(), 1) if "DefinitionString" in t)
    (fact,) = _facts("stack.template.json", text, StateMachine)
    assert _reads(_states(fact)["C"]) == [[("$.z", line, ())]]
