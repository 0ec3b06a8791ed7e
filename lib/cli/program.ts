/**
 * The `hookstream` command line: one commander program with `init`, `fire`, `validate`, `list`, `trust`,
 * `schema` and the observation commands. Parsing errors, `--help` and `--version` come back as an exit status, never as `process.exit`.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError } from 'commander';
import { CliError, printNote, raiseStatus, type CliContext } from './context.js';

/** Adds one subcommand (or a pair, as install and uninstall), its options and its action to the program. */
type DefineCommand = (program: Command, context: CliContext) => void;

/**
 * Each subcommand's module, loaded only when asked for: a run of `fire` should not pay for loading the dashboard,
 * the broker client and the daemon (a start of the command is most of a command hook's cost).
 */
const COMMANDS: Readonly<Record<string, () => Promise<DefineCommand>>> = {
  init: async () => (await import('./init.js')).defineInit,
  fire: async () => (await import('./fire.js')).defineFire,
  import: async () => (await import('./import.js')).defineImport,
  validate: async () => (await import('./validate.js')).defineValidate,
  list: async () => (await import('./list.js')).defineList,
  trust: async () => (await import('./trust.js')).defineTrust,
  schema: async () => (await import('./schema.js')).defineSchema,
  doctor: async () => (await import('./doctor.js')).defineDoctor,
  replay: async () => (await import('./replay.js')).defineReplay,
  explain: async () => (await import('./explain.js')).defineExplain,
  profile: async () => (await import('./profile.js')).defineProfile,
  dashboard: async () => (await import('./dashboard.js')).defineDashboard,
  worker: async () => (await import('./worker.js')).defineWorker,
  audit: async () => (await import('./audit.js')).defineAudit,
  install: async () => (await import('./install.js')).defineInstall,
  uninstall: async () => (await import('./install.js')).defineInstall,
  serve: async () => (await import('./serve.js')).defineServe,
};

/** The package version: the nearest package.json above this module (lib/cli in source, dist/lib/cli when built). */
export const packageVersion = (from: string = dirname(fileURLToPath(import.meta.url))): string => {
  for (let dir = from; ; dir = dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (manifest.name === 'hookstream' && manifest.version !== undefined) return manifest.version;
    } catch {
      // No (readable) package.json here: keep climbing.
    }
    if (dirname(dir) === dir) return '0.0.0';
  }
};

/**
 * Builds the program; its actions write to `context` and set `context.status`. With `only` naming a subcommand,
 * just that one is defined; otherwise (top-level help, an unknown name) all are, so help lists them and commander
 * can suggest the nearest.
 */
export const createProgram = async (context: CliContext, only?: string): Promise<Command> => {
  const program = new Command('hookstream')
    .description('Run, validate and inspect lifecycle hooks for AI agents.')
    .version(packageVersion(), '-V, --version', 'print the version')
    .configureOutput({
      writeOut: (text) => context.stdout.write(text),
      writeErr: (text) => context.stderr.write(text),
    })
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)');
  const wanted = only !== undefined && Object.hasOwn(COMMANDS, only);
  const loaders = Object.entries(COMMANDS).filter(([name]) => !wanted || name === only);
  const defines = new Set(await Promise.all(loaders.map(([, load]) => load())));
  for (const define of defines) define(program, context);
  return program;
};

/**
 * Runs the command line `argv` (without the node and script paths) and resolves with the exit
 * status: 0 ok, 2 blocked or stopped (`fire`), 1 for usage errors, bad input and settings errors.
 */
export const runCli = async (argv: readonly string[], context: CliContext): Promise<number> => {
  try {
    await (await createProgram(context, argv[0])).parseAsync([...argv], { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) raiseStatus(context, error.exitCode);
    else if (error instanceof CliError) {
      printNote(context, error.message);
      raiseStatus(context, error.exitCode);
    } else {
      printNote(context, `internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      raiseStatus(context, 1);
    }
  }
  return context.status;
};
