"""Every rule of ralph-validate, one class each; the docstring is the rule's documentation."""

from __future__ import annotations


class AssertTautology:
    """## What it does
    Finds assertions that cannot fail: a truthy literal (`assert True`,
    `self.assertTrue(True)`, `expect(true).toBe(true)`, `assert.ok(1)`), or a
    value compared with itself (`assert x == x`, `expect(x).toBe(x)`,
    `assertEqual(a, a)`).

    ## Why is this bad?
    A test whose assertions always hold passes whatever the code does. Agents
    write them to turn a red test green without fixing anything.

    ## Example
    ```python
    def test_total():
        total = cart_total([1, 2])
        assert True
    ```

    Use instead:
    ```python
    def test_total():
        assert cart_total([1, 2]) == 3
    ```

    ## How to suppress
    `# ralph-validate: ignore[TI001] <reason>` on the line or the line above.
    """

    id = "TI001"
    kind = "test.tautology"
    name = "assert-tautology"
    summary = "An assertion that cannot fail."


class CommentedAssert:
    """## What it does
    Finds assertions left in comments inside a live test
    (`# assert total == 3`, `// expect(total).toBe(3)`). Prose such as
    `# we assert that the cart is empty` is not reported.

    ## Why is this bad?
    The check the test was written for no longer runs; the test still passes
    and still looks like it checks something.

    ## Example
    ```js
    it('adds', () => {
      const total = add(1, 2);
      // expect(total).toBe(3);
    });
    ```

    Use instead:
    ```js
    it('adds', () => {
      expect(add(1, 2)).toBe(3);
    });
    ```

    ## How to suppress
    `// ralph-validate: ignore[TI002] <reason>` on the line or the line above.
    """

    id = "TI002"
    kind = "test.commented-assert"
    name = "commented-assert"
    summary = "An assertion left in a comment inside a test."


class SwallowedException:
    """## What it does
    Finds catch-all handlers inside tests that do nothing: `except Exception: pass`,
    a bare `except:`, `except AssertionError: pass`, `catch (e) {}`, or a handler
    that only returns.

    ## Why is this bad?
    A failing assertion raises; a handler that swallows everything turns every
    failure into a pass.

    ## Example
    ```python
    def test_parse():
        try:
            assert parse("1") == 1
        except Exception:
            pass
    ```

    Use instead:
    ```python
    def test_parse():
        assert parse("1") == 1
    ```

    ## How to suppress
    `# ralph-validate: ignore[TI003] <reason>` on the line of the handler or above.
    """

    id = "TI003"
    kind = "test.swallowed-exception"
    name = "swallowed-exception"
    summary = "A catch-all handler in a test that hides failures."


class BroadRaises:
    """## What it does
    Finds `pytest.raises(Exception)`, `pytest.raises(BaseException)` and
    `self.assertRaises(Exception)` without a `match=` or message check.
    Jest's `toThrow()` without an argument is not reported: JavaScript code
    rarely throws typed errors, so the bare form is the idiom, not a shortcut.

    ## Why is this bad?
    Any error passes — a `TypeError` from a typo as much as the `ValueError` the
    test is about. The test no longer says which failure is expected.

    ## Example
    ```python
    with pytest.raises(Exception):
        parse("x")
    ```

    Use instead:
    ```python
    with pytest.raises(ValueError, match="not a number"):
        parse("x")
    ```

    ## How to suppress
    `# ralph-validate: ignore[TI004] <reason>` on the line or the line above.
    """

    id = "TI004"
    kind = "test.swallowed-exception"
    name = "broad-raises"
    summary = "An expected-exception check that accepts any exception."


class EarlyReturn:
    """## What it does
    Finds a `return` in a test's own body with assertions after it (a `return`
    inside a helper closure or callback is not the test's).

    ## Why is this bad?
    The assertions after it never run when the return is taken — often exactly
    in the case the test should catch (`if (!response.ok) return;`).

    ## Example
    ```python
    def test_fetch():
        response = fetch()
        if response.status != 200:
            return
        assert response.json() == {"ok": True}
    ```

    Use instead:
    ```python
    def test_fetch():
        response = fetch()
        assert response.status == 200
        assert response.json() == {"ok": True}
    ```

    ## How to suppress
    `# ralph-validate: ignore[TI005] <reason>` on the line or the line above.
    """

    id = "TI005"
    kind = "test.early-return"
    name = "early-return"
    summary = "A return that skips the assertions after it."


