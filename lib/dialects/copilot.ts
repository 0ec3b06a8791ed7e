/**
 * GitHub Copilot (CLI and cloud agent) as a dialect (docs.github.com/copilot/reference/hooks-reference): every
 * `*.json` file of `.github/hooks/`, of `~/.copilot/hooks/` (`COPILOT_HOME` relocates it) and of the policy
 * directory `/etc/github-copilot/policy.d/`, each `{ "version": 1, "hooks": { "preToolUse": [{ "type": "command",
 * "bash": "…", "powershell": "…", "cwd": "…", "env": {}, "timeoutSec": 30 }] } }`. Policy files count only when
 * owned by root and not writable by group or others, and nothing else can disable them; `disableAllHooks` in a
 * hooks file turns off that file's hooks only.
 *
 * Events come in two spellings with two payloads: camelCase (`preToolUse`: `sessionId`, `toolName`, `toolArgs`
 * as JSON text, `timestamp` in milliseconds) and the VS Code-compatible PascalCase (`PreToolUse`: snake_case,
 * Claude's matcher rule). Matchers are anchored (`^(?:pattern)$`). A command `preToolUse` hook that fails or
 * exits 2 denies; other failures and every timeout fail open. Answers: `permissionDecision`,
 * `permissionDecisionReason`, `modifiedArgs` (replaces the arguments), `modifiedResult` (replaces the result),
 * `decision`/`reason` on `agentStop`, `behavior`/`message`/`interrupt` on `permissionRequest`, `additionalContext`.
 */
import { CONTEXT, enabledUnlessSwitched, eventMaker, MATCHER_GROUP_KEYS, type EventTraits } from './tableParts.js';
import type { Dialect, DialectEvent, InputShape, OutputRename } from './types.js';

const PRE_TOOL: readonly OutputRename[] = [
  {
    from: 'permissionDecision',
    to: 'decision',
    values: { '"allow"': 'allow', '"deny"': 'deny', '"ask"': 'ask' },
  },
  { from: 'permissionDecisionReason', to: 'reason' },
  { from: 'modifiedArgs', to: 'hookSpecificOutput.tool_input' },
  { from: 'modifiedArgs', to: 'hookSpecificOutput.replaceToolInput', value: true },
];
const POST_TOOL: readonly OutputRename[] = [{ from: 'modifiedResult', to: 'hookSpecificOutput.tool_response' }];
const PERMISSION_REQUEST: readonly OutputRename[] = [
  { from: 'behavior', to: 'decision', values: { '"allow"': 'allow', '"deny"': 'deny' } },
  { from: 'message', to: 'reason' },
  { from: 'interrupt', to: 'continue', values: { true: false, false: null } },
];

/** The camelCase payload's base fields. */
const CAMEL_BASE = { session_id: 'sessionId', transcript_path: 'transcriptPath' };
const TOOL_CALL = { tool_name: 'toolName', tool_input: 'toolArgs' };

const camel = (own: InputShape = {}): InputShape => ({
  ...own,
  renames: { ...CAMEL_BASE, ...own.renames },
  epochMillis: ['timestamp'],
});

const SESSION_SOURCE: InputShape = {
  toNativeValues: { source: { clear: 'new', compress: 'resume' } },
  toCanonicalValues: { source: { new: 'clear' } },
};
const SESSION_REASON: InputShape = {
  toNativeValues: {
    reason: {
      exit: 'user_exit',
      clear: 'user_exit',
      logout: 'user_exit',
      prompt_input_exit: 'user_exit',
      other: 'complete',
    },
  },
  toCanonicalValues: {
    reason: { complete: 'other', error: 'other', abort: 'other', timeout: 'other', user_exit: 'exit' },
  },
};
const STOP: InputShape = {
  canonicalFills: { prompt: { value: '' }, prompt_response: { value: '' }, stop_hook_active: { value: false } },
};

const event = eventMaker({ matcher: 'regex', anchored: true, outputs: [], exit2: 'warning', plainStdout: 'ignored' });

/** One event in both spellings: camelCase with its camelCase payload, PascalCase with the snake_case one. */
const both = (
  names: readonly [string, string],
  canonical: DialectEvent['canonical'],
  traits: EventTraits,
  camelInput: InputShape,
  pascal: EventTraits = {},
): DialectEvent[] => [
  event(names[0], canonical, { ...traits, input: camel(camelInput) }),
  event(names[1], canonical, { ...traits, ...pascal }),
];

const PRE_TOOL_TRAITS = {
  matchTarget: 'tool_name',
  outputs: ['decision', 'reason', 'hookSpecificOutput.tool_input'],
  outputMap: PRE_TOOL,
  exit2: 'block',
  // A command preToolUse hook is fail-closed: a crash or any non-zero exit denies (timeouts still fail open).
  nonZeroBlocks: true,
} as const;

