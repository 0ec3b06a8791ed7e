/**
 * The `hookstream` command line: one commander program with `init`, `fire`, `validate`, `list`, `trust`,
 * `schema` and the observation commands. Parsing errors, `--help` and `--version` come back as an exit status, never as `process.exit`.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError } from 'commander';
import { CliError, printNote, raiseStatus, type CliContext } from './context.js';
import { defineFire } from './fire.js';
import { defineImport } from './import.js';
import { defineInit } from './init.js';
import { defineList } from './list.js';
import { defineSchema } from './schema.js';
import { defineTrust } from './trust.js';
import { defineValidate } from './validate.js';
import { defineDashboard } from './dashboard.js';
import { defineDoctor } from './doctor.js';
import { defineProfile } from './profile.js';
import { defineReplay } from './replay.js';
import { defineExplain } from './explain.js';
import { defineWorker } from './worker.js';
import { defineAudit } from './audit.js';
import { defineInstall } from './install.js';
import { defineServe } from './serve.js';

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

/** Builds the program; its actions write to `context` and set `context.status`. */
export const createProgram = (context: CliContext): Command => {
  const program = new Command('hookstream')
    .description('Run, validate and inspect lifecycle hooks for AI agents.')
    .version(packageVersion(), '-V, --version', 'print the version')
    .configureOutput({
      writeOut: (text) => context.stdout.write(text),
      writeErr: (text) => context.stderr.write(text),
    })
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)');
  defineInit(program, context);
  defineFire(program, context);
  defineImport(program, context);
  defineValidate(program, context);
  defineList(program, context);
  defineTrust(program, context);
  defineSchema(program, context);
  defineDoctor(program, context);
  defineReplay(program, context);
  defineExplain(program, context);
  defineProfile(program, context);
  defineDashboard(program, context);
  defineWorker(program, context);
  defineAudit(program, context);
  defineInstall(program, context);
  defineServe(program, context);
  return program;
};

/**
 * Runs the command line `argv` (without the node and script paths) and resolves with the exit
 * status: 0 ok, 2 blocked or stopped (`fire`), 1 for usage errors, bad input and settings errors.
 */
export const runCli = async (argv: readonly string[], context: CliContext): Promise<number> => {
  try {
    await createProgram(context).parseAsync([...argv], { from: 'user' });
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
