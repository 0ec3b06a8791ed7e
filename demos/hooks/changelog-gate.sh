#!/usr/bin/env bash
# AfterAgent (Stop): when the agent changed src/ but CHANGELOG.md says nothing about it, send it back
# to work once. `stop_hook_active` is true on the forced turn; we never block twice in a row.
set -uo pipefail
input=$(cat)
case "$input" in *'"stop_hook_active":true'*) exit 0 ;; esac
cd "$HOOKSTREAM_PROJECT_DIR" || exit 1
changed=$(grep -ho 'export function [a-zA-Z_]*' src/*.js | sed 's/export function //' | sort -u)
for fn in $changed; do
  if ! grep -q "$fn" CHANGELOG.md; then
    echo "{\"decision\":\"block\",\"reason\":\"CHANGELOG.md has no entry for $fn(); add one under a new version heading before finishing.\"}"
    exit 0
  fi
done
exit 0
