/**
 * `hookstream install --agent claude|codex|gemini|cursor|copilot` and `hookstream uninstall --agent …`: put an
 * agent's every event under hookstream by adding one entry per event to that agent's own hook settings (the
 * project's, or with `--scope user` the user's), each starting the perl hook client (hook.pl) when perl can
 * run it safely and the shell hook client (hook.sh) otherwise — both hand over to the Node client client.ts when
 * they cannot go fast — which forwards the event to the session daemon. The user's own hooks in that file stay, and the agent keeps running them;
 * hookstream runs the hooks of its own settings (`.hookstream/settings.json`, `~/.hookstream/settings.json`)
 * and skips its entries when it reads the agent's file — so nothing runs twice and nothing calls itself.
 *
 * Every write goes through the safe writer (never through a repository's link). What the file was before is
 * remembered in `~/.hookstream/installed.json`, so `uninstall` puts back the very bytes when the file was not
 * edited since; otherwise it removes exactly hookstream's entries. `--dry-run` prints the diff and writes nothing.
 */
import { existsSync, readFileSync, rmdirSync, unlinkSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { errorText, isRecord } from '../core/guards.js';
import { checkSafeWrite, replaceFileSafely } from '../core/safeWrite.js';
import { dialectById, dialectSettingsFiles } from '../dialects/registry.js';
import type { Dialect, DialectId } from '../dialects/types.js';
import { CliError, printLine, type CliContext } from './context.js';
import { refuseHomeProject } from './homeProject.js';
import {
  ownHookCount,
  settingsText,
  shellWord,
  withInstalled,
  withoutInstalled,
  type ShellClient,
} from './installEntries.js';
import { lineDiff } from './lineDiff.js';

const AGENTS: readonly DialectId[] = ['claude', 'codex', 'gemini', 'cursor', 'copilot'];
const STATE_FILE = '.hookstream/installed.json';

interface InstallOptions {
  agent?: string;
  scope: string;
  projectDir?: string;
  dryRun?: boolean;
  allowHome?: boolean;
  /** The command that runs the client, before `<agent> <event>`; default the shell client, with this Node. */
  client?: string;
}

/** What install remembers per file: its text before the first install (null: there was none) and after. */
interface Remembered {
  before: string | null;
  after: string;
  /** Directories the install created, deepest first, removed again when empty. */
  createdDirs: string[];
}

interface Target {
  readonly dialect: Dialect;
  readonly file: string;
  /** The directory the safe writer keeps the write inside. */
  readonly root: string;
}

const agentOf = (name: string | undefined): Dialect => {
  if (name === undefined || !(AGENTS as readonly string[]).includes(name)) {
    throw new CliError(`--agent must be one of ${AGENTS.join(', ')}, received ${JSON.stringify(name ?? '')}`);
  }
  return dialectById(name as DialectId);
};

/** The file install edits: the agent's project or user hook settings (Copilot: a file of its own in hooks/). */
const targetOf = (context: CliContext, options: InstallOptions, command: string): Target => {
  const dialect = agentOf(options.agent);
  if (options.scope !== 'project' && options.scope !== 'user') {
    throw new CliError(`--scope must be project or user, received "${options.scope}"`);
  }
  const projectDir = resolve(context.cwd, options.projectDir ?? '.');
  if (options.scope === 'project') refuseHomeProject(projectDir, options.allowHome, command);
  const home = homedir();
  const found = dialectSettingsFiles({ projectDir, home, variables: process.env }, [dialect.id]).find(
    (file) => file.scope === options.scope,
  );
  if (found === undefined) throw new CliError(`${dialect.label} has no ${options.scope} hook settings file`);
  const file = found.directory === true ? resolve(found.path, 'hookstream.json') : found.path;
  // A project file stays inside the project; a user file inside the home (or the relocated config dir's parent).
  const base = options.scope === 'project' ? projectDir : home;
  const inside = !relative(base, file).startsWith(`..${sep}`) && relative(base, file) !== '..';
  return { dialect, file, root: inside ? base : dirname(dirname(file)) };
};

const readText = (file: string): string | undefined => {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new CliError(`cannot read ${file}: ${errorText(error)}`);
  }
};

