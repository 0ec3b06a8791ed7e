/**
 * Converts another agent's hook settings into hookstream's own format (`hookstream import`):
 * event names to canonical ones, timeouts to milliseconds, the agent's matchers to hookstream's unanchored
 * regular expressions (Claude's exact names and Copilot's anchored patterns anchored, Cursor's per-tool events
 * as a tool-name matcher), flat hook lists (Cursor, Copilot) into groups, every hook type hookstream's files
 * hold, and `tools.enableHooks: true`. Pure: it returns the hooks and a line for everything it could not carry
 * over — an `if` condition, a plugin placeholder, a hook type or an event hookstream does not run, a payload or
 * answer in the agent's own fields — so nothing is lost silently. Running the agent's files in place
 * (discovery) needs none of this; importing is for moving a setup to hookstream for good.
 */
import { isRecord } from '../core/guards.js';
import { ADVISORY_EVENTS, isEventName } from '../events/names.js';
import { DEFAULT_TIMEOUT_MS } from '../core/limits.js';
import { defaultTimeoutMs, dialectEvent } from '../dialects/registry.js';
import type { Dialect, DialectEvent } from '../dialects/types.js';
import { convertHook, type ImportContext } from './importHook.js';

export interface ImportedHooks {
  /** hookstream `hooks` section: canonical event → groups. */
  readonly hooks: Record<string, Record<string, unknown>[]>;
  /** One line per thing not converted, with its JSON pointer. */
  readonly notes: string[];
}

const escapeRegex = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

const CLAUDE_NAMES = /^[A-Za-z0-9_\-, |]+$/;
const CLAUDE_NARROW_NAMES = /^[A-Za-z0-9_|]+$/;

/** A name of the agent's vocabulary as hookstream's canonical one (Claude's SessionStart `compact` is `compress`). */
const canonicalWord = (name: string, event: DialectEvent): string => {
  const table = event.matchTarget === undefined ? undefined : event.input?.toCanonicalValues?.[event.matchTarget];
  return table !== undefined && Object.hasOwn(table, name) ? (table[name] ?? name) : name;
};

/** The dialect's matcher as a hookstream (unanchored regular expression) matcher; `undefined`: match all. */
export const toRegexMatcher = (pattern: string, event: DialectEvent): string | undefined => {
  const trimmed = pattern.trim();
  if (trimmed === '' || trimmed === '*') return undefined;
  if (event.anchored === true && event.matcher === 'regex') return `^(?:${pattern})$`;
  const names = (separators: RegExp) => {
    const list = trimmed
      .split(separators)
      .map((name) => canonicalWord(name.trim(), event))
      .filter((name, index, all) => name !== '' && all.indexOf(name) === index);
    return list.length === 0 ? undefined : `^(${list.map(escapeRegex).join('|')})$`;
  };
  switch (event.matcher) {
    case 'regex':
      return pattern;
    case 'exact':
      return `^${escapeRegex(canonicalWord(trimmed, event))}$`;
    case 'claude':
      return CLAUDE_NAMES.test(pattern) ? names(/[|,]/) : pattern;
    case 'claude-narrow':
      return CLAUDE_NARROW_NAMES.test(pattern) ? names(/\|/) : pattern;
    case 'filenames': {
      // hookstream tests the whole path: the names must end it, after a separator or at its start.
      const list = names(/\|/);
      return list === undefined ? undefined : `(^|/)${list.slice(1)}`;
    }
  }
};

/**
 * The hooks of one settings object of `dialect`, converted.
 *
 * @example
 * importDialectHooks({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'x', timeout: 5 }] }] } }, CLAUDE);
 * // { hooks: { BeforeTool: [{ matcher: '^(Bash)$', hooks: [{ type: 'command', command: 'x', timeout: 5000 }] }] }, notes: [] }
 */
