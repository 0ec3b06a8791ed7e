#!/usr/bin/env node
// AfterTool: ships every shell command to an audit endpoint. Deliberately broken in the demo — no
// AUDIT_URL is configured — to show a failing hook failing open: a warning, and the agent goes on.
import { readFileSync } from 'node:fs';

const input = JSON.parse(readFileSync(0, 'utf8'));
const endpoint = process.env.AUDIT_URL;
if (!endpoint) {
  process.stderr.write(`audit-log: AUDIT_URL is not set; cannot record "${input.tool_input.command}"\n`);
  process.exit(1);
}
await fetch(endpoint, { method: 'POST', body: JSON.stringify(input) });