export const COPILOT_EVENTS: readonly DialectEvent[] = [
  ...both(
    ['sessionStart', 'SessionStart'],
    'SessionStart',
    { input: SESSION_SOURCE, outputs: [CONTEXT] },
    SESSION_SOURCE,
  ),
  ...both(['sessionEnd', 'SessionEnd'], 'SessionEnd', { input: SESSION_REASON, discards: ['*'] }, SESSION_REASON),
  // Command hooks' answers to a prompt are dropped by Copilot (only SDK hooks may rewrite it).
  ...both(['userPromptSubmitted', 'UserPromptSubmit'], 'BeforeAgent', { discards: ['*'] }, {}),
  ...both(
    ['preToolUse', 'PreToolUse'],
    'BeforeTool',
    PRE_TOOL_TRAITS,
    { renames: TOOL_CALL, jsonText: ['tool_input'] },
    {
      matcher: 'claude',
    },
  ),
  ...both(
    ['postToolUse', 'PostToolUse'],
    'AfterTool',
    { matchTarget: 'tool_name', outputs: [CONTEXT, 'hookSpecificOutput.tool_response'], outputMap: POST_TOOL },
    { renames: { ...TOOL_CALL, tool_response: 'toolResult' }, jsonText: ['tool_input'] },
    { input: { renames: { tool_response: 'tool_result' } } },
  ),
  ...both(
    ['postToolUseFailure', 'PostToolUseFailure'],
    'PostToolUseFailure',
    { matchTarget: 'tool_name', outputs: [CONTEXT] },
    { renames: TOOL_CALL, jsonText: ['tool_input'] },
  ),
  ...both(
    ['agentStop', 'Stop'],
    'AfterAgent',
    { input: STOP, outputs: ['decision', 'reason'], decides: true },
    { ...STOP, nativeFills: { stopReason: { value: 'end_turn' } } },
  ),
  ...both(
    ['subagentStop', 'SubagentStop'],
    'SubagentStop',
    {
      input: { canonicalFills: { outcome: { value: 'completed' } } },
      outputs: ['decision', 'reason'],
      decides: true,
    },
    {
      renames: { agent_name: 'agentName' },
      nativeFills: { stopReason: { value: 'end_turn' } },
      canonicalFills: { outcome: { value: 'completed' } },
    },
  ),
  ...both(
    ['preCompact', 'PreCompact'],
    'PreCompress',
    { matchTarget: 'trigger', discards: ['*'] },
    { renames: { custom_instructions: 'customInstructions' }, nativeFills: { customInstructions: { value: '' } } },
  ),
  ...both(
    ['permissionRequest', 'PermissionRequest'],
    'PermissionRequest',
    {
      matchTarget: 'tool_name',
      outputs: ['decision', 'reason', 'continue'],
      outputMap: PERMISSION_REQUEST,
      exit2: 'block',
    },
    { renames: { tool_name: 'toolName', tool_input: 'toolInput' } },
    { matcher: 'claude' },
  ),
  event('subagentStart', 'SubagentStart', {
    matchTarget: 'agent_name',
    input: camel({ renames: { agent_name: 'agentName', agent_description: 'agentDescription' } }),
    outputs: [CONTEXT],
  }),
  event('notification', 'Notification', {
    matchTarget: 'notification_type',
    input: camel(),
    outputs: [CONTEXT],
  }),
];

export const COPILOT: Dialect = {
  id: 'copilot',
  label: 'GitHub Copilot',
  configDir: { name: '.copilot', override: { variable: 'COPILOT_HOME', replaces: 'dir' } },
  locations: [
    { scope: 'project', source: 'project', base: 'project', path: ['.github', 'hooks'], directory: true },
    { scope: 'user', source: 'user', base: 'config', path: ['hooks'], directory: true },
    {
      scope: 'managed',
      source: 'system',
      base: 'absolute',
      path: {
        linux: '/etc/github-copilot/policy.d',
        darwin: '/etc/github-copilot/policy.d',
        win32: 'C:\\ProgramData\\GitHub\\Copilot\\policy.d',
      },
      directory: true,
      ownership: 'root',
      // hookstream's own variable (Copilot has none): points the policy directory elsewhere, for tests.
      overrideVariable: 'HOOKSTREAM_COPILOT_POLICY_DIR',
    },
  ],
  bundles: [],
  events: COPILOT_EVENTS,
  timeoutUnit: 'seconds',
  defaultTimeoutMs: 30_000,
  enablement: enabledUnlessSwitched({ path: ['disableAllHooks'], value: true, effect: 'disable', reach: 'file' }),
  // Its hooks reference documents no variable of its own for hooks; its plugins' hooks get these.
  variables: [],
  agentMarkers: ['COPILOT_PLUGIN_ROOT', 'COPILOT_PLUGIN_DATA'],
  placeholders: [],
  // Copilot's `prompt` hooks type text in as the user; hookstream's prompt hooks are judges: not the same thing.
  hookTypes: { run: ['command', 'http'], skipped: ['prompt'] },
  topLevelKeys: { acted: ['hooks', 'version', 'disableAllHooks'], quiet: ['$schema', 'description'], unknown: 'quiet' },
  hooksSectionKeys: [],
  groupKeys: MATCHER_GROUP_KEYS,
  hookKeys: {
    acted: [
      'type',
      'bash',
      'powershell',
      'command',
      'exec',
      'args',
      'cwd',
      'env',
      'timeoutSec',
      'timeout',
      'matcher',
      'url',
      'headers',
      'allowedEnvVars',
      'effects',
    ],
    quiet: ['comment', 'description', 'prompt'],
    unknown: 'warn',
  },
  hookList: 'flat',
  commandKeys: { posix: ['bash', 'command'], win32: ['powershell', 'command'], exec: 'exec' },
  // `timeoutSec` wins over its alias `timeout` when both are written.
  hookAliases: { timeoutSec: { key: 'timeout' } },
  cwdKey: 'cwd',
  unsupportedEvents: ['errorOccurred', 'ErrorOccurred', 'userPromptTransformed'],
  sendsNativeEventName: true,
  exit2Stdout: 'read',
};