class SkippedTest:
    """## What it does
    Finds tests made not to run: `@pytest.mark.skip`, `@pytest.mark.xfail`
    without a condition, `@unittest.skip`, `pytest.skip()` in a body,
    `self.skipTest()`, `it.skip`, `xit`, `it.todo`, `describe.skip`, and `.only`
    (which skips every other test). Conditional skips (`skipif(sys.platform ...)`)
    are not reported: they document where a test cannot run.

    ## Why is this bad?
    A skipped test reports success in the summary line and checks nothing.

    ## Example
    ```python
    @pytest.mark.skip(reason="flaky")
    def test_checkout():
        assert checkout() == "ok"
    ```

    Use instead: fix the test, or delete it and say so.

    ## How to suppress
    `# ralph-validate: ignore[TI006] <reason>` on the decorator line or above.
    """

    id = "TI006"
    kind = "test.skipped"
    name = "skipped-test"
    summary = "A test that is skipped, marked todo, or focused with .only."


class NoAssert:
    """## What it does
    Finds tests with no assertion that can run — none in the test, none in the
    same-file helpers it calls (`pytest.raises`, mock `assert_called*`,
    `expect.assertions` count as assertions).

    ## Why is this bad?
    Such a test passes as long as nothing raises; it does not check a result.

    ## Example
    ```python
    def test_export():
        export_report("out.csv")
    ```

    Use instead:
    ```python
    def test_export(tmp_path):
        export_report(tmp_path / "out.csv")
        assert (tmp_path / "out.csv").read_text().startswith("id,")
    ```

    ## How to suppress
    `# ralph-validate: ignore[TI007] <reason>` on the test's line or the line above.
    """

    id = "TI007"
    kind = "test.no-assert"
    name = "no-assert"
    summary = "A test without an assertion that can run."


class ConditionalAssert:
    """## What it does
    Finds tests whose every assertion sits under a condition (`if`, a loop, a
    `switch`, `&&`) that may not hold. Reported as UNKNOWN: the condition may
    always hold.

    ## Why is this bad?
    When the condition is false — an empty list, an error response — the test
    passes without checking anything.

    ## Example
    ```js
    it('lists orders', async () => {
      const orders = await list();
      for (const o of orders) expect(o.id).toBeDefined();
    });
    ```

    Use instead:
    ```js
    it('lists orders', async () => {
      const orders = await list();
      expect(orders).toHaveLength(2);
      for (const o of orders) expect(o.id).toBeDefined();
    });
    ```

    ## How to suppress
    `// ralph-validate: ignore[TI008] <reason>` on the test's line or above.
    """

    id = "TI008"
    kind = "test.conditional-assert"
    name = "conditional-assert"
    summary = "Every assertion of the test is under a condition."


class WeakenedTest:
    """## What it does
    Compares each test of the change set with the same test (same file, same
    name) at BASE and reports when it asserts less: fewer assertions; an exact
    comparison turned into `is not None`, `toBeDefined()`, `toBeTruthy()` or a bare
    truth test; a specific exception turned into `Exception` or its `match=`
    dropped; a threshold or tolerance loosened (`< 100` → `< 1000`,
    `abs=0.01` → `abs=0.5`, `toBeCloseTo(x, 5)` → `toBeCloseTo(x, 1)`); a new skip.

    ## Why is this bad?
    Weakening a test until it passes is the quietest way to fake progress: the
    test still exists and is green.

    ## Example
    ```python
    # BASE
    assert total == 3
    # HEAD
    assert total is not None
    ```

    Use instead: keep the exact check and fix the code.

    ## How to suppress
    `# ralph-validate: ignore[TI009] <reason>` on the line or the line above.
    """

    id = "TI009"
    kind = "test.weakened"
    name = "weakened-test"
    summary = "The test asserts less than it did at BASE."


class TodoMarker:
    """## What it does
    Finds TODO, FIXME, XXX, HACK and TBD markers in code comments, and in
    Markdown lines that are themselves placeholders (`TODO: add an example`).
    Prose that quotes the pattern in backticks or quotes is not reported, nor is
    a marker inside a string literal, nor a sentence that merely mentions
    "the TODO list".

    ## Why is this bad?
    A marker is a promise that something is missing. Work that still carries it
    is not done.

    ## Example
    ```python
    def total(items):
        # TODO: apply discounts
        return sum(items)
    ```

    Use instead: do the work, or record it as an open task in the spec.

    ## How to suppress
    `# ralph-validate: ignore[PH001] <reason>` on the line or the line above.
    """

    id = "PH001"
    kind = "placeholder.todo"
    name = "todo-marker"
    summary = "A TODO/FIXME/XXX/HACK/TBD placeholder."


