/**
 * Gemini CLI as a dialect: `.gemini/settings.json`, `~/.gemini/settings.json`, the system settings and
 * extension `hooks/hooks.json` files; hookstream's canonical events are Gemini's own, so stdin needs no
 * renaming. Timeouts are milliseconds, hooks are on unless `hooksConfig.enabled` is false, tool matchers are
 * regular expressions and lifecycle matchers exact strings, and exit code 2 only warns on the advisory
 * events (SessionStart, SessionEnd, Notification, PreCompress).
 */
import { sep } from 'node:path';
import { CONTEXT, eventMaker, type EventTraits } from './tableParts.js';
import type { Dialect, DialectEvent } from './types.js';

const ADVISORY = ['decision', 'continue', 'stopReason'];

const geminiEvent = eventMaker({ matcher: 'exact', outputs: [], exit2: 'block', plainStdout: 'systemMessage' });
/** Gemini's events are hookstream's canonical ones: the native name is the canonical name. */
const event = (native: DialectEvent['canonical'], traits: EventTraits): DialectEvent =>
  geminiEvent(native, native, traits);

export const GEMINI_EVENTS: readonly DialectEvent[] = [
  event('BeforeTool', {
    matchTarget: 'tool_name',
    matcher: 'regex',
    outputs: ['decision', 'reason', 'continue', 'stopReason', 'systemMessage', 'hookSpecificOutput.tool_input'],
  }),
  // A block here replaces the tool's result with the reason; `tool_response` (or older `tool_output`) replaces it.
  event('AfterTool', {
    matchTarget: 'tool_name',
    matcher: 'regex',
    outputs: [
      'decision',
      'reason',
      'continue',
      'systemMessage',
      CONTEXT,
      'hookSpecificOutput.tool_response',
      'hookSpecificOutput.tailToolCallRequest',
    ],
  }),
  event('BeforeAgent', { outputs: ['decision', 'reason', 'continue', 'systemMessage', CONTEXT] }),
  event('AfterAgent', {
    outputs: ['decision', 'reason', 'continue', 'systemMessage', 'hookSpecificOutput.clearContext'],
  }),
  event('BeforeModel', {
    outputs: ['decision', 'reason', 'continue', 'hookSpecificOutput.llm_request', 'hookSpecificOutput.llm_response'],
  }),
  event('AfterModel', { outputs: ['decision', 'reason', 'continue', 'hookSpecificOutput.llm_response'] }),
  event('BeforeToolSelection', {
    outputs: ['hookSpecificOutput.toolConfig'],
    discards: ['decision', 'continue', 'systemMessage'],
  }),
  event('SessionStart', {
    matchTarget: 'source',
    matchValues: ['startup', 'resume', 'clear'],
    outputs: ['systemMessage', CONTEXT],
    exit2: 'warning',
    discards: ADVISORY,
  }),
  event('SessionEnd', {
    matchTarget: 'reason',
    matchValues: ['exit', 'clear', 'logout', 'prompt_input_exit', 'other'],
    outputs: ['systemMessage'],
    exit2: 'warning',
    discards: ADVISORY,
  }),
  event('Notification', {
    matchTarget: 'notification_type',
    outputs: ['systemMessage'],
    exit2: 'warning',
    discards: ADVISORY,
  }),
  event('PreCompress', {
    matchTarget: 'trigger',
    matchValues: ['manual', 'auto'],
    outputs: ['systemMessage'],
    exit2: 'warning',
    discards: ADVISORY,
  }),
];

export const GEMINI: Dialect = {
  id: 'gemini',
  label: 'Gemini CLI',
  configDir: { name: '.gemini', override: { variable: 'GEMINI_CLI_HOME', replaces: 'home' } },
  locations: [
    { scope: 'project', source: 'project', base: 'project', path: ['.gemini', 'settings.json'] },
    { scope: 'user', source: 'user', base: 'config', path: ['settings.json'] },
    {
      scope: 'system',
      source: 'system',
      base: 'absolute',
      path: {
        linux: '/etc/gemini-cli/settings.json',
        darwin: '/Library/Application Support/GeminiCli/settings.json',
        win32: 'C:\\ProgramData\\gemini-cli\\settings.json',
      },
      overrideVariable: 'GEMINI_CLI_SYSTEM_SETTINGS_PATH',
    },
  ],
  bundles: [{ kind: 'extension', hooksFile: ['hooks', 'hooks.json'], fileKeys: ['description'] }],
  events: GEMINI_EVENTS,
  timeoutUnit: 'milliseconds',
  defaultTimeoutMs: 60_000,
  enablement: {
    default: true,
    switches: [{ path: ['hooksConfig', 'enabled'], value: false, effect: 'disable', reach: 'scopes' }],
  },
  variables: [
    { name: 'GEMINI_PROJECT_DIR', value: 'projectDir' },
    { name: 'CLAUDE_PROJECT_DIR', value: 'projectDir' },
    { name: 'GEMINI_SESSION_ID', value: 'sessionId' },
    { name: 'GEMINI_CWD', value: 'cwd' },
  ],
  // `GEMINI_CLI=1` marks the shell commands Gemini CLI runs; `GEMINI_PLANS_DIR` is given to its hooks.
  agentMarkers: ['GEMINI_CLI', 'GEMINI_PLANS_DIR'],
  placeholders: [
    { token: '${extensionPath}', variable: 'HOOKSTREAM_EXTENSION_PATH', value: 'extensionPath' },
    { token: '${workspacePath}', variable: 'HOOKSTREAM_WORKSPACE_PATH', value: 'workspacePath' },
    { token: '${/}', constant: sep },
    { token: '${pathSeparator}', constant: sep },
    // Gemini CLI writes the project directory into the command text itself; a variable reference is the safe form.
    { token: '$GEMINI_PROJECT_DIR', variable: 'GEMINI_PROJECT_DIR', value: 'projectDir' },
    { token: '$CLAUDE_PROJECT_DIR', variable: 'CLAUDE_PROJECT_DIR', value: 'projectDir' },
  ],
  hookTypes: { run: ['command'], skipped: ['runtime'] },
  topLevelKeys: {
    acted: ['hooks', 'hooksConfig'],
    quiet: [
      '$schema',
      'general',
      'ui',
      'model',
      'context',
      'tools',
      'mcp',
      'mcpServers',
      'security',
      'advanced',
      'experimental',
      'privacy',
      'telemetry',
      'ide',
      'extensions',
      'output',
      'billing',
      'description',
    ],
    unknown: 'quiet',
  },
  hooksSectionKeys: ['enabled', 'disabled', 'notifications'],
  groupKeys: { acted: ['matcher', 'sequential', 'hooks', 'effects'], quiet: [], unknown: 'warn' },
  hookKeys: { acted: ['type', 'command', 'name', 'timeout', 'description', 'env'], quiet: [], unknown: 'warn' },
  sendsNativeEventName: true,
  exit2Stdout: 'ignored',
};
