/**
 * The dialects hookstream knows, and the questions config loading asks of them: which files exist where,
 * which event a settings key names, how a timeout converts, whether a key is acted on, skipped quietly or
 * probably misspelt, and whether a file's switches turn its hooks off. Pure functions over the tables.
 */
import { join } from 'node:path';
import { MAX_TIMEOUT_MS } from '../core/limits.js';
import type { Mutable } from '../model/types.js';
import { CLAUDE } from './claude.js';
import { CODEX } from './codex.js';
import { COPILOT } from './copilot.js';
import { CURSOR } from './cursor.js';
import { GEMINI } from './gemini.js';
import { HOOKSTREAM } from './hookstream.js';
import { OLLM } from './ollm.js';
import { XCODE } from './xcode.js';
import type {
  CanonicalEventName,
  Dialect,
  DialectEvent,
  DialectId,
  DialectScope,
  EnableSwitch,
  FileSource,
  KeyTable,
} from './types.js';
import { scopeVerdict, type SwitchVote, type TrustScope } from './scopeRule.js';

/** Every dialect, in the order their files are listed within one priority class. */
export const DIALECTS: readonly Dialect[] = [HOOKSTREAM, CLAUDE, GEMINI, CURSOR, COPILOT, CODEX, XCODE, OLLM];

export const DIALECT_IDS: readonly DialectId[] = DIALECTS.map((dialect) => dialect.id);

export const isDialectId = (value: string): value is DialectId => (DIALECT_IDS as readonly string[]).includes(value);

export const dialectById = (id: DialectId): Dialect => DIALECTS.find((dialect) => dialect.id === id) as Dialect;

const eventTables = new Map<DialectId, ReadonlyMap<string, DialectEvent>>(
  DIALECTS.map((dialect) => [dialect.id, new Map(dialect.events.map((event) => [event.native, event]))]),
);

/** The event a settings key names in `dialect`, or `undefined` when the dialect has no such event. */
export const dialectEvent = (dialect: Dialect, native: string): DialectEvent | undefined =>
  eventTables.get(dialect.id)?.get(native);

/** Every native name of a canonical event in `dialect` (hookstream: the canonical name and its aliases). */
export const dialectEventsFor = (dialect: Dialect, canonical: CanonicalEventName): readonly DialectEvent[] =>
  dialect.events.filter((event) => event.canonical === canonical);

/** Where the files of the current user and project are: what location rules resolve against. */
export interface DialectEnvironment {
  readonly projectDir: string;
  readonly home: string;
  /** Default `process.platform`. */
  readonly platform?: NodeJS.Platform;
  /** Relocation variables (`CLAUDE_CONFIG_DIR`, `GEMINI_CLI_HOME` …); default none. */
  readonly variables?: Readonly<Record<string, string | undefined>>;
}

const variable = (environment: DialectEnvironment, name: string): string | undefined => {
  const value = environment.variables?.[name];
  return value === undefined || value === '' ? undefined : value;
};

/** The dialect's per-user configuration directory (`~/.claude`, or where `CLAUDE_CONFIG_DIR` points). */
export const configDirOf = (dialect: Dialect, environment: DialectEnvironment): string => {
  const { override } = dialect.configDir;
  const relocated = override === undefined ? undefined : variable(environment, override.variable);
  if (relocated !== undefined && override?.replaces === 'dir') return relocated;
  return join(relocated ?? environment.home, dialect.configDir.name);
};

export interface DialectSettingsFile {
  readonly dialect: DialectId;
  readonly scope: DialectScope;
  readonly source: FileSource;
  readonly path: string;
  /** `path` is a directory whose `*.json` files are the settings files (discoverFiles.ts lists them). */
  readonly directory?: true;
}

const SOURCE_ORDER: readonly FileSource[] = ['project', 'user', 'system', 'extension'];

/**
 * The settings files of `ids` (default: every dialect), highest priority first: all project files, then
 * user, then system — hookstream's, then Claude's, then Gemini's within a class. A file need not exist.
 *
 * @example
 * dialectSettingsFiles({ projectDir: '/repo', home: '/home/u' }, ['claude']).map((file) => file.path);
 * // ['/repo/.claude/settings.local.json', '/repo/.claude/settings.json', '/home/u/.claude/settings.json', '/etc/claude-code/managed-settings.json']
 */
