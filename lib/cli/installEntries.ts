/**
 * The edit `hookstream install` makes to an agent's hook settings, as a pure function of the parsed file: one
 * entry per event the agent offers, each calling the thin client with the agent and the event's own name, and
 * nothing else touched. Removing takes out exactly the entries whose command carries the install tag (see
 * lib/dialects/installedEntry.ts), so `install` twice is `install` once and `uninstall` leaves the user's hooks.
 */
import { isRecord } from '../core/guards.js';
import { INSTALLED_TAG, installedEvents, isInstalledCommand } from '../dialects/installedEntry.js';
import type { Dialect } from '../dialects/types.js';

type Json = Record<string, unknown>;

/** A word for a POSIX shell command line: quoted unless it is plainly safe. */
export const shellWord = (word: string): string =>
  /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;

/**
 * The shell client (hook.sh) and its perl fast path (hook.pl), both given the Node that runs the Node client
 * they may hand over to; each a shell word already.
 */
export interface ShellClient {
  readonly shellScript: string;
  readonly perlScript: string;
  readonly node: string;
}

/**
 * The command the agent runs for `native`: `<client prefix> <agent> <event> --installed-by-hookstream`. For the
 * shell client, perl is started at once on hook.sh's own condition (perl on PATH, no PERL5 variable that could
 * load code into it), saving the shell hook.sh would take to decide that (about 0.5 ms a call); otherwise hook.sh
 * runs as before, which goes on without perl. A POSIX shell line: agents run it with sh or bash.
 */
export const installedCommand = (client: string | ShellClient, dialect: Dialect, native: string): string => {
  const rest = `${dialect.id} ${native} ${INSTALLED_TAG}`;
  if (typeof client === 'string') return `${client} ${rest}`;
  const { shellScript, perlScript, node } = client;
  return (
    `[ -z "\${PERL5OPT:-}\${PERL5LIB:-}\${PERLLIB:-}" ] && command -v perl >/dev/null 2>&1 && ` +
    `exec perl -f -C0 -- ${perlScript} ${node} ${rest}; exec /bin/sh ${shellScript} ${node} ${rest}`
  );
};

/** The key holding a flat hook's command: Copilot's `bash`, everyone else's `command`. */
const commandKey = (dialect: Dialect): string => (dialect.id === 'copilot' ? 'bash' : 'command');

const isTagged = (dialect: Dialect, hook: unknown): boolean =>
  isRecord(hook) && (isInstalledCommand(hook[commandKey(dialect)]) || isInstalledCommand(hook['command']));

/** One hook entry in the agent's own shape. */
const entryFor = (dialect: Dialect, command: string): Json => {
  if (dialect.id === 'copilot') return { type: 'command', bash: command, timeoutSec: 60 };
  if (dialect.hookList === 'flat') return { command };
  return { hooks: [{ type: 'command', command }] };
};

/** `settings` without hookstream's entries; `removed` counts them. A container emptied by the removal goes too. */
export const withoutInstalled = (dialect: Dialect, settings: Json): { settings: Json; removed: number } => {
  const hooks = settings['hooks'];
  if (!isRecord(hooks)) return { settings, removed: 0 };
  let removed = 0;
  const kept: Json = {};
  for (const [event, list] of Object.entries(hooks)) {
    if (!Array.isArray(list)) {
      kept[event] = list;
      continue;
    }
    const before = removed;
    const entries = list.flatMap((entry: unknown): unknown[] => {
      if (dialect.hookList === 'flat') {
        if (!isTagged(dialect, entry)) return [entry];
        removed += 1;
        return [];
      }
      if (!isRecord(entry) || !Array.isArray(entry['hooks'])) return [entry];
      const inner = entry['hooks'] as unknown[];
      const rest = inner.filter((hook) => !isTagged(dialect, hook));
      if (rest.length === inner.length) return [entry];
      removed += inner.length - rest.length;
      return rest.length === 0 ? [] : [Object.assign({}, entry, { hooks: rest })];
    });
    if (entries.length > 0 || removed === before) kept[event] = entries;
  }
  const result: Json = Object.assign({}, settings, { hooks: kept });
  if (removed > 0 && Object.keys(kept).length === 0) delete result['hooks'];
  return { settings: result, removed };
};

/** `settings` with hookstream's entries (fresh ones, after the user's), for every event the agent offers. */
export const withInstalled = (dialect: Dialect, settings: Json, client: string | ShellClient): Json => {
  const base = withoutInstalled(dialect, settings).settings;
  const hooks: Json = isRecord(base['hooks']) ? Object.assign({}, base['hooks']) : {};
  for (const event of installedEvents(dialect)) {
    const list = Array.isArray(hooks[event.native]) ? [...(hooks[event.native] as unknown[])] : [];
    list.push(entryFor(dialect, installedCommand(client, dialect, event.native)));
    hooks[event.native] = list;
  }
  const result = Object.assign({}, base, { hooks });
  // Cursor's and Copilot's files carry a format version.
  if (dialect.hookList === 'flat' && result['version'] === undefined) {
    return Object.assign({ version: 1 }, result);
  }
  return result;
};

/** How many hooks of the user's own `settings` holds (hookstream's entries not counted). */
export const ownHookCount = (dialect: Dialect, settings: Json): number => {
  const hooks = withoutInstalled(dialect, settings).settings['hooks'];
  if (!isRecord(hooks)) return 0;
  let count = 0;
  for (const list of Object.values(hooks)) {
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      if (dialect.hookList === 'flat') count += 1;
      else if (isRecord(entry) && Array.isArray(entry['hooks'])) count += entry['hooks'].length;
    }
  }
  return count;
};

/** The indentation `text` uses (its first indented line), two spaces when it has none. */
export const indentOf = (text: string): string => /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';

/** `settings` as file text in the style of `previous` (its indentation, a final newline). */
export const settingsText = (settings: Json, previous: string | undefined): string =>
  `${JSON.stringify(settings, null, previous === undefined ? '  ' : indentOf(previous))}\n`;
