/**
 * Readable hook names for dashboards, spans and reports. A hook's `name` is its configured name, else its
 * whole command line — `node "$HOOKSTREAM_DEMO_DIR/policies/bin/hook.mjs" protect-paths` is unreadable in a
 * timeline — so the label is the configured name, else the script file the command runs, else the command
 * shortened. Display only: nothing here decides what runs (lib/inspect reads commands for that).
 */

/** Longest label made from a command that names no script. */
export const LABEL_MAX_LENGTH = 40;

/** Programs that run another program or a script: the word after them says more. */
const RUNNERS = new Set([
  'env',
  'nice',
  'nohup',
  'timeout',
  'exec',
  'node',
  'nodejs',
  'bun',
  'deno',
  'tsx',
  'ts-node',
  'bash',
  'sh',
  'dash',
  'zsh',
  'python',
  'python3',
  'ruby',
  'perl',
  'php',
]);

const SCRIPT_EXTENSION = /\.(?:sh|bash|zsh|mjs|cjs|js|ts|mts|py|rb|pl|php)$/;

/** Words as a reader sees them: quotes removed, nothing expanded (`$DIR/x.sh` keeps its variable). */
const displayWords = (command: string): string[] =>
  (command.match(/"[^"]*"|'[^']*'|\S+/g) ?? []).map((word) => word.replace(/^(["'])(.*)\1$/, '$2'));

const baseName = (word: string): string => word.slice(word.lastIndexOf('/') + 1);

/** The file name of the script `command` runs, when one is visible among its first words. */
export const scriptNameOf = (command: string): string | undefined => {
  for (const word of displayWords(command).slice(0, 6)) {
    if (/^[A-Za-z_]\w*=/.test(word) || word.startsWith('-')) continue;
    const name = baseName(word);
    if (RUNNERS.has(name)) continue;
    if (name !== '' && (word.includes('/') || SCRIPT_EXTENSION.test(name))) return name;
    // The first word that is neither a runner nor a script: a program on PATH, named by itself.
    return undefined;
  }
  return undefined;
};

/** `text` on one line, cut to `LABEL_MAX_LENGTH` characters with an ellipsis. */
export const shorten = (text: string, max = LABEL_MAX_LENGTH): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/**
 * The label of a hook: its configured name, else its script's file name, else its command shortened.
 *
 * @param name The hook's `name` (a run record's or an entry's): the configured name, or the command.
 * @param command The command line when known (`HookRun.command`); without it a `name` that reads like a
 *   command (spaces or a path) is taken for one.
 * @example hookLabel('node "$DIR/hooks/guard.mjs" --strict') // → 'guard.mjs'
 */
export const hookLabel = (name: string, command?: string): string => {
  const configured = command === undefined ? !/[\s/]/.test(name) : name !== command && !command.startsWith(`${name} `);
  if (configured) return name;
  const text = command ?? name;
  return scriptNameOf(text) ?? shorten(text);
};
