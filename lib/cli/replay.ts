/**
 * `hookstream replay FILE.jsonl`: re-runs a recorded session through the current hooks and prints, per
 * event, what changed — decision, reason, rewritten input, output. Exit status 1 when anything changed, so
 * a recording of a good session is a policy regression test in CI.
 */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { HookstreamError } from '../core/errors.js';
import { showValue } from '../tools/decisionDiff.js';
import { readRecording, type RecordingEntry } from '../observe/recording.js';
import type { ReplayReport } from '../tools/replay.js';
import { CliError, printLine, raiseStatus, type CliContext } from './context.js';
import {
  reportLoadProblems,
  resolveDialectSettings,
  withDialectOption,
  withSharedOptions,
  type SharedOptions,
} from './settingsOptions.js';
import { createPaint, type Paint } from './style.js';

/** A recording read for a command, its problems as usage errors. */
export const readRecordingFile = (context: CliContext, file: string): RecordingEntry[] => {
  try {
    return readRecording(resolve(context.cwd, file));
  } catch (error) {
    if (error instanceof HookstreamError) throw new CliError(error.message);
    throw error;
  }
};

/** The human report: one block per changed event, then a summary line. */
export const formatReplay = (report: ReplayReport, file: string, paint: Paint): string[] => {
  const lines: string[] = [];
  for (const change of report.changed) {
    lines.push(paint.bold(`line ${change.line}: ${change.event} ${change.input}`));
    const width = Math.max(...change.changes.map((entry) => entry.field.length));
    for (const entry of change.changes) {
      lines.push(`  ${entry.field.padEnd(width)}  ${paint.dim(showValue(entry.before))} → ${showValue(entry.after)}`);
    }
  }
  const count = report.changed.length;
  const summary = `replayed ${report.events} event${report.events === 1 ? '' : 's'} from ${file}: `;
  lines.push(summary + (count === 0 ? paint.green('no decision changed') : paint.red(`${count} changed`)));
  return lines;
};

const replay = async (context: CliContext, file: string, options: SharedOptions): Promise<void> => {
  const entries = readRecordingFile(context, file);
  const settings = resolveDialectSettings(context, options);
  // Loaded on demand, as `fire` does: reading a recording needs neither rxjs nor the executors.
  const [{ createHookSystem }, { replayRecording }] = await Promise.all([
    import('../system/createHookSystem.js'),
    import('../tools/replay.js'),
  ]);
  let checked = false;
  const report = await replayRecording(entries, {
    createSystem: (sessionId) => {
      const system = createHookSystem({
        settings: settings.files,
        projectDir: settings.projectDir,
        sessionId,
        spawnHelper: false,
      });
      if (!checked && reportLoadProblems(context, system.problems, settings)) {
        void system.dispose();
        throw new CliError('nothing replayed: the settings files named with --settings have errors');
      }
      checked = true;
      return system;
    },
  });
  raiseStatus(context, report.changed.length > 0 ? 1 : 0);
  if (options.json) {
    printLine(
      context,
      JSON.stringify({ events: report.events, changed: report.changed.length, diffs: report.changed }, null, 2),
    );
    return;
  }
  for (const line of formatReplay(report, file, createPaint(context.color))) printLine(context, line);
};

/** Adds the `replay` command to `program`. */
export const defineReplay = (program: Command, context: CliContext): void => {
  withSharedOptions(
    withDialectOption(program.command('replay'))
      .description('re-run a recorded session through the current hooks and show every decision that changed')
      .argument('<recording>', 'a JSON-lines recording (the record option, or fire --record)'),
  )
    .addHelpText('after', '\nExit status: 0 when no decision changed, 1 when one did or on errors.')
    .action((file: string, options: SharedOptions) => replay(context, file, options));
};
