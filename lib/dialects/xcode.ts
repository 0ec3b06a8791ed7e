/**
 * x-code's plugin hooks as a dialect: a plugin's `plugin.json` lists hooks straight under each of its ten events
 * (`{ "PreToolUse": [{ "matcher": "writeFile|edit", "command": "node ${pluginDir}/hooks/lint.js" }] }`), inline or
 * in the file its `"hooks": "./hooks/hooks.json"` names (that file is the event map itself). A hook reads one
 * JSON line on stdin — `event`, `session { cwd, modelId }`, `plugin { id, dir }`, `tool { name, args, callId,
 * output, isError }`, `prompt`, `turn`, `tokenUsage`, `trigger`, `agent { … }`, `durationMs`, `outcome` — and may
 * answer `{ "decision": "allow" | "deny" | "modify", "reason", "args", "output", "context" }`:
 *
 * - PreToolUse: `deny` blocks, `modify.args` REPLACES the tool's input; UserPromptSubmit: `deny` blocks,
 *   `context` is added to the prompt; PostToolUse: `modify.output` replaces the result, a `deny` is ignored (too
 *   late); every other event cannot decide and its stdout is ignored;
 * - the three decision events run their hooks one after another in registration order, a deny ending the chain
 *   and a later `modify` overriding an earlier one; the others run in parallel, and SessionEnd is not waited for;
 * - any non-zero exit (2 included), a crash or a timeout is a failure: allow plus a warning, or a deny under
 *   `"failurePolicy": "block"`; timeouts are milliseconds, 5 000 by default and at most 30 000;
 * - `${pluginDir}`, `${pluginDataDir}` (created on first use), `${cwd}`, `${homedir}`, `${sep}` and `${env:NAME}`
 *   become quoted references to variables holding the values, never shell text.
 */
import { sep } from 'node:path';
import { eventMaker } from './tableParts.js';
import type { Dialect, InputShape, OutputRename } from './types.js';

/** What every payload carries: the event name as `event`, the project and model under `session`. */
const SESSION_NESTS: Readonly<Record<string, string>> = {
  hook_event_name: 'event',
  cwd: 'session.cwd',
  model: 'session.modelId',
};

const shape = (own: InputShape = {}): InputShape => ({
  ...own,
  nativeFills: { model: { value: '' }, ...own.nativeFills },
  nests: { ...SESSION_NESTS, ...own.nests },
});

/** A tool call as x-code sends it: `tool { name, args, callId }`, after the call `output` and `isError` too. */
const TOOL_NESTS = {
  tool_name: 'tool.name',
  tool_input: 'tool.args',
  tool_call_id: 'tool.callId',
  tool_response: 'tool.output',
  is_error: 'tool.isError',
};

/** x-code's camelCase names for the canonical snake_case fields. */
const CAMEL: Readonly<Record<string, string>> = {
  token_usage: 'tokenUsage',
  message_count: 'messageCount',
  token_estimate: 'tokenEstimate',
  duration_ms: 'durationMs',
};

const REASON: OutputRename = { from: 'reason', to: 'reason' };
const CONTEXT_OUT: OutputRename = { from: 'context', to: 'hookSpecificOutput.additionalContext' };

/** `decision` read per event: `modify` is no verdict (its fields carry the change); `deny` where it blocks. */
const decision = (deny: 'deny' | null): OutputRename => ({
  from: 'decision',
  to: 'decision',
  values: { '"allow"': 'allow', '"deny"': deny, '"modify"': null },
});

const event = eventMaker({
  matcher: 'regex',
  input: shape(),
  outputs: [],
  exit2: 'failure',
  plainStdout: 'ignored',
  discards: ['*'],
});

/** An event that can decide: its hooks run in registration order, a deny ending the chain. */
const DECIDING = { serial: true, decides: true } as const;

