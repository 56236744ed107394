"""Functions a stack builds through code of its own are followed: helpers inlined with their
arguments, loops over constant arrays, strings and paths built by templates, f-strings and
``+``; what cannot be followed says what it is."""

from __future__ import annotations

from ralph_validate.extractors.common.dispatch import extract
from ralph_validate.extractors.facts.contracts import FunctionRef, StateMachine

_TS_HEAD = (
    "import * as path from 'path';\n"
    "import * as sfn from 'aws-cdk-lib/aws-stepfunctions';\n"
    "import * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks';\n"
    "import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';\n"
)
_PY_HEAD = (
    "import os\n"
    "from aws_cdk import aws_lambda as _lambda, aws_stepfunctions as sfn\n"
    "from aws_cdk import aws_stepfunctions_tasks as tasks\n"
)


def _functions(path: str, source: str) -> dict[str, FunctionRef]:
    facts = [f for f in extract(path, source.encode()).facts if isinstance(f, StateMachine)]
    return {s.name: s.function for f in facts for s in f.machine.states if s.function is not None}


def _ts_machine(names: list[str]) -> str:
    body = "".join(
        f"const t{i} = new tasks.LambdaInvoke(this, '{name}', {{ lambdaFunction: {name} }});\n"
        for i, name in enumerate(names)
    )
    chain = ".next(".join(f"t{i}" for i in range(len(names))) + ")" * (len(names) - 1)
    return body + f"new sfn.StateMachine(this, 'M', {{ definition: {chain} }});\n"


def test_an_arrow_factory_with_a_default_and_an_object_parameter_is_inlined() -> None:
    source = (
        _TS_HEAD
        + (
            "const DIR = path.join(__dirname, '..', 'src');\n"
            "const make = (scope, { id, file = 'main.ts' }, ext = '.ts') =>\n"
            "  new NodejsFunction(scope, `${id}Fn`, { entry: DIR + '/' + id.toString() + ext });\n"
            "const pick = (scope, { id, file = 'main.ts' }) =>\n"
            "  new NodejsFunction(scope, `${id}Fn`, { entry: `${DIR}/${file}` });\n"
            "const A = pick(this, { id: 'a' });\n"
            "const B = pick(this, { id: 'b', file: 'b/index.ts' });\n"
            "const C = make(this, { id: 'c' });\n"
        )
        + _ts_machine(["A", "B", "C"])
    )
    found = _functions("lib/stack.ts", source)
    assert (found["A"].code, found["A"].name) == ("src/main.ts", "aFn")
    assert found["B"].code == "src/b/index.ts"
    # ``id.toString()`` is a call the interpreter does not follow: the construct is named
    assert (found["C"].code, found["C"].ref, found["C"].name) == ("", "unresolved:make()", "cFn")


def test_a_loop_over_object_entries_binds_each_key_and_value() -> None:
    source = (
        _TS_HEAD
        + (
            "const FILES = { Load: 'load.ts', Save: 'save.ts' };\n"
            "const fns = {};\n"
            "for (const [name, file] of Object.entries(FILES)) {\n"
            "  fns[name] = new NodejsFunction(this, name, { entry: path.join('src', file) });\n"
            "}\n"
            "const Load = fns.Load;\n"
            "const Save = fns['Save'];\n"
        )
        + _ts_machine(["Load", "Save"])
    )
    found = _functions("lib/stack.ts", source)
    assert (found["Load"].code, found["Save"].code) == ("cwd:src/load.ts", "cwd:src/save.ts")


def test_a_recursive_helper_is_not_followed_and_the_row_names_it() -> None:
    source = (
        _TS_HEAD
        + (
            "function again(scope, n) { return again(scope, n); }\n"
            "const R = again(this, 1);\n"
            "const X = lookup.fn(this);\n"
            "const Y = NodejsFunction.fromFunctionArn(this, 'Y', 'arn:aws:lambda:x');\n"
        )
        + _ts_machine(["R", "X", "Y"])
    )
    found = _functions("lib/stack.ts", source)
    assert found["R"].ref == "untraced:helper:again()"
    assert found["X"].ref == "untraced:call:lookup.fn()"
    assert found["Y"].ref == "untraced:lookup:NodejsFunction.fromFunctionArn()"


def test_a_helper_nobody_calls_is_read_in_place_as_before() -> None:
    source = _TS_HEAD + (
        "export class S {\n"
        "  constructor(scope, id) {\n"
        "    const A = new NodejsFunction(this, 'A', { entry: 'src/a.ts' });\n"
        "    const t = new tasks.LambdaInvoke(this, 'T', { lambdaFunction: A });\n"
        "    new sfn.StateMachine(this, 'M', { definition: t });\n"
        "  }\n"
        "}\n"
    )
    assert _functions("lib/stack.ts", source)["T"].code == "cwd:src/a.ts"


