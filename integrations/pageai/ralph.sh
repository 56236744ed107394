#!/usr/bin/env bash
# A PageAI-style loop (exit codes 0 COMPLETE, 1 MAX_ITERATIONS, 2 BLOCKED, 3 DECIDE)
# whose COMPLETE branch asks ralph-gate: its exit code decides.
# Usage: ralph.sh [max_iterations]   (env: SPEC, AGENT_CMD, PROMPT_FILE)
set -u
MAX_ITERATIONS=${1:-10}
SPEC=${SPEC:?set SPEC to the spec name}
AGENT_CMD=${AGENT_CMD:?set AGENT_CMD to the agent command}
PROMPT_FILE=${PROMPT_FILE:-.agent/PROMPT.md}

for i in $(seq 1 "$MAX_ITERATIONS"); do
  OUTPUT=$(bash -c "$AGENT_CMD" < "$PROMPT_FILE" 2>&1) || true
  printf '%s\n' "$OUTPUT"
  if grep -q '<promise>COMPLETE</promise>' <<<"$OUTPUT"; then
    ralph-validate --no-cache --spec "$SPEC" >/dev/null
    ralph-gate --spec "$SPEC"
    case $? in
      0) exit 0 ;;   # COMPLETE or COMPLETE-WITH-GAPS
      2) exit 2 ;;   # BLOCKED: the gate saw no progress for too long
      *) ;;          # INCOMPLETE: the next iteration goes on
    esac
  elif grep -qE '<promise>BLOCKED:[^<]*</promise>' <<<"$OUTPUT"; then
    exit 2
  elif grep -qE '<promise>DECIDE:[^<]*</promise>' <<<"$OUTPUT"; then
    exit 3
  fi
done
exit 1
