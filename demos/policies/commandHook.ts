/**
 * The command-hook form of every policy: `node bin/hook.mjs <policy> <options>`, exec form (no shell),
 * running the same plain-ESM core the function hooks import.
 */
import { fileURLToPath } from 'node:url';
import type { CommandHookConfig } from '../../lib/index.js';

/** Absolute path of the node entry shared by all policies. */
export const HOOK_SCRIPT = fileURLToPath(new URL('./bin/hook.mjs', import.meta.url));

export type PolicyName =
  'protect-paths' | 'dangerous-commands' | 'redact-secrets' | 'read-only' | 'loop-guard' | 'project-context';

/**
 * A command hook running `policy` with `options` (JSON-serialisable) — what you would write in settings:
 * `{ "type": "command", "command": "node", "args": ["demos/policies/bin/hook.mjs", "dangerous-commands"] }`.
 */
export const policyCommand = (policy: PolicyName, options: object = {}, timeoutMs = 10_000): CommandHookConfig => ({
  type: 'command',
  command: process.execPath,
  args: [HOOK_SCRIPT, policy, JSON.stringify(options)],
  timeout: timeoutMs,
  name: `policy:${policy}`,
});
