/**
 * `hookstream replay FILE.jsonl`: re-runs a recorded session through the current hooks and prints, per
 * event, what changed — decision, reason, rewritten input, output. Exit status 1 when anything changed, so
 * a recording of a good session is a policy regression test in CI. Hooks skipped as untrusted (a fresh HOME,
 * a script edited since its approval) are counted and named instead, with exit status 3: what changed then
 * says nothing about the policy.
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
import { visible } from './visible.js';

/** A recording read for a command, its problems as usage errors. */
export const readRecordingFile = (context: CliContext, file: string): RecordingEntry[] => {
  try {
    return readRecording(resolve(context.cwd, file));
  } catch (error) {
    if (error instanceof HookstreamError) throw new CliError(error.message);
    throw error;
  }
};

/** Exit status when hooks were skipped as untrusted: the replay compared nothing about the policy they hold. */
export const UNTRUSTED_STATUS = 3;

/** `; 1 hook skipped as untrusted (guard) …`: why decisions changed, when approvals are missing. */
const untrustedNote = (untrusted: ReadonlySet<string>): string =>
  untrusted.size === 0
    ? ''
    : `; ${untrusted.size} hook${untrusted.size === 1 ? ' was' : 's were'} skipped as untrusted (${[...untrusted].join(', ')}): ` +
      'not approved here or changed since approval, so this is no policy change; review them and run hookstream trust';

/** The human report: one block per changed event, then a summary line. */
export const formatReplay = (
  report: ReplayReport,
  file: string,
  paint: Paint,
  untrusted: ReadonlySet<string> = new Set(),
): string[] => {
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
  const outcome = count === 0 ? paint.green('no decision changed') : paint.red(`${count} changed`);
  lines.push(summary + outcome + paint.yellow(visible(untrustedNote(untrusted))));
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
  // Runs the trust gate refused (a strict hook's refusal blocks, and says so in `strictFailure`).
  const untrusted = new Set<string>();
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
      system.results$.subscribe((activity) => {
        if (activity.type !== 'finish') return;
        if (activity.run.outcome === 'untrusted' || activity.run.strictFailure === 'untrusted') {
          untrusted.add(activity.hook);
        }
      });
      return system;
    },
  });
  raiseStatus(context, untrusted.size > 0 ? UNTRUSTED_STATUS : report.changed.length > 0 ? 1 : 0);
  if (options.json) {
    const json = { events: report.events, changed: report.changed.length, diffs: report.changed };
    const shown = untrusted.size === 0 ? json : Object.assign(json, { untrusted: [...untrusted] });
    printLine(context, JSON.stringify(shown, null, 2));
    return;
  }
  for (const line of formatReplay(report, file, createPaint(context.color), untrusted)) printLine(context, line);
};

/** Adds the `replay` command to `program`. */
export const defineReplay = (program: Command, context: CliContext): void => {
  withSharedOptions(
    withDialectOption(program.command('replay'))
      .description('re-run a recorded session through the current hooks and show every decision that changed')
      .argument('<recording>', 'a JSON-lines recording (the record option, or fire --record)'),
  )
    .addHelpText(
      'after',
      `\nExit status: 0 when no decision changed, 1 when one did or on errors, ${UNTRUSTED_STATUS} when hooks were skipped as untrusted (approve them with hookstream trust, then replay again).`,
    )
    .action((file: string, options: SharedOptions) => replay(context, file, options));
};
