/**
 * Converts another agent's hook settings into hookstream's own format (`hookstream import`, issue #12): event
 * names to canonical ones, timeouts to milliseconds, the agent's exact-name matchers to anchored regular
 * expressions, and `tools.enableHooks: true`. Pure: it returns the hooks and a line for everything it could not
 * carry over — an `if` condition, a plugin placeholder, a hook type or an event hookstream does not run — so
 * nothing is lost silently. Running the agent's files in place (discovery) needs none of this; importing is for
 * moving a setup to hookstream for good.
 */
import { isRecord } from '../core/guards.js';
import { isEventName } from '../events/names.js';
import { dialectEvent, timeoutToMs } from './dialects/registry.js';
import type { Dialect, DialectEvent } from './dialects/types.js';

export interface ImportedHooks {
  /** hookstream `hooks` section: canonical event → groups. */
  readonly hooks: Record<string, Record<string, unknown>[]>;
  /** One line per thing not converted, with its JSON pointer. */
  readonly notes: string[];
}

const escapeRegex = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

const CLAUDE_NAMES = /^[A-Za-z0-9_\-, |]+$/;
const CLAUDE_NARROW_NAMES = /^[A-Za-z0-9_|]+$/;

/** The dialect's matcher as a hookstream (unanchored regular expression) matcher; `undefined`: match all. */
export const toRegexMatcher = (pattern: string, event: DialectEvent): string | undefined => {
  const trimmed = pattern.trim();
  if (trimmed === '' || trimmed === '*') return undefined;
  const names = (separators: RegExp) => {
    const list = trimmed
      .split(separators)
      .map((name) => name.trim())
      .filter((name) => name !== '');
    return list.length === 0 ? undefined : `^(${list.map(escapeRegex).join('|')})$`;
  };
  switch (event.matcher) {
    case 'regex':
      return pattern;
    case 'exact':
      return `^${escapeRegex(trimmed)}$`;
    case 'claude':
      return CLAUDE_NAMES.test(pattern) ? names(/[|,]/) : pattern;
    case 'claude-narrow':
      return CLAUDE_NARROW_NAMES.test(pattern) ? names(/\|/) : pattern;
  }
};

const KEPT = ['name', 'description', 'env', 'args'] as const;

/** One hook, or `undefined` (with a note) when it cannot be carried over. */
const convertHook = (hook: unknown, dialect: Dialect, pointer: string, notes: string[]) => {
  if (!isRecord(hook)) {
    notes.push(`${pointer}: not a hook object; skipped`);
    return undefined;
  }
  const type = hook['type'] ?? 'command';
  if (type !== 'command') {
    notes.push(`${pointer}: ${JSON.stringify(type)} hooks are not run by hookstream; skipped`);
    return undefined;
  }
  if (typeof hook['command'] !== 'string' || hook['command'] === '') {
    notes.push(`${pointer}: no command; skipped`);
    return undefined;
  }
  if (hook['if'] !== undefined) {
    notes.push(
      `${pointer}: "if": ${JSON.stringify(hook['if'])} has no hookstream equivalent; the hook was not imported`,
    );
    return undefined;
  }
  const args: unknown[] = Array.isArray(hook['args']) ? (hook['args'] as unknown[]) : [];
  const texts = [hook['command'], ...args].filter((text): text is string => typeof text === 'string');
  const placeholder = dialect.placeholders.find(
    (candidate) => candidate.value !== 'projectDir' && texts.some((text) => text.includes(candidate.token)),
  );
  if (placeholder !== undefined) {
    notes.push(`${pointer}: ${placeholder.token} only exists for a plugin or extension; the hook was not imported`);
    return undefined;
  }
  const converted: Record<string, unknown> = { type: 'command', command: hook['command'] };
  for (const key of KEPT) if (hook[key] !== undefined) converted[key] = hook[key];
  if (hook['timeout'] !== undefined) {
    const timeout = timeoutToMs(dialect, hook['timeout']);
    if ('ms' in timeout) converted['timeout'] = timeout.ms;
    else notes.push(`${pointer}/timeout: ${timeout.problem}; left out (hookstream's default applies)`);
  }
  return converted;
};

/**
 * The hooks of one settings object of `dialect`, converted.
 *
 * @example
 * importDialectHooks({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'x', timeout: 5 }] }] } }, CLAUDE);
 * // { hooks: { BeforeTool: [{ matcher: '^(Bash)$', hooks: [{ type: 'command', command: 'x', timeout: 5000 }] }] }, notes: [] }
 */
export const importDialectHooks = (settings: unknown, dialect: Dialect): ImportedHooks => {
  const hooks: Record<string, Record<string, unknown>[]> = {};
  const notes: string[] = [];
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
    groups.forEach((group: unknown, index: number) => {
      const at = `${pointer}/${index}`;
      if (!isRecord(group) || !Array.isArray(group['hooks'])) {
        notes.push(`${at}: not a hook group; skipped`);
        return;
      }
      const converted = group['hooks']
        .map((hook: unknown, position: number) => convertHook(hook, dialect, `${at}/hooks/${position}`, notes))
        .filter((hook): hook is Record<string, unknown> => hook !== undefined);
      if (converted.length === 0) return;
      const out: Record<string, unknown> = {};
      const matcher =
        typeof group['matcher'] === 'string' && event.matchTarget !== undefined
          ? toRegexMatcher(group['matcher'], event)
          : undefined;
      if (matcher !== undefined) out['matcher'] = matcher;
      if (group['sequential'] === true) out['sequential'] = true;
      out['hooks'] = converted;
      (hooks[event.canonical] ??= []).push(out);
    });
  }
  return { hooks, notes };
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