def test_python_keywords_kwargs_and_tuple_loops_are_bound() -> None:
    source = _PY_HEAD + (
        "ROOT = os.path.dirname(__file__)\n"
        "def make(scope, fn_id, *, folder, handler='app.handler', **options):\n"
        "    return _lambda.Function(scope, fn_id, handler=handler,\n"
        "        code=_lambda.Code.from_asset(os.path.join(ROOT, folder)), **options)\n"
        "class Stack:\n"
        "    def __init__(self, scope, construct_id):\n"
        "        fns = {}\n"
        "        for name, folder in [('A', 'a'), ('B', 'b')]:\n"
        "            fns[name] = make(self, name, folder=f'fns/{folder}', memory_size=128)\n"
        "        c = make(self, 'C', folder='fns/' + 'c', handler='main.run')\n"
        "        a = tasks.LambdaInvoke(self, 'TA', lambda_function=fns['A'])\n"
        "        b = tasks.LambdaInvoke(self, 'TB', lambda_function=fns['B'])\n"
        "        tc = tasks.LambdaInvoke(self, 'TC', lambda_function=c)\n"
        "        sfn.StateMachine(self, 'M', definition=a.next(b).next(tc))\n"
    )
    found = _functions("infra/stack.py", source)
    assert (found["TA"].code, found["TA"].handler) == ("infra/fns/a", "app.handler")
    assert found["TB"].code == "infra/fns/b"
    assert (found["TC"].code, found["TC"].handler) == ("infra/fns/c", "main.run")


def test_a_helper_returning_one_of_two_functions_is_not_guessed() -> None:
    source = (
        _TS_HEAD
        + (
            "function build(scope, id, python) {\n"
            "  if (python) { return new NodejsFunction(scope, id, { entry: 'py/a.ts' }); }\n"
            "  return new NodejsFunction(scope, id + 'Js', { entry: 'js/a.ts' });\n"
            "}\n"
            "function only(scope, id) {\n"
            "  const fn = new NodejsFunction(scope, id, { entry: 'js/b.ts' });\n"
            "  if (!fn) { return fn; }\n"
            "  return fn;\n"
            "}\n"
            "const A = build(this, 'A', true);\n"
            "const B = only(this, 'B');\n"
        )
        + _ts_machine(["A", "B"])
    )
    found = _functions("lib/stack.ts", source)
    assert found["A"].ref == "untraced:helper:build()"
    assert found["B"].code == "cwd:js/b.ts"


def test_image_and_sam_functions_built_by_a_helper_name_their_handler() -> None:
    source = _PY_HEAD + (
        "from aws_cdk import aws_sam as sam\n"
        "HERE = os.path.dirname(__file__)\n"
        "def image(scope, fn_id, folder):\n"
        "    return _lambda.DockerImageFunction(scope, fn_id, code=_lambda.DockerImageCode"
        ".from_image_asset(os.path.join(HERE, folder), cmd=['app.handler']))\n"
        "def serverless(scope, fn_id, folder):\n"
        "    return sam.CfnFunction(scope, fn_id, code_uri=folder, handler='main.run')\n"
        "a = tasks.LambdaInvoke(self, 'A', lambda_function=image(self, 'Img', 'img'))\n"
        "b = tasks.LambdaInvoke(self, 'B', lambda_function=serverless(self, 'Sam', 'src/sam'))\n"
        "sfn.StateMachine(self, 'M', definition=a.next(b))\n"
    )
    found = _functions("infra/stack.py", source)
    assert (found["A"].code, found["A"].handler) == ("infra/img", "app.handler")
    assert (found["B"].code, found["B"].handler) == ("cwd:src/sam", "main.run")


def test_functions_handed_to_foreach_and_map_run_once_per_element() -> None:
    source = (
        _TS_HEAD
        + (
            "const NAMES = ['load', 'save'];\n"
            "const fns = {};\n"
            "NAMES.forEach((name) => {\n"
            "  fns[name] = new NodejsFunction(this, name, { entry: `src/${name}.ts` });\n"
            "});\n"
            "const built = [{ id: 'Tag' }]\n"
            "  .map(c => new NodejsFunction(this, c.id, { entry: 'src/tag.ts' }));\n"
            "props.names.forEach((name) => {\n"
            "  fns.other = new NodejsFunction(this, 'Other', {});\n"
            "});\n"
            "const Load = fns.load;\n"
            "const Save = fns['save'];\n"
            "const Tag = built[0];\n"
            "const Other = fns.other;\n"
        )
        + _ts_machine(["Load", "Save", "Tag", "Other"])
    )
    found = _functions("lib/stack.ts", source)
    assert (found["Load"].code, found["Save"].code) == ("cwd:src/load.ts", "cwd:src/save.ts")
    assert found["Tag"].code == "cwd:src/tag.ts"
    # an array that is not known: the body still runs once, as it did before
    assert found["Other"].code == "lib/stack.Other.ts"


def test_an_undefined_argument_takes_the_default_and_null_does_not() -> None:
    """JavaScript passes no value for ``undefined`` (or ``void 0``): the parameter's default
    applies; ``null`` is a value."""
    source = (
        _TS_HEAD
        + (
            "const make = (scope, id, file = 'main.ts') =>\n"
            "  new NodejsFunction(scope, id, { entry: `src/${file}` });\n"
            "const A = make(this, 'A', undefined);\n"
            "const B = make(this, 'B', void 0);\n"
            "const C = make(this, 'C', 'c.ts');\n"
            "const D = make(this, 'D', null);\n"
        )
        + _ts_machine(["A", "B", "C", "D"])
    )
    found = _functions("lib/stack.ts", source)
    codes = {name: found[name].code for name in "ABCD"}
    assert codes == {
        "A": "cwd:src/main.ts",
        "B": "cwd:src/main.ts",
        "C": "cwd:src/c.ts",
        "D": "",  # null is passed: no default, and no file the template names
    }
