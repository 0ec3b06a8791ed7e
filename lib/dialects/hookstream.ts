/**
 * hookstream's own dialect, the seeds' format: `.hookstream/settings.json` and its user and system siblings,
 * canonical event names plus every alias of lib/events (PreToolUse, snake_case …) with the canonical name on
 * stdin, unanchored regular-expression matchers, millisecond timeouts, and the seeds' `tools.enableHooks`
 * switch. Nothing here changes how hookstream reads its own files; it states it as data.
 */
import {
  ACCEPTED_EVENT_NAMES,
  ADVISORY_EVENTS,
  MATCH_TARGET,
  canonicalEventName,
  type EventName,
} from '../events/names.js';
import { DEFAULT_TIMEOUT_MS } from '../core/limits.js';
import { GROUP_FIELDS, HOOK_FIELDS, SETTINGS_FIELDS } from './hookstreamFields.js';
import type { Dialect, DialectEvent, Exit2Meaning } from './types.js';

/** The variable a dialect hook's working directory travels in (set where its file asks for one). */
export const HOOK_CWD_VARIABLE = 'HOOKSTREAM_HOOK_CWD';

const OUTPUTS = [
  'continue',
  'stopReason',
  'suppressOutput',
  'systemMessage',
  'decision',
  'reason',
  'hookSpecificOutput',
];

const hookstreamEvent = (native: string, canonical: EventName): DialectEvent => {
  const exit2: Exit2Meaning = ADVISORY_EVENTS.has(canonical) ? 'warning' : 'block';
  const event: DialectEvent = {
    native,
    canonical,
    matcher: 'regex',
    outputs: OUTPUTS,
    exit2,
    plainStdout: 'systemMessage',
  };
  const target = MATCH_TARGET[canonical];
  return target === undefined ? event : { ...event, matchTarget: target };
};

export const HOOKSTREAM_EVENTS: readonly DialectEvent[] = ACCEPTED_EVENT_NAMES.map((name) =>
  hookstreamEvent(name, canonicalEventName(name) as EventName),
);

export const HOOKSTREAM: Dialect = {
  id: 'hookstream',
  label: 'hookstream',
  configDir: { name: '.hookstream' },
  locations: [
    { scope: 'project', source: 'project', base: 'project', path: ['.hookstream', 'settings.json'] },
    { scope: 'user', source: 'user', base: 'config', path: ['settings.json'] },
    {
      scope: 'system',
      source: 'system',
      base: 'absolute',
      path: { linux: '/etc/hookstream/settings.json', darwin: '/etc/hookstream/settings.json' },
    },
  ],
  bundles: [],
  events: HOOKSTREAM_EVENTS,
  timeoutUnit: 'milliseconds',
  defaultTimeoutMs: DEFAULT_TIMEOUT_MS,
  enablement: {
    default: false,
    switches: [
      { path: ['tools', 'enableHooks'], value: true, effect: 'enable', reach: 'scopes' },
      { path: ['tools', 'enableHooks'], value: false, effect: 'disable', reach: 'scopes' },
      { path: ['hooksConfig', 'enabled'], value: false, effect: 'disable', reach: 'scopes', everyDialect: true },
    ],
  },
  // What hookstream's own hooks get (lib/protocol/hookEnv.ts reads this list): the project directory under
  // LLxprt's names — its own and the Gemini CLI and Claude Code aliases it documents — and the session.
  variables: [
    { name: 'HOOKSTREAM_PROJECT_DIR', value: 'projectDir' },
    { name: 'LLXPRT_PROJECT_DIR', value: 'projectDir' },
    { name: 'GEMINI_PROJECT_DIR', value: 'projectDir' },
    { name: 'CLAUDE_PROJECT_DIR', value: 'projectDir' },
    { name: 'HOOKSTREAM_SESSION_ID', value: 'sessionId' },
  ],
  placeholders: [],
  hookTypes: { run: ['command'], skipped: ['plugin'] },
  toolEffects: true,
  topLevelKeys: { acted: Object.keys(SETTINGS_FIELDS), quiet: ['$schema'], unknown: 'warn' },
  hooksSectionKeys: [],
  groupKeys: { acted: Object.keys(GROUP_FIELDS), quiet: [], unknown: 'warn' },
  hookKeys: {
    acted: [...Object.keys(HOOK_FIELDS), 'commandLinux', 'commandDarwin', 'commandWindows'],
    quiet: [],
    unknown: 'warn',
  },
  sendsNativeEventName: false,
  exit2Stdout: 'read',
};
