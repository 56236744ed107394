#!/usr/bin/env bash
# Claude Code Stop hook (e.g. beside Anthropic's ralph-loop plugin): when the
# session tries to stop, validate and gate; block the stop with the gate's
# reason unless the gate says COMPLETE.
#
# .claude/settings.json:
#   {"hooks": {"Stop": [{"hooks": [{"type": "command",
#       "command": "RALPH_SPEC=my-spec bash integrations/claude-code/stop-hook.sh"}]}]}}
#
# Reads the hook's JSON on stdin (ignored but drained); prints the block decision
# as JSON on stdout, as Stop hooks do; exit 0 either way.
set -u
cat >/dev/null
SPEC=${RALPH_SPEC:?set RALPH_SPEC to the spec name}
ralph-validate --no-cache --spec "$SPEC" --quiet >/dev/null 2>&1
VERDICT=$(ralph-gate --spec "$SPEC" --json 2>&1)
STATUS=$?
if [ "$STATUS" -eq 0 ]; then
  exit 0   # COMPLETE (or COMPLETE-WITH-GAPS): let the session stop
fi
python3 - "$VERDICT" "$STATUS" <<'PY'
import json, sys
raw, status = sys.argv[1], sys.argv[2]
try:
    verdict = json.loads(raw)
    reason = verdict.get("reason") or verdict.get("verdict") or raw
    open_tasks = verdict.get("open_tasks") or []
except ValueError:
    reason, open_tasks = raw.strip() or f"ralph-gate exited {status}", []
lines = [f"ralph-gate refused completion: {reason}"]
lines += [f"- {t}" if isinstance(t, str) else f"- {t.get('id') or ''} {t.get('title', '')}".rstrip() for t in open_tasks]
print(json.dumps({
    "decision": "block",
    "reason": "\n".join(lines),
    "systemMessage": f"ralph-gate: not complete (exit {status})",
}))
PY
exit 0
