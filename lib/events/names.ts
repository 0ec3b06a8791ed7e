/**
 * Canonical event names and the aliases other hook dialects use for them
 * (Claude Code, x-code, OLLM snake_case). Everything downstream speaks canonical names only.
 */

export const EVENT_NAMES = [
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
 * The input field a matcher is tested against, per event (DESIGN §3 "Matchers").
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
};