export const importDialectHooks = (
  settings: unknown,
  dialect: Dialect,
  where: Omit<ImportContext, 'dialect'> = {},
): ImportedHooks => {
  const hooks: Record<string, Record<string, unknown>[]> = {};
  const notes: string[] = [];
  const context: ImportContext = Object.assign({ dialect }, where);
  const section = isRecord(settings) ? settings['hooks'] : undefined;
  if (!isRecord(section)) return { hooks, notes };
  for (const [key, groups] of Object.entries(section)) {
    if (dialect.hooksSectionKeys.includes(key)) continue;
    const pointer = `/hooks/${key}`;
    const event = dialectEvent(dialect, key);
    if (event === undefined || !isEventName(event.canonical)) {
      notes.push(`${pointer}: ${dialect.label} event ${key} has no hookstream event yet; its hooks were not imported`);
      continue;
    }
    if (!Array.isArray(groups)) continue;
    let imported = false;
    groups.forEach((group: unknown, index: number) => {
      const at = `${pointer}/${index}`;
      // A flat list (Cursor, Copilot) holds hooks: each one is a group of one, its own matcher the group's.
      const flat = dialect.hookList === 'flat' && isRecord(group);
      const list: unknown = flat ? [group] : isRecord(group) ? group['hooks'] : undefined;
      if (!isRecord(group) || !Array.isArray(list)) {
        notes.push(`${at}: not a hook group; skipped`);
        return;
      }
      const converted = list
        .map((hook: unknown, position: number) => {
          const where = flat ? at : `${at}/hooks/${position}`;
          const imported = convertHook(hook, context, where, notes);
          if (imported !== undefined) {
            // The agent does not wait for this event's hooks (x-code's SessionEnd): nor will hookstream.
            if (event.background === true) imported['async'] = true;
            keepTimeout(imported, event, dialect);
            keepFailClosed(imported, event, dialect, where, notes);
          }
          return imported;
        })
        .filter((hook): hook is Record<string, unknown> => hook !== undefined);
      if (converted.length === 0) return;
      imported = true;
      const out: Record<string, unknown> = {};
      const matcher = groupMatcher(group['matcher'], event);
      if (matcher !== undefined) out['matcher'] = matcher;
      // x-code runs a decision event's hooks in registration order, a deny ending the chain: a sequential group.
      if (group['sequential'] === true || event.serial === true) out['sequential'] = true;
      out['hooks'] = converted;
      (hooks[event.canonical] ??= []).push(out);
    });
    if (imported && event.exit2 === 'block' && ADVISORY_EVENTS.has(event.canonical)) {
      notes.push(
        `${pointer}: exit code 2 blocks ${key} in ${dialect.label}; hookstream's ${event.canonical} cannot be blocked, so there it only warns`,
      );
    }
    if (imported && event.exit2 === 'failure' && !ADVISORY_EVENTS.has(event.canonical)) {
      notes.push(
        `${pointer}: exit code 2 is a failure in ${dialect.label} (allow, or a deny under "failurePolicy": "block"); in hookstream it is the blocking exit code — check their scripts`,
      );
    }
    if (imported && speaksOwnFields(event)) {
      notes.push(
        `${pointer}: these hooks read ${dialect.label}'s ${key} payload and answer in its fields; in hookstream they get ${event.canonical}'s input and must answer in hookstream's fields (see the README's hook protocol) — check their scripts`,
      );
    }
  }
  return { hooks, notes };
};

/**
 * A hook that sets no timeout keeps its agent's default (Claude's and Codex's 600 s, Claude's SessionEnd 1.5 s):
 * under hookstream's default a slow guard would time out, and fail open, where its agent waited for it.
 */
const keepTimeout = (hook: Record<string, unknown>, event: DialectEvent, dialect: Dialect): void => {
  if (hook['timeout'] !== undefined) return;
  const type = typeof hook['type'] === 'string' ? hook['type'] : 'command';
  const agentDefault = defaultTimeoutMs(dialect, event, type);
  if (agentDefault !== DEFAULT_TIMEOUT_MS) hook['timeout'] = agentDefault;
};

/**
 * A hook whose failure blocks the event in its agent (a crashing Copilot `preToolUse` command denies, a failed
 * Claude `WorktreeCreate` fails the creation, a timed-out `PreModelSwitch` keeps the model) keeps that in
 * hookstream as `failurePolicy: "block"`: imported as hookstream's default, its crash would be a warning and
 * the call would go ahead.
 */
const keepFailClosed = (
  hook: Record<string, unknown>,
  event: DialectEvent,
  dialect: Dialect,
  pointer: string,
  notes: string[],
): void => {
  if (event.nonZeroBlocks !== true && event.timeoutBlocks !== true) return;
  if (hook['failurePolicy'] !== undefined || hook['required'] === true) return;
  hook['failurePolicy'] = 'block';
  const how = event.nonZeroBlocks === true ? 'fails' : 'times out';
  notes.push(
    `${pointer}: ${dialect.label} blocks ${event.native} when this hook ${how}; imported with "failurePolicy": "block" (hookstream's blocks on any failure, timeouts included)`,
  );
};

/** The group's matcher in hookstream's reading; an event's tool filter (Cursor's `beforeShellExecution`) becomes one. */
const groupMatcher = (pattern: unknown, event: DialectEvent): string | undefined => {
  if (event.toolFilter !== undefined) return event.toolFilter;
  return typeof pattern === 'string' && event.matchTarget !== undefined ? toRegexMatcher(pattern, event) : undefined;
};

/** Whether the event's stdin or answers differ from hookstream's beyond the event name. */
const speaksOwnFields = (event: DialectEvent): boolean => {
  const shape = event.input;
  return (
    event.outputMap !== undefined ||
    (shape !== undefined &&
      (shape.lifts !== undefined ||
        shape.nests !== undefined ||
        shape.jsonText !== undefined ||
        shape.epochMillis !== undefined ||
        Object.keys(shape.renames ?? {}).some((field) => field !== 'tool_call_id')))
  );
};

/**
 * `existing` hookstream settings with `imported` added: `tools.enableHooks: true`, each group appended to its
 * event unless an identical group is already there (importing twice changes nothing).
 */
export const mergeImported = (
  existing: Record<string, unknown>,
  imported: ImportedHooks['hooks'],
): Record<string, unknown> => {
  const merged: Record<string, unknown> = structuredClone(existing);
  const tools = isRecord(merged['tools']) ? merged['tools'] : {};
  tools['enableHooks'] = true;
  merged['tools'] = tools;
  const hooks = isRecord(merged['hooks']) ? merged['hooks'] : {};
  for (const [event, groups] of Object.entries(imported)) {
    const list: unknown[] = Array.isArray(hooks[event]) ? (hooks[event] as unknown[]) : [];
    const known = new Set(list.map((group) => JSON.stringify(group)));
    for (const group of groups) if (!known.has(JSON.stringify(group))) list.push(group);
    hooks[event] = list;
  }
  merged['hooks'] = hooks;
  return merged;
};