const parseSettings = (file: string, text: string | undefined): Record<string, unknown> => {
  if (text === undefined || text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${file} is not valid JSON (${errorText(error)}); fix it first, nothing was written`);
  }
  if (!isRecord(value)) throw new CliError(`${file} must hold a JSON object, received ${JSON.stringify(value)}`);
  return value;
};

const readState = (home: string): Record<string, Remembered> => {
  const text = readText(resolve(home, STATE_FILE));
  if (text === undefined) return {};
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? (value as Record<string, Remembered>) : {};
  } catch {
    return {};
  }
};

const writeState = (home: string, state: Record<string, Remembered>): void => {
  replaceFileSafely(home, STATE_FILE, `${JSON.stringify(state, null, 2)}\n`, { createDirs: true, mode: 0o600 });
};

/** The directories between `root` and `file` that do not exist yet, deepest first. */
const missingDirs = (root: string, file: string): string[] => {
  const dirs: string[] = [];
  for (let dir = dirname(file); dir.startsWith(root) && dir !== root && !existsSync(dir); dir = dirname(dir)) {
    dirs.push(dir);
  }
  return dirs;
};

/** The shell client and its perl fast path, told which Node runs the Node client they may hand over to. */
const defaultClient = (): ShellClient => ({
  shellScript: shellWord(fileURLToPath(new URL('./hook.sh', import.meta.url))),
  perlScript: shellWord(fileURLToPath(new URL('./hook.pl', import.meta.url))),
  node: shellWord(process.execPath),
});

const printDiff = (context: CliContext, before: string, after: string, file: string): void => {
  for (const line of lineDiff(before, after, file)) printLine(context, line);
};

const install = (context: CliContext, options: InstallOptions): void => {
  const target = targetOf(context, options, 'install');
  const { dialect, file, root } = target;
  const text = readText(file);
  const settings = parseSettings(file, text);
  const after = settingsText(withInstalled(dialect, settings, options.client ?? defaultClient()), text);
  const own = ownHookCount(dialect, settings);
  if (after === text) {
    printLine(context, `${dialect.label}: hookstream is already installed in ${file}; nothing to do`);
    return;
  }
  if (options.dryRun === true) {
    printDiff(context, text ?? '', after, file);
    printLine(context, `(dry run: ${file} not written)`);
    return;
  }
  try {
    checkSafeWrite(root, file);
    const createdDirs = missingDirs(root, file);
    replaceFileSafely(root, file, after, { createDirs: true });
    const home = homedir();
    const state = readState(home);
    const previous = state[file];
    state[file] = {
      before: previous?.before ?? text ?? null,
      after,
      createdDirs: previous?.createdDirs ?? createdDirs,
    };
    writeState(home, state);
  } catch (error) {
    throw new CliError(`nothing installed: ${errorText(error)}`);
  }
  printLine(context, `${dialect.label}: every event now goes to hookstream (${file})`);
  if (own > 0) {
    printLine(
      context,
      `your ${own} own hook${own === 1 ? '' : 's'} in that file stay and ${dialect.label} keeps running them; ` +
        'hookstream runs the hooks of .hookstream/settings.json and ~/.hookstream/settings.json and skips its ' +
        'own entries there, so nothing runs twice',
    );
  }
};

const uninstall = (context: CliContext, options: InstallOptions): void => {
  const { dialect, file, root } = targetOf(context, options, 'uninstall');
  const text = readText(file);
  const home = homedir();
  const state = readState(home);
  const remembered = state[file];
  if (text === undefined) {
    printLine(context, `${dialect.label}: ${file} does not exist; nothing to do`);
    return;
  }
  const { settings, removed } = withoutInstalled(dialect, parseSettings(file, text));
  if (removed === 0) {
    printLine(context, `${dialect.label}: hookstream is not installed in ${file}; nothing to do`);
    return;
  }
  // Unchanged since install: the very bytes from before come back (or no file, as there was none).
  const exact = remembered !== undefined && remembered.after === text;
  const after = exact ? remembered.before : settingsText(settings, text);
  if (options.dryRun === true) {
    printDiff(context, text, after ?? '', file);
    printLine(context, `(dry run: ${file} not written)`);
    return;
  }
  try {
    if (after === null) {
      checkSafeWrite(root, file);
      unlinkSync(file);
      for (const dir of remembered?.createdDirs ?? []) {
        try {
          rmdirSync(dir);
        } catch {
          break; // not empty (or gone): it holds something of the user's now
        }
      }
    } else replaceFileSafely(root, file, after);
    writeState(home, Object.fromEntries(Object.entries(state).filter(([key]) => key !== file)));
  } catch (error) {
    throw new CliError(`nothing uninstalled: ${errorText(error)}`);
  }
  printLine(context, `${dialect.label}: hookstream's ${removed} entries removed from ${file}`);
};

const withInstallOptions = (command: Command): Command =>
  command
    .requiredOption('--agent <agent>', `the agent: ${AGENTS.join(', ')}`)
    .option('--scope <scope>', "the agent's project settings or your user settings: project or user", 'project')
    .option('--project-dir <dir>', 'the project (default: the current directory)')
    .option('--dry-run', 'print the change as a diff and write nothing')
    .option('--allow-home', 'allow the home directory as the project');

/** Adds `install` and `uninstall` to `program`. */
export const defineInstall = (program: Command, context: CliContext): void => {
  withInstallOptions(program.command('install'))
    .description('send every event of an agent (Claude Code, Codex, Gemini CLI, Cursor, Copilot) to hookstream')
    .option('--client <command>', "the command that runs the hook client (default: this package's shell client)")
    .action((options: InstallOptions) => {
      install(context, options);
    });
  withInstallOptions(program.command('uninstall'))
    .description("remove hookstream's entries from an agent's hook settings (the user's own hooks stay)")
    .action((options: InstallOptions) => {
      uninstall(context, options);
    });
};