class StubBody:
    """## What it does
    Finds production functions whose body does nothing real: `pass`, `...`,
    `raise NotImplementedError`, `throw new Error('not implemented')`, and an
    empty body or `return null` with a TODO on the line above, on the signature
    line or inside the body (an empty callback alone is a legitimate no-op, and
    so is a docstring-only body, which documents one). Abstract methods, `Protocol`
    members, `@overload`s, interface members and `.d.ts`/`.pyi` declarations are
    not stubs, nor is a `NotImplementedError` whose message names an
    unsupported case (`NotImplementedError(f"unsupported format {fmt}")`).

    ## Why is this bad?
    A stub compiles and imports, so every check that only runs the code passes.

    ## Example
    ```python
    def resume_from_checkpoint(path):
        raise NotImplementedError
    ```

    Use instead: implement it, or remove it and leave its task open.

    ## How to suppress
    `# ralph-validate: ignore[PH002] <reason>` on the `def` line or the line above.
    """

    id = "PH002"
    kind = "placeholder.stub"
    name = "stub-body"
    summary = "A function body that does nothing real."


class SentinelValue:
    """## What it does
    Finds values that stand for "pick later" — `9999`-like numbers, `-1`, `0`,
    `1e9` and larger powers of ten, `Number.MAX_SAFE_INTEGER`, `Infinity`,
    `sys.maxsize` — bound to threshold-like names (`MAX_*`, `*_LIMIT`,
    `THRESHOLD`, `TIMEOUT`, `BASELINE`, `*_MS`, `RETRIES`, `TTL`, …, plus the
    `sentinel-names` you configure), any value on the line after a TODO, and
    placeholder strings (`"TBD"`, `"changeme"`, `"REPLACE_ME"`) bound to any name.
    Test code is not checked.

    ## Why is this bad?
    A limit of 9999 or a timeout of 1e9 disables the check it configures.

    ## Example
    ```python
    MAX_ROWS_PER_BATCH = 9999
    ```

    Use instead:
    ```python
    MAX_ROWS_PER_BATCH = 500  # the loader's page size
    ```

    ## Options
    `sentinel-names` in `[tool.ralph-validate]` adds name fragments.

    ## How to suppress
    `# ralph-validate: ignore[PH003] <reason>` on the line or the line above.
    """

    id = "PH003"
    kind = "placeholder.sentinel"
    name = "sentinel-value"
    summary = "A pick-later value bound to a threshold-like name."


class Unimplemented:
    """## What it does
    Reports a requirement of the spec that no production code implements: no
    file names its id, completes one of its tasks alone, or matches its
    distinctive terms; or a `Created <path>` criterion whose file is missing.

    ## Why is this bad?
    The work claimed complete does not contain the requirement.

    ## Example
    A spec with "Requirement 3: resume from the checkpoint" and no code that
    mentions requirement 3 or checkpoints.

    Use instead: implement it, and name the requirement in a comment
    (`# Requirement 3: resume from the checkpoint`).

    ## How to suppress
    Requirement rows are not suppressed: change the spec if it is wrong.
    """

    id = "TR001"
    kind = "trace.unimplemented"
    name = "requirement-unimplemented"
    summary = "A requirement with no implementing production code."


class Untested:
    """## What it does
    Reports a requirement that has implementing code but no honest covering
    test: no test names it, matches its terms, or imports the code that
    implements it — or every such test is flagged by test integrity. Reported as
    UNKNOWN; the LLM pass (`--llm`) may settle it with verified citations.

    ## Why is this bad?
    Untested behaviour is unverified: nothing stops it from breaking.

    ## Example
    `check_table()` implements requirement 1, and no test calls it.

    Use instead: a test that names the requirement (`test_req_1_short_table`).

    ## How to suppress
    Requirement rows are not suppressed.
    """

    id = "TR002"
    kind = "trace.untested"
    name = "requirement-untested"
    summary = "A requirement implemented but not covered by an honest test."


class OutOfScope:
    """## What it does
    Reports a changed file outside the spec's declared scope: the `scope[]`
    globs of a ralph-loop `prd.json` story (`!` excludes), a `scope.txt` in the
    spec folder, or `scope` in the configuration.

    ## Why is this bad?
    Changes outside the fence are unreviewed side effects of the goal.

    ## Example
    A story scoped to `src/parser/**` whose commits also edit `deploy/prod.yaml`.

    Use instead: revert the file, or widen the scope in the spec.

    ## How to suppress
    Widen the scope; scope findings are not suppressed inline.
    """

    id = "SC001"
    kind = "scope.out-of-scope"
    name = "out-of-scope"
    summary = "A file changed outside the spec's declared scope."


