#!/usr/bin/env bash
# SessionEnd: append one line per session to .hookstream/sessions.log (awaited with a bounded flush).
set -euo pipefail
input=$(cat)
mkdir -p "$HOOKSTREAM_PROJECT_DIR/.hookstream"
reason=$(node -e 'process.stdout.write(JSON.parse(process.argv[1]).reason)' "$input")
echo "$(date -u +%FT%TZ) session $HOOKSTREAM_SESSION_ID ended ($reason)" >> "$HOOKSTREAM_PROJECT_DIR/.hookstream/sessions.log"