export const XCODE: Dialect = {
  id: 'xcode',
  label: 'x-code',
  configDir: { name: '.x-code' },
  // x-code reads hooks from its plugins only (lib/config/xcodePlugins.ts); a manifest can be passed as a file.
  locations: [],
  bundles: [
    {
      kind: 'plugin',
      hooksFile: ['plugin.json'],
      fileKeys: ['name', 'version', 'description', 'author', 'homepage', 'repository', 'license', 'keywords'],
    },
  ],
  events: [
    event('SessionStart', 'SessionStart', {}),
    event('UserPromptSubmit', 'BeforeAgent', {
      ...DECIDING,
      outputs: ['decision', 'reason', 'hookSpecificOutput.additionalContext'],
      outputMap: [decision('deny'), REASON, CONTEXT_OUT],
      discards: ['args', 'output'],
    }),
    event('PreToolUse', 'BeforeTool', {
      ...DECIDING,
      matchTarget: 'tool_name',
      input: shape({ nests: TOOL_NESTS }),
      outputs: ['decision', 'reason', 'hookSpecificOutput.tool_input'],
      outputMap: [
        decision('deny'),
        REASON,
        { from: 'args', to: 'hookSpecificOutput.tool_input' },
        { from: 'args', to: 'hookSpecificOutput.replaceToolInput', value: true },
      ],
      // x-code ignores these here.
      discards: ['context', 'output'],
    }),
    event('PostToolUse', 'AfterTool', {
      serial: true,
      discards: ['args', 'reason'],
      matchTarget: 'tool_name',
      input: shape({ nests: TOOL_NESTS, nativeFills: { is_error: { value: false } } }),
      outputs: ['hookSpecificOutput.tool_response', 'hookSpecificOutput.additionalContext'],
      // A deny comes too late to stop the tool: ignored, as x-code ignores it.
      outputMap: [decision(null), { from: 'output', to: 'hookSpecificOutput.tool_response' }, CONTEXT_OUT],
    }),
    event('PreCompact', 'PreCompress', { input: shape({ renames: CAMEL }) }),
    event('PostCompact', 'PostCompress', { input: shape({ renames: CAMEL }) }),
    event('SubagentStart', 'SubagentStart', {
      input: shape({
        nests: { agent_name: 'agent.name', agent_description: 'agent.description', prompt: 'agent.prompt' },
      }),
    }),
    event('SubagentStop', 'SubagentStop', {
      input: shape({ renames: CAMEL, nests: { agent_name: 'agent.name', agent_description: 'agent.description' } }),
    }),
    event('TurnComplete', 'TurnComplete', { input: shape({ renames: CAMEL }) }),
    // The CLI exits without waiting for SessionEnd hooks.
    event('SessionEnd', 'SessionEnd', { background: true }),
  ],
  timeoutUnit: 'milliseconds',
  defaultTimeoutMs: 5_000,
  maxTimeoutMs: 30_000,
  // Installed plugins' hooks run; `xc --no-hooks` is a command-line switch, not a file's.
  enablement: { default: true, switches: [] },
  variables: [],
  placeholders: [
    { token: '${pluginDir}', variable: 'XCODE_PLUGIN_DIR', value: 'pluginRoot' },
    { token: '${pluginDataDir}', variable: 'XCODE_PLUGIN_DATA_DIR', value: 'pluginData', createsDirectory: true },
    { token: '${cwd}', variable: 'XCODE_CWD', value: 'cwd' },
    { token: '${homedir}', variable: 'XCODE_HOMEDIR', value: 'homedir' },
    { token: '${sep}', constant: sep },
  ],
  envPlaceholders: true,
  bundleInputField: 'plugin',
  hookTypes: { run: ['command'], skipped: [] },
  topLevelKeys: { acted: ['hooks'], quiet: ['name', 'version', 'description', 'author'], unknown: 'quiet' },
  hooksSectionKeys: [],
  groupKeys: { acted: [], quiet: [], unknown: 'warn' },
  hookKeys: {
    acted: [
      'type',
      'matcher',
      'command',
      'commandWindows',
      'commandDarwin',
      'commandLinux',
      'timeout',
      'failurePolicy',
      'description',
    ],
    quiet: [],
    unknown: 'warn',
  },
  hookList: 'flat',
  commandKeys: {
    posix: ['commandLinux', 'command'],
    darwin: ['commandDarwin', 'command'],
    win32: ['commandWindows', 'command'],
  },
  sendsNativeEventName: true,
  exit2Stdout: 'ignored',
};
