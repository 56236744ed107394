#!/usr/bin/env bash
# A snarktank-style Ralph loop with ralph-validate and ralph-gate in its COMPLETE branch.
# Usage: ralph.sh [max_iterations]   (env: SPEC, AGENT_CMD, PROMPT_FILE)
# The only change to snarktank's loop is the line marked "gate": a claim of
# completion ends the loop only when the validator and the gate agree.
set -u
MAX_ITERATIONS=${1:-10}
SPEC=${SPEC:?set SPEC to the spec name}
AGENT_CMD=${AGENT_CMD:?set AGENT_CMD to the agent command}
PROMPT_FILE=${PROMPT_FILE:-prompt.md}

for i in $(seq 1 "$MAX_ITERATIONS"); do
  echo "=== Ralph iteration $i of $MAX_ITERATIONS ==="
  OUTPUT=$(bash -c "$AGENT_CMD" < "$PROMPT_FILE" 2>&1 | tee /dev/stderr) || true
  if grep -q "<promise>COMPLETE</promise>" <<<"$OUTPUT"; then
    ralph-validate --no-cache --spec "$SPEC" && ralph-gate --spec "$SPEC" && exit 0   # gate
    echo "Completion refused by ralph-gate; continuing."
  fi
  sleep "${RALPH_SLEEP:-2}"
done
echo "Ralph reached max iterations ($MAX_ITERATIONS) without completing all tasks."
exit 1
