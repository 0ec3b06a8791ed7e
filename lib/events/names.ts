/**
 * Canonical event names and the aliases other hook dialects use for them
 * (Claude Code, x-code, OLLM snake_case). Everything downstream speaks canonical names only.
 */

/** The seed events (Gemini CLI's set plus the ones x-code and OLLM added). */
export const SEED_EVENT_NAMES = [
  'BeforeTool',
  'AfterTool',
  'BeforeAgent',
  'AfterAgent',
  'BeforeModel',
  'AfterModel',
  'BeforeToolSelection',
  'SessionStart',
  'SessionEnd',
  'PreCompress',
  'PostCompress',
  'Notification',
  'SubagentStart',
  'SubagentStop',
  'TurnComplete',
] as const;

/**
 * Claude Code's events that no seed event covers: canonical under Claude's
 * own names, so a hook file, `hookstream fire PostToolUseFailure` and a host all use the same word.
 */
export const CLAUDE_EVENT_NAMES = [
  'PermissionRequest',
  'PermissionDenied',
  'PostToolUseFailure',
  'PostToolBatch',
  'UserPromptExpansion',
  'StopFailure',
  'Setup',
  'ConfigChange',
  'InstructionsLoaded',
  'CwdChanged',
  'FileChanged',
  'WorktreeCreate',
  'WorktreeRemove',
  'TaskCreated',
  'TaskCompleted',
  'TeammateIdle',
  'Elicitation',
  'ElicitationResult',
  'PreModelSwitch',
  'PostModelSwitch',
  'MessageDisplay',
] as const;

export type ClaudeEventName = (typeof CLAUDE_EVENT_NAMES)[number];

/** Every canonical event: the seed events, then Claude Code's own. */
export const EVENT_NAMES = [...SEED_EVENT_NAMES, ...CLAUDE_EVENT_NAMES] as const;

export type EventName = (typeof EVENT_NAMES)[number];

const CANONICAL = new Set<string>(EVENT_NAMES);

/** Alias → canonical name. Snake_case forms of every canonical name are added below. */
const ALIASES: Readonly<Record<string, EventName>> = (() => {
  const table: Record<string, EventName> = {
    PreToolUse: 'BeforeTool',
    PostToolUse: 'AfterTool',
    UserPromptSubmit: 'BeforeAgent',
    Stop: 'AfterAgent',
    PreCompact: 'PreCompress',
    PostCompact: 'PostCompress',
  };
  for (const name of [...EVENT_NAMES, ...Object.keys(table)]) {
    const canonical = (CANONICAL.has(name) ? name : table[name]) as EventName;
    const snake = name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
    table[snake] ??= canonical;
  }
  return table;
})();

/** Every name accepted for an event: canonical names first, then aliases. */
export const ACCEPTED_EVENT_NAMES: readonly string[] = [...EVENT_NAMES, ...Object.keys(ALIASES)];

export const isEventName = (name: string): name is EventName => CANONICAL.has(name);

/** Canonical name for `name` (canonical or alias), or `undefined` when it names no event. */
export const canonicalEventName = (name: string): EventName | undefined =>
  CANONICAL.has(name) ? (name as EventName) : Object.hasOwn(ALIASES, name) ? ALIASES[name] : undefined;

/** The aliases of one canonical event, for help texts. */
export const aliasesOf = (event: EventName): string[] =>
  Object.entries(ALIASES)
    .filter(([, target]) => target === event)
    .map(([alias]) => alias);

/**
 * Events that announce what cannot be stopped any more (a session began, a tool already failed to be denied, a
 * file changed): a hook there informs, it cannot block, so exit code 2 is a warning.
 */
export const ADVISORY_EVENTS: ReadonlySet<EventName> = new Set<EventName>([
  'SessionStart',
  'SessionEnd',
  'Notification',
  'PreCompress',
  'PermissionDenied',
  'StopFailure',
  'Setup',
  'InstructionsLoaded',
  'CwdChanged',
  'FileChanged',
  'WorktreeRemove',
  'PostModelSwitch',
  'MessageDisplay',
]);

/**
 * The input field a matcher is tested against, per event.
 * Events without an entry have no match target: a matcher there is reported at load and ignored.
 */
export const MATCH_TARGET: Readonly<Partial<Record<EventName, string>>> = {
  BeforeTool: 'tool_name',
  AfterTool: 'tool_name',
  SessionStart: 'source',
  SessionEnd: 'reason',
  PreCompress: 'trigger',
  PostCompress: 'trigger',
  Notification: 'notification_type',
  PermissionRequest: 'tool_name',
  PermissionDenied: 'tool_name',
  PostToolUseFailure: 'tool_name',
  UserPromptExpansion: 'command_name',
  StopFailure: 'error',
  Setup: 'trigger',
  ConfigChange: 'source',
  InstructionsLoaded: 'load_reason',
  FileChanged: 'file_path',
  Elicitation: 'mcp_server_name',
  ElicitationResult: 'mcp_server_name',
  PreModelSwitch: 'to_model',
  PostModelSwitch: 'to_model',
};
