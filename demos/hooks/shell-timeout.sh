#!/usr/bin/env bash
# BeforeTool on run_shell_command: wrap every command in `timeout 60` so that no command the model
# runs can hang the session. Reads the hook input on stdin, answers a tool_input patch on stdout.
set -euo pipefail
input=$(cat)
command=$(node -e 'process.stdout.write(JSON.parse(process.argv[1]).tool_input.command ?? "")' "$input")
case "$command" in
  "" | "timeout "*) exit 0 ;; # nothing to do
esac
node -e '
  const command = process.argv[1];
  process.stdout.write(JSON.stringify({
    decision: "allow",
    systemMessage: `shell-timeout: running "${command}" under timeout 60`,
    hookSpecificOutput: { tool_input: { command: `timeout 60 ${command}` } },
  }));' "$command"
