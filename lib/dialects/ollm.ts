/**
 * OLLM CLI's hooks as a dialect: `.ollm/settings.json` and `~/.ollm/settings.json` list hooks under its twelve
 * snake_case events (`{ "hooks": { "before_tool": [{ "name": "validate", "command": "node", "args": ["v.js"] }] } }`),
 * and each `*.json` of `.ollm/hooks/` and `~/.ollm/hooks/` is a hook in the legacy format
 * (`{ "name", "when": { "type": "fileEdited", "patterns": ["*.ts"] }, "then": { "type": "runCommand", … } }`,
 * read by lib/config/ollmLegacy.ts). A hook's `command` is a program run without a shell, with `args`; only the
 * programs of the command whitelist run. Hooks read `event` (the OLLM event name) and `context` (the event's
 * fields) besides hookstream's fields; the default timeout is 5 s; `"enabled": false` switches one hook off.
 * A hook with `"sequential": true` makes its event's hooks run one after another, in order; a hook answering
 * `"continue": false` there ends the chain (the later hooks are skipped), as OLLM's hook loop does.
 */
import type { Dialect, DialectEvent, InputShape } from './types.js';
import { eventMaker } from './tableParts.js';

/** What every payload carries besides the canonical fields: the event name as `event`, the fields as `context`. */
const INPUT: InputShape = { nativeFills: { event: { from: 'hook_event_name' } }, contextField: 'context' };

const event = eventMaker({ matcher: 'regex', input: INPUT, outputs: [], exit2: 'block', plainStdout: 'systemMessage' });

const COMMON_OUTPUTS = ['decision', 'reason', 'continue', 'stopReason', 'systemMessage'];

/** A file event of the legacy format: FileChanged, its `patterns` tested against the file's path. */
const fileEvent = (native: string): DialectEvent =>
  event(native, 'FileChanged', { matchTarget: 'file_path', outputs: ['systemMessage'], exit2: 'warning' });

/**
 * The programs a `runCommand` hook may start, as the OLLM hook runner lists them; a `commandWhitelist` in user
 * settings replaces it (lib/config/commandWhitelist.ts).
 */
export const OLLM_COMMAND_WHITELIST: readonly string[] = ['node', 'python', 'python3', 'bash', 'sh', 'npx', 'uvx'];

export const OLLM: Dialect = {
  id: 'ollm',
  label: 'OLLM',
  configDir: { name: '.ollm' },
  locations: [
    { scope: 'project', source: 'project', base: 'project', path: ['.ollm', 'settings.json'] },
    { scope: 'project', source: 'project', base: 'project', path: ['.ollm', 'hooks'], directory: true },
    { scope: 'user', source: 'user', base: 'config', path: ['settings.json'] },
    { scope: 'user', source: 'user', base: 'config', path: ['hooks'], directory: true },
  ],
  bundles: [],
  events: [
    event('session_start', 'SessionStart', { exit2: 'warning', outputs: COMMON_OUTPUTS }),
    event('session_end', 'SessionEnd', { exit2: 'warning', outputs: COMMON_OUTPUTS }),
    event('before_agent', 'BeforeAgent', { outputs: COMMON_OUTPUTS }),
    event('after_agent', 'AfterAgent', { outputs: COMMON_OUTPUTS }),
    event('before_model', 'BeforeModel', { outputs: COMMON_OUTPUTS }),
    event('after_model', 'AfterModel', { outputs: COMMON_OUTPUTS }),
    event('before_tool_selection', 'BeforeToolSelection', { outputs: COMMON_OUTPUTS }),
    event('before_tool', 'BeforeTool', { matchTarget: 'tool_name', outputs: COMMON_OUTPUTS }),
    event('after_tool', 'AfterTool', { matchTarget: 'tool_name', outputs: COMMON_OUTPUTS }),
    event('pre_compress', 'PreCompress', { exit2: 'warning', outputs: COMMON_OUTPUTS }),
    event('post_compress', 'PostCompress', { exit2: 'warning', outputs: COMMON_OUTPUTS }),
    event('notification', 'Notification', { exit2: 'warning', outputs: COMMON_OUTPUTS }),
    fileEvent('fileEdited'),
    fileEvent('fileCreated'),
    fileEvent('fileDeleted'),
  ],
  timeoutUnit: 'milliseconds',
  defaultTimeoutMs: 5_000,
  enablement: { default: true, switches: [] },
  variables: [],
  placeholders: [],
  commandWhitelist: OLLM_COMMAND_WHITELIST,
  legacyHooks: true,
  // After each hook of a chain its loop reads `continue`: `false` ends it.
  continueEndsChain: true,
  // An `askAgent` prompt names the changed file as `{{file.path}}` ("Run linting on {{file.path}}").
  promptFields: { '{{file.path}}': 'file_path' },
  hookTypes: { run: ['command', 'prompt'], skipped: [] },
  topLevelKeys: { acted: ['hooks', 'commandWhitelist'], quiet: [], unknown: 'quiet' },
  hooksSectionKeys: [],
  groupKeys: { acted: [], quiet: [], unknown: 'warn' },
  hookKeys: {
    acted: [
      'type',
      'name',
      'command',
      'args',
      'prompt',
      'timeout',
      'enabled',
      'sequential',
      'matcher',
      'env',
      'description',
    ],
    quiet: ['id', 'trusted', 'source'],
    unknown: 'warn',
  },
  hookList: 'flat',
  // The hook runner spawns the program with its arguments and no shell.
  commandKeys: { posix: ['command'], win32: ['command'], exec: 'command' },
  sendsNativeEventName: true,
  exit2Stdout: 'read',
};