export const dialectSettingsFiles = (
  environment: DialectEnvironment,
  ids: readonly DialectId[] = DIALECT_IDS,
): DialectSettingsFile[] => {
  const platform = environment.platform ?? process.platform;
  const files: DialectSettingsFile[] = [];
  for (const dialect of DIALECTS.filter((candidate) => ids.includes(candidate.id))) {
    for (const location of dialect.locations) {
      const overridden =
        location.overrideVariable === undefined ? undefined : variable(environment, location.overrideVariable);
      const path =
        overridden ??
        (location.base === 'absolute'
          ? (location.path as Readonly<Partial<Record<NodeJS.Platform, string>>>)[platform]
          : join(
              location.base === 'project' ? environment.projectDir : configDirOf(dialect, environment),
              ...(location.path as readonly string[]),
            ));
      if (path === undefined) continue;
      const file: { -readonly [K in keyof DialectSettingsFile]: DialectSettingsFile[K] } = {
        dialect: dialect.id,
        scope: location.scope,
        source: location.source,
        path,
      };
      if (location.directory === true) file.directory = true;
      files.push(file);
    }
  }
  return files.sort((a, b) => SOURCE_ORDER.indexOf(a.source) - SOURCE_ORDER.indexOf(b.source));
};

/**
 * A hook's `timeout` in milliseconds, converted from the dialect's unit (Claude: seconds), or the problem
 * with it. Fractions of a second round to the millisecond.
 */
export const timeoutToMs = (
  dialect: Dialect,
  value: unknown,
): { ms: number; problem?: string } | { problem: string } => {
  const seconds = dialect.timeoutUnit === 'seconds';
  const ms = typeof value === 'number' && Number.isFinite(value) ? Math.round(seconds ? value * 1000 : value) : NaN;
  if (ms >= 1 && ms <= MAX_TIMEOUT_MS && (seconds || Number.isInteger(value))) {
    const cap = dialect.maxTimeoutMs;
    if (cap === undefined || ms <= cap) return { ms };
    return { ms: cap, problem: `${dialect.label} caps hook timeouts at ${cap} ms; ${cap} ms is used` };
  }
  const expected = seconds
    ? `a positive number of seconds (at most ${MAX_TIMEOUT_MS / 1000})`
    : `a positive integer number of milliseconds (1…${MAX_TIMEOUT_MS})`;
  return {
    problem: `${dialect.label} timeout must be ${expected}; received ${JSON.stringify(value) ?? String(value)}`,
  };
};

/** The timeout of a hook that sets none: its event's own default, else its type's in the dialect, else the dialect's. */
export const defaultTimeoutMs = (dialect: Dialect, event: DialectEvent | undefined, type = 'command'): number =>
  event?.defaultTimeoutMs ?? dialect.typeTimeoutMs?.[type] ?? dialect.defaultTimeoutMs;

export type KeyClass =
  | { readonly kind: 'acted' | 'quiet' }
  | { readonly kind: 'unknown'; readonly warn: boolean }
  | { readonly kind: 'misspelt'; readonly meant: string };

/** Whether two keys differ by case only, or by one edit (`hook` for `hooks`, `matchers` for `matcher`). */
const nearly = (a: string, b: string): boolean => {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x === y) return true;
  if (Math.abs(x.length - y.length) > 1) return false;
  let i = 0;
  while (i < x.length && x[i] === y[i]) i += 1;
  const rest = (skipX: number, skipY: number) => x.slice(i + skipX) === y.slice(i + skipY);
  return rest(1, 1) || rest(1, 0) || rest(0, 1);
};

/**
 * How a key of one settings level reads in a dialect. A near miss of a key hookstream acts on is reported
 * even where unknown keys are quiet: `"hook"` in `.claude/settings.json` would otherwise disable a policy silently.
 */
