/**
 * `hookstream profile FILE.jsonl`: p50/p95/max per hook and per event from a recording, slowest first —
 * which hook to make persistent, which timeout is too tight. Nothing is run.
 */
import type { Command } from 'commander';
import { profileRecording, type ProfileRow } from '../tools/profile.js';
import { printLine, type CliContext } from './context.js';
import { readRecordingFile } from './replay.js';
import { createPaint, formatTable, type Paint } from './style.js';

interface ProfileOptions {
  json?: boolean;
}

const ms = (value: number): string => `${Math.round(value)} ms`;

const table = (title: string, rows: readonly ProfileRow[], paint: Paint, failures: boolean): string[] => {
  if (rows.length === 0) return [paint.bold(title), '  (none)'];
  const headers = ['name', 'runs', 'p50', 'p95', 'max', ...(failures ? ['failed'] : [])];
  const cells = rows.map((row) => [
    row.name,
    String(row.count),
    ms(row.p50),
    ms(row.p95),
    ms(row.max),
    ...(failures ? [row.failures > 0 ? paint.red(String(row.failures)) : '0'] : []),
  ]);
  return [paint.bold(title), ...formatTable(headers, cells, paint)];
};

const profile = (context: CliContext, file: string, options: ProfileOptions): void => {
  const result = profileRecording(readRecordingFile(context, file));
  if (options.json) {
    printLine(context, JSON.stringify(result, null, 2));
    return;
  }
  const paint = createPaint(context.color);
  for (const line of table('hooks', result.hooks, paint, true)) printLine(context, line);
  printLine(context);
  for (const line of table('events', result.events, paint, false)) printLine(context, line);
};

/** Adds the `profile` command to `program`. */
export const defineProfile = (program: Command, context: CliContext): void => {
  program
    .command('profile')
    .description('p50/p95/max per hook and per event from a recording')
    .argument('<recording>', 'a JSON-lines recording (the record option, or fire --record)')
    .option('--json', 'print machine-readable JSON on stdout')
    .action((file: string, options: ProfileOptions) => {
      profile(context, file, options);
    });
};
