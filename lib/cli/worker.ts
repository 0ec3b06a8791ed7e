/**
 * `hookstream worker --nats URL [--settings FILE…]`: serves a pool of hook workers over NATS until interrupted.
 * Its hooks come from the worker's own settings (files named with `--settings` are at user scope; the standard
 * files of `--project-dir` otherwise, whose project hooks need an approval in this machine's trust store).
 */
import type { Command } from 'commander';
import { HookstreamError } from '../core/errors.js';
import { CliError, interrupted, printLine, type CliContext } from './context.js';
import { reportLoadProblems, resolveSettings, withSharedOptions, type SharedOptions } from './settingsOptions.js';

interface WorkerCliOptions extends SharedOptions {
  nats: string[];
  subject?: string;
  maxInFlight?: string;
}

const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

const positive = (text: string | undefined, option: string): number | undefined => {
  if (text === undefined) return undefined;
  if (!/^[1-9]\d*$/.test(text)) throw new CliError(`${option} must be a whole number ≥ 1, received "${text}"`);
  return Number(text);
};

const worker = async (context: CliContext, options: WorkerCliOptions): Promise<void> => {
  const maxInFlight = positive(options.maxInFlight, '--max-in-flight');
  const settings = resolveSettings(context, options);
  const { startWorker } = await import('../broker/worker.js');
  const started = await startWorker({
    servers: options.nats,
    subject: options.subject,
    settings: settings.files,
    projectDir: settings.projectDir,
    maxInFlight,
  }).catch((error: unknown) => {
    throw error instanceof HookstreamError ? new CliError(error.message) : error;
  });
  if (reportLoadProblems(context, started.problems, settings)) {
    await started.close();
    throw new CliError('the worker did not start: its settings have errors (above)');
  }
  printLine(
    context,
    `worker: serving ${options.subject ?? 'hookstream.run'} on ${options.nats.join(', ')} (Ctrl-C to stop)`,
  );
  await interrupted();
  await started.close();
};

/** Adds the `worker` command to `program`. */
export const defineWorker = (program: Command, context: CliContext): void => {
  withSharedOptions(
    program
      .command('worker')
      .description('run hooks for a pool of hosts over NATS, from this machine’s own settings')
      .requiredOption('--nats <url>', 'a NATS server (nats://host:port); repeat for a cluster', collect)
      .option('--subject <subject>', 'the pool’s subject (default: hookstream.run)')
      .option('--max-in-flight <n>', 'runs at once on this worker; more are answered busy (default: 64)'),
  ).action((options: WorkerCliOptions) => worker(context, options));
};