export const classifyKey = (table: KeyTable, key: string): KeyClass => {
  if (table.acted.includes(key)) return { kind: 'acted' };
  if (table.quiet.includes(key)) return { kind: 'quiet' };
  const meant = table.acted.find((acted) => nearly(acted, key));
  if (meant !== undefined) return { kind: 'misspelt', meant };
  return { kind: 'unknown', warn: table.unknown === 'warn' };
};

/** The location rule a scope of `dialect` was found by (ownership and command directory rules live there). */
export const locationOf = (dialect: Dialect, scope: DialectScope) =>
  dialect.locations.find((location) => location.scope === scope);

/** One settings file as enablement sees it, highest priority first. */
export interface EnablementFile {
  /** Its scope: which hooks its switches reach (scopeRule.ts). */
  readonly scope: TrustScope;
  readonly settings: unknown;
  readonly file?: string | undefined;
  /** How messages name it; default `<dialect label> settings <file>`. */
  readonly where?: string;
}

/** Whether the hooks of one scope (and, for per-file switches, one file) of a dialect run. */
export type EnablementOf = (scope: TrustScope, file?: string) => EnablementVerdict;

export interface EnablementVerdict {
  readonly enabled: boolean;
  /** The switch that decided, when one did: for the "hooks are disabled by …" message. */
  readonly by?: { readonly file?: string; readonly pointer: string; readonly effect: 'enable' | 'disable' };
}

const valueAt = (settings: unknown, path: readonly string[]): unknown => {
  let value = settings;
  for (const key of path) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
};

/** `"hooksConfig": { "enabled": false }`: a switch as written in its file. */
const written = (entry: EnableSwitch): string => {
  let setting = JSON.stringify(entry.value);
  for (let at = entry.path.length - 1; at >= 0; at -= 1) {
    const key = `"${entry.path[at] ?? ''}": ${setting}`;
    setting = at === 0 ? key : `{ ${key} }`;
  }
  return setting;
};

/** A switch vote as the dialect's table reads one file, with the table entry it came from. */
export interface DialectVote extends SwitchVote {
  readonly entry: EnableSwitch;
  /** As written in the file: `"disableAllHooks": true`. */
  readonly setting: string;
}

/** The switches `file` sets in `dialect`'s table: only a switch set to its triggering boolean votes. */
export const switchVotes = (dialect: Dialect, file: EnablementFile): DialectVote[] =>
  dialect.enablement.switches
    .filter((entry) => valueAt(file.settings, entry.path) === entry.value)
    .map((entry) => {
      const where = file.where ?? `${dialect.label} settings${file.file === undefined ? '' : ` ${file.file}`}`;
      const vote: Mutable<DialectVote> = {
        scope: file.scope,
        effect: entry.effect,
        ownFileOnly: entry.reach === 'file',
        pointer: `/${entry.path.join('/')}`,
        reason: `switched ${entry.effect === 'enable' ? 'on' : 'off'} by ${written(entry)} in ${where}`,
        entry,
        setting: written(entry),
      };
      if (file.file !== undefined) vote.file = file.file;
      return vote;
    });

/**
 * Whether the hooks of each scope of `dialect` run, given the dialect's files, by the one scope rule
 * (scopeRule.ts): a switch-off reaches its own scope's and lower-trust scopes' hooks only; a switch-on counts
 * from any file; a file with no switch leaves the dialect's default.
 *
 * @example
 * const verdict = dialectEnablement(CLAUDE, [{ scope: 'project', settings: { disableAllHooks: true } }]);
 * verdict('project').enabled; // false
 * verdict('user').enabled; // true: a project's settings cannot turn the user's hooks off
 */
export const dialectEnablement = (dialect: Dialect, files: readonly EnablementFile[]): EnablementOf => {
  const votes = files.flatMap((file) => switchVotes(dialect, file));
  return (scope, file) => {
    const verdict = scopeVerdict(votes, { scope, file }, dialect.enablement.default);
    if (verdict.by === undefined) return { enabled: verdict.enabled };
    const by: Mutable<NonNullable<EnablementVerdict['by']>> = {
      pointer: verdict.by.pointer,
      effect: verdict.by.effect,
    };
    if (verdict.by.file !== undefined) by.file = verdict.by.file;
    return { enabled: verdict.enabled, by };
  };
};
