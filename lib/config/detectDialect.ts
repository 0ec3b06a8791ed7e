/**
 * Whose format a settings file is in, when nobody said (`--settings FILE`, a `SettingsFile` without `dialect`).
 * Reading an agent's file in the wrong dialect fails open: a Claude file read as hookstream's has no
 * `tools.enableHooks`, so its PreToolUse guard never runs. So the dialect comes from where the file sits
 * (`.claude/…`, `.cursor/hooks.json`, `.github/hooks/*.json` …), else from what it holds (Claude's event names,
 * Cursor's `version` with camelCase events, Copilot's `bash` commands …); a file that fits no reading, or
 * more than one, is refused with the option that names the dialect.
 */
import { basename, sep } from 'node:path';
import { isRecord } from '../core/guards.js';
import { isEventName } from '../events/names.js';
import { DIALECTS, dialectEvent } from '../dialects/registry.js';
import type { DialectId } from '../dialects/types.js';

/** The dialect a file was found to be in, and how; or why it could not be told. */
export type DetectedDialect =
  { readonly dialect: DialectId; readonly by: 'path' | 'content' } | { readonly ambiguous: string };

/** Configuration directories that say whose file it is, by path segment. */
const DIRECTORY_DIALECTS: Readonly<Record<string, DialectId>> = {
  '.hookstream': 'hookstream',
  '.claude': 'claude',
  '.gemini': 'gemini',
  '.cursor': 'cursor',
  '.copilot': 'copilot',
  '.codex': 'codex',
};
/** System directories, directly under `/etc` only (a checkout named `hookstream` says nothing). */
const SYSTEM_DIALECTS: Readonly<Record<string, DialectId>> = {
  hookstream: 'hookstream',
  'gemini-cli': 'gemini',
  cursor: 'cursor',
  codex: 'codex',
};

/** The dialect the path names, the innermost directory deciding (`~/.claude/…/.gemini/settings.json` is Gemini's). */
export const dialectOfPath = (path: string): DialectId | undefined => {
  // A Cursor plugin's hooks file is named for Cursor wherever the plugin sits.
  if (basename(path) === 'hooks-cursor.json') return 'cursor';
  const segments = path.split(/[\\/]/).filter((segment) => segment !== '');
  // Copilot's project hooks: every `*.json` directly under `.github/hooks/`.
  const last = segments.length - 1;
  if (segments[last - 2] === '.github' && segments[last - 1] === 'hooks' && path.endsWith('.json')) return 'copilot';
  for (let index = last - 1; index >= 0; index -= 1) {
    const segment = segments[index] ?? '';
    if (Object.hasOwn(DIRECTORY_DIALECTS, segment)) return DIRECTORY_DIALECTS[segment];
  }
  const system = segments[0] === 'etc' && last === 2 ? (segments[1] ?? '') : '';
  return Object.hasOwn(SYSTEM_DIALECTS, system) ? SYSTEM_DIALECTS[system] : undefined;
};

/** Keys only hookstream's own format has at the top level; their presence says the file is hookstream's. */
const HOOKSTREAM_KEYS = ['disabled', 'allowManagedHooksOnly', 'envPolicy', 'http', 'allowedUrls'];
/** Top-level keys of Gemini CLI's settings that hookstream's format does not have. */
const GEMINI_KEYS = ['general', 'ui', 'model', 'context', 'mcpServers', 'security', 'advanced', 'experimental'];
/** Hook keys naming Copilot's per-shell commands. */
const COPILOT_COMMAND_KEYS = ['bash', 'powershell', 'exec', 'timeoutSec'];

const hooksOf = (value: Record<string, unknown>): Record<string, unknown> | undefined =>
  isRecord(value.hooks) ? value.hooks : undefined;

/** Every hook-like object the `hooks` section holds, in either a grouped or a flat list. */
const hookObjects = (hooks: Record<string, unknown>): Record<string, unknown>[] =>
  Object.values(hooks).flatMap((list) =>
    Array.isArray(list)
      ? list.flatMap((entry: unknown) =>
          isRecord(entry) && Array.isArray(entry.hooks) ? entry.hooks.filter(isRecord) : isRecord(entry) ? [entry] : [],
        )
      : [],
  );

/** Whether each event list holds hooks directly (Cursor, Copilot) rather than `{ matcher, hooks }` groups. */
const isFlat = (hooks: Record<string, unknown>): boolean =>
  Object.values(hooks).some(
    (list) => Array.isArray(list) && list.some((entry: unknown) => isRecord(entry) && !Array.isArray(entry.hooks)),
  );

const CLAUDE = DIALECTS.find((dialect) => dialect.id === 'claude');
const CURSOR = DIALECTS.find((dialect) => dialect.id === 'cursor');

/** The option that settles it, for messages. */
export const DIALECT_OPTION_HINT = 'name its dialect with --dialect <agent> (in the API: the file\'s "dialect")';

/** The dialect `value` (a parsed settings file) is written in, by its content alone. */
export const dialectOfContent = (value: unknown): DetectedDialect => {
  const hookstream = { dialect: 'hookstream', by: 'content' } as const;
  if (!isRecord(value)) return hookstream; // hookstream's reader says what is wrong with it
  const tools = value.tools;
  if ((isRecord(tools) && 'enableHooks' in tools) || HOOKSTREAM_KEYS.some((key) => key in value)) return hookstream;
  // Switched off in both readings (hookstream's files share Gemini's `hooksConfig`): nothing runs either way.
  if (isRecord(value.hooksConfig) && value.hooksConfig.enabled === false) return hookstream;
  const hooks = hooksOf(value);
  if (hooks === undefined) return hookstream; // no hook to read in the wrong dialect
  const names = Object.keys(hooks);
  if (names.length === 0) return hookstream;
  if (isFlat(hooks) || typeof value.version === 'number') {
    if (hookObjects(hooks).some((hook) => COPILOT_COMMAND_KEYS.some((key) => key in hook))) {
      return { dialect: 'copilot', by: 'content' };
    }
    if (CURSOR !== undefined && names.every((name) => dialectEvent(CURSOR, name) !== undefined)) {
      return { dialect: 'cursor', by: 'content' };
    }
    return { ambiguous: 'its hooks are listed flat, as Cursor and Copilot list them, but fit neither' };
  }
  if (GEMINI_KEYS.some((key) => key in value)) return { dialect: 'gemini', by: 'content' };
  const canonical = names.filter((name) => isEventName(name));
  const claude = names.filter((name) => !isEventName(name) && CLAUDE !== undefined && dialectEvent(CLAUDE, name));
  if (claude.length > 0 && canonical.length === 0) {
    const windows = hookObjects(hooks).some((hook) => 'commandWindows' in hook || 'command_windows' in hook);
    return { dialect: windows ? 'codex' : 'claude', by: 'content' };
  }
  if (canonical.length === names.length) {
    return {
      ambiguous:
        "its events are named as both hookstream's and Gemini CLI's files name them, and it has no key of " +
        'either alone ("tools": { "enableHooks": true } for hookstream\'s; Gemini runs hooks without one)',
    };
  }
  return { ambiguous: `its events (${names.join(', ')}) are not all of one agent` };
};

/** The dialect of a file at `path` holding `value`: the path decides when it can, else the content. */
export const detectDialect = (path: string, value: unknown): DetectedDialect => {
  const byPath = dialectOfPath(path.split(sep).join('/'));
  return byPath === undefined ? dialectOfContent(value) : { dialect: byPath, by: 'path' };
};
