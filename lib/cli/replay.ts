/**
 * `hookstream replay FILE.jsonl`: re-runs a recorded session through the current hooks and prints, per
 * event, what changed — decision, reason, rewritten input, output. Exit status 1 when anything changed, so
 * a recording of a good session is a policy regression test in CI. Hooks skipped as untrusted (a fresh HOME,
 * a script edited since its approval) are counted and named instead, with exit status 3: what changed then
 * says nothing about the policy. With `--policies FILE` it runs that file's session policies over the recording
 * instead, log-only (lib/tools/replayPolicies.ts), and prints the verdicts that differ from the recorded ones.
 */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { HookstreamError } from '../core/errors.js';
import { showValue } from '../tools/decisionDiff.js';
import { readRecording, type RecordingEntry } from '../observe/recording.js';
import type { ReplayReport } from '../tools/replay.js';
import type { PolicyReplayReport } from '../tools/replayPolicies.js';
import { CliError, printLine, raiseStatus, type CliContext } from './context.js';
import { commandPolicies } from './policyOption.js';
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

/** `replay --policies`: per changed event its policies' verdicts, recorded → now; then a summary line. */
export const formatPolicyReplay = (
  report: PolicyReplayReport,
  file: string,
  policies: readonly string[],
  paint: Paint,
): string[] => {
  const lines: string[] = [];
  for (const change of report.changed) {
    lines.push(paint.bold(`line ${change.line}: ${change.event} ${change.input}`));
    for (const entry of change.changes)
      lines.push(`  ${entry.policy}  ${paint.dim(entry.before ?? '(none)')} → ${entry.after ?? '(none)'}`);
  }
  const count = report.changed.length;
  const summary =
    `replayed ${report.events} event${report.events === 1 ? '' : 's'} from ${file} through ` +
    `${policies.length} session polic${policies.length === 1 ? 'y' : 'ies'} (log-only): `;
  lines.push(summary + (count === 0 ? paint.green('no verdict changed') : paint.red(`${count} changed`)));
  return lines.map(visible);
};

interface ReplayOptions extends SharedOptions {
  policies?: string;
}

const replayAgainstPolicies = async (context: CliContext, file: string, options: ReplayOptions): Promise<void> => {
  const entries = readRecordingFile(context, file);
  const policies = commandPolicies(context, options.policies, () => resolveDialectSettings(context, options));
  const { replayPolicies } = await import('../tools/replayPolicies.js');
  const report = replayPolicies(entries, policies.policies);
  raiseStatus(context, report.changed.length > 0 ? 1 : 0);
  if (options.json) {
    const json = {
      events: report.events,
      policies: policies.names,
      changed: report.changed.length,
      diffs: report.changed,
    };
    printLine(context, JSON.stringify(json, null, 2));
    return;
  }
  for (const line of formatPolicyReplay(report, file, policies.names, createPaint(context.color)))
    printLine(context, line);
};

const replay = async (context: CliContext, file: string, options: ReplayOptions): Promise<void> => {
  if (options.policies !== undefined) {
    await replayAgainstPolicies(context, file, options);
    return;
  }
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
      .argument('<recording>', 'a JSON-lines recording (the record option, or fire --record)')
      .option(
        '--policies <file>',
        'instead: run the session policies of this settings file over the recording, log-only, and show the verdicts that changed',
      ),
  )
    .addHelpText(
      'after',
      `\nExit status: 0 when no decision changed, 1 when one did or on errors, ${UNTRUSTED_STATUS} when hooks were skipped as untrusted (approve them with hookstream trust, then replay again).\nWith --policies: no hook runs; the policies see the recorded outcomes (log-only: a call they would deny still happened), and the exit status is 1 when a verdict changed.`,
    )
    .action((file: string, options: ReplayOptions) => replay(context, file, options));
};