class MockDrift:
    """## What it does
    Compares a test double with the real producer it stands in for, on the
    fields the code under test reads: `mock.patch(..., return_value=...)`,
    `MagicMock(return_value=...)`, `jest.mock` + `mockResolvedValue`, a Step
    Functions Local `MockConfigFile.json` response.

    ## Why is this bad?
    The tests pass against the mock's shape; the deployed code meets the real
    one. A field the mock has and the producer lacks (or the reverse) changes
    the outcome as soon as the real implementation runs.

    ## Example
    The handler returns `{success, details: {passed}}`; the Step Functions Local
    mock answers `{"Payload": {"passed": true}}`, so the Choice that reads
    `$.countResult.Payload.passed` passes in the test and fails when deployed.

    Use instead: mock the shape the producer returns
    (`{"Payload": {"success": true, "details": {"passed": true}}}`).

    ## How to suppress
    `# ralph-validate: ignore[CT001] <reason>` on the mock's line. A mock in
    JSON (`MockConfigFile.json`) cannot carry a comment: leave the file out
    with `exclude`, or turn the rule off with `ignore = ["CT001"]` in the
    configuration.
    """

    id = "CT001"
    kind = "contract.mock-drift"
    name = "mock-drift"
    summary = "A mock's shape differs from the real producer in a field the code reads."


class MissingField:
    """## What it does
    Follows a read (attribute chain, subscript, `.get("k")`, destructuring, a
    JSONPath in a `Choice`, `Parameters` or `ResultSelector`) to the producer
    wired to it and checks that the producer writes the field. A read under an
    existence check (`"k" in d`, `d.get("k") is not None`, `IsPresent`, `?.`) is
    not missing. When the producer cannot be resolved the cell is UNKNOWN.

    ## Why is this bad?
    The read yields nothing at run time: a Choice fails the execution, code
    sees `undefined`/`None` and takes the wrong branch.

    ## Example
    ```ts
    Condition.booleanEquals('$.countResult.Payload.passed', true)
    // while the Lambda returns { success: true, details: { passed } }
    ```

    Use instead: read the path the producer writes
    (`$.countResult.Payload.details.passed`), or guard the read with an
    existence check when the field is optional.

    ## How to suppress
    `# ralph-validate: ignore[CT002] <reason>` on the read's line.
    """

    id = "CT002"
    kind = "contract.missing-field"
    name = "missing-field"
    summary = "A field is read that the resolved producer does not write."


class UnconsumedField:
    """## What it does
    Reports a field a producer writes that no reader of the value reads. Inside
    a closed boundary (a private function read only in its own file, a state
    result the state machine drops) it is FAIL; when the value escapes (the
    execution output, an HTTP response, an exported function) it is UNKNOWN.

    ## Why is this bad?
    An unread field is work nobody uses, and often the other half of a renamed
    field: the producer writes `rows`, the reader was changed to `count`.

    ## Example
    A `ResultSelector` keeps `Payload.count`; the handler also computes
    `Payload.rows`, and no state reads it.

    Use instead: read the field where it is needed, or stop producing it.

    ## How to suppress
    `# ralph-validate: ignore[CT003] <reason>` on the written field's line.
    """

    id = "CT003"
    kind = "contract.unconsumed-field"
    name = "unconsumed-field"
    summary = "A produced field nobody reads."


class NamingDrift:
    """## What it does
    When a read is missing, looks for the same field in the same producer under
    another spelling (`user_id`/`userId`, `-`/`_`, plural/singular, common
    abbreviations) or at another depth (`Payload.passed` against
    `Payload.details.passed`). Reported only across one boundary.

    ## Why is this bad?
    The two sides of one boundary name one concept differently; one of them is
    wrong, and the read yields nothing.

    ## Example
    A FastAPI route returns `{"estimated_delivery": ...}`; the TypeScript client
    reads `order.estimatedDelivery`.

    Use instead: agree on one name (a response model with an alias, or the
    client reading the wire name).

    ## How to suppress
    `# ralph-validate: ignore[CT004] <reason>` on the read's line.
    """

    id = "CT004"
    kind = "contract.naming-drift"
    name = "naming-drift"
    summary = "Two sides of one boundary name one field differently."


RULES: tuple[type, ...] = (
    AssertTautology,
    CommentedAssert,
    SwallowedException,
    BroadRaises,
    EarlyReturn,
    SkippedTest,
    NoAssert,
    ConditionalAssert,
    WeakenedTest,
    TodoMarker,
    StubBody,
    SentinelValue,
    MockDrift,
    MissingField,
    UnconsumedField,
    NamingDrift,
    Unimplemented,
    Untested,
    OutOfScope,
)
