/**
 * OpenAI Codex as a dialect (developers.openai.com/codex/hooks): `hooks.json` beside each config layer —
 * `<repo>/.codex/hooks.json`, `~/.codex/hooks.json` (`CODEX_HOME` relocates `~/.codex`) and the system layer's
 * `/etc/codex/hooks.json`, whose managed hooks nothing else disables. The file is Claude Code's shape (event →
 * `[{ matcher, hooks: [{ type, command, timeout, statusMessage, async }] }]`) with Claude's event names, stdin
 * and answers (`hookSpecificOutput.permissionDecision`, `updatedInput`, `additionalContext`, exit code 2 with
 * the reason on stderr), so its events are Claude's table with Codex's differences: matchers are regular
 * expressions, there are no `if` conditions or env file, timeouts are seconds (600 by default, SessionEnd 1),
 * and `commandWindows` replaces `command` on Windows. `prompt` and `agent` handlers are parsed and skipped, as
 * Codex does; `async` hooks run in the background (Codex itself skips them).
 *
 * Not read: inline `[hooks]` tables and the `[features] hooks = false` switch of `config.toml` (TOML), plugin hooks.
 */
import { CLAUDE_EVENTS } from './claudeEvents.js';
import { enabledUnlessSwitched } from './tableParts.js';
import type { Dialect, DialectEvent } from './types.js';

const CODEX_NATIVE = new Set([
  'SessionStart',
  'PreToolUse',
  'PermissionRequest',
  'PostToolUse',
  'PreCompact',
  'PostCompact',
  'UserPromptSubmit',
  'SubagentStart',
  'SubagentStop',
  'Stop',
  'SessionEnd',
]);

/** Claude's event as Codex has it: a regular-expression matcher, no `if`, no env file. */
const asCodex = (event: DialectEvent): DialectEvent => {
  const codex: { -readonly [K in keyof DialectEvent]: DialectEvent[K] } = Object.assign({}, event, {
    matcher: 'regex' as const,
  });
  delete codex.ifCondition;
  delete codex.envFile;
  // Codex bounds SessionEnd hooks at 1 s unless they set more.
  if (event.native === 'SessionEnd') codex.defaultTimeoutMs = 1_000;
  return codex;
};

export const CODEX_EVENTS: readonly DialectEvent[] = CLAUDE_EVENTS.filter((event) =>
  CODEX_NATIVE.has(event.native),
).map(asCodex);

export const CODEX: Dialect = {
  id: 'codex',
  label: 'Codex',
  configDir: { name: '.codex', override: { variable: 'CODEX_HOME', replaces: 'dir' } },
  locations: [
    { scope: 'project', source: 'project', base: 'project', path: ['.codex', 'hooks.json'] },
    { scope: 'user', source: 'user', base: 'config', path: ['hooks.json'] },
    {
      scope: 'managed',
      source: 'system',
      base: 'absolute',
      path: { linux: '/etc/codex/hooks.json', darwin: '/etc/codex/hooks.json' },
    },
  ],
  bundles: [],
  events: CODEX_EVENTS,
  timeoutUnit: 'seconds',
  defaultTimeoutMs: 600_000,
  enablement: enabledUnlessSwitched(),
  variables: [],
  placeholders: [],
  hookTypes: { run: ['command', 'mcp_tool'], skipped: ['prompt', 'agent'] },
  // Codex refuses unknown top-level keys, so hookstream says so; it ignores unknown keys below.
  topLevelKeys: { acted: ['hooks'], quiet: ['description'], unknown: 'warn' },
  hooksSectionKeys: [],
  groupKeys: { acted: ['matcher', 'hooks', 'effects'], quiet: [], unknown: 'quiet' },
  hookKeys: {
    acted: [
      'type',
      'command',
      'commandWindows',
      'command_windows',
      'timeout',
      'statusMessage',
      'async',
      'server',
      'tool',
      'input',
    ],
    quiet: ['prompt', 'model'],
    unknown: 'quiet',
  },
  commandKeys: { posix: ['command'], win32: ['commandWindows', 'command_windows', 'command'] },
  unsupportedEvents: ['Interrupt'],
  sendsNativeEventName: true,
  exit2Stdout: 'ignored',
};
