/**
 * The command-hook executor (DESIGN §3 "Running a command hook"): spawns a shell-command hook for each
 * subscription, hands it the input as JSON on stdin and turns its exit status and output into a
 * `HookRun`. Shaped like rxjs `fromFetch`: the Observable is cold, one AbortController per subscription,
 * and the teardown aborts it — which kills the hook's process group. Failures are values: the
 * Observable emits exactly one run and completes, and never errors.
 *
 * Hooks must not leave long work in the background: whatever still holds the output pipes after the
 * hook exits is killed (its group after a short drain, `setsid` escapees found by their run id).
 *
 * @example
 * const executor = createCommandExecutor({ projectDir: '/repo', sessionId: 's1' });
 * executor.execute(hook, input).subscribe((run) => console.log(run.outcome, run.output));
 * await executor.dispose();
 */
import { bareRun } from '../protocol/outputRun.js';
import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { Observable } from 'rxjs';
import type { HookInput } from '../events/inputs.js';
import type { CommandHookConfig, HookEntry, HookExecutor, HookRun } from '../core/types.js';
import {
  DEFAULT_FORCE_KILL_AFTER_MS,
  DEFAULT_MAX_OUTPUT_BYTES,
  DEFAULT_PROCESS_CONCURRENCY,
  DEFAULT_TIMEOUT_MS,
  isValidTimeoutMs,
  MAX_TIMEOUT_MS,
  positiveOr,
} from '../core/limits.js';
import { interpretCommandRun } from '../protocol/commandProtocol.js';
import { buildHookEnv, resolveInvocation } from '../protocol/hookEnv.js';
import { clipForRecord, decodeOutput } from '../protocol/readOutput.js';
import { checkFdHeadroom, createSemaphore } from '../process/spawnLimiter.js';
import { superviseProcess, type ProcessReport } from '../process/superviseProcess.js';
import { internalFailureRun } from './startRun.js';

export interface CommandExecutorOptions {
  projectDir: string;
  sessionId: string;
  /** Live hook processes at once, default 16; the rest queue. */
  processConcurrency?: number;
  /** Default 60 000 ms; a hook's own `timeout` wins. */
  defaultTimeoutMs?: number;
  /** SIGTERM → SIGKILL grace, default 5 000 ms. */
  forceKillAfterMs?: number;
  /** Cap per stream, default 1 MiB. */
  maxOutputBytes?: number;
  /** Base environment, default `process.env`. */
  env?: Record<string, string | undefined>;
}

export interface CommandExecutor {
  execute: HookExecutor;
  /** Kills every live group (SIGTERM, SIGKILL after the grace) and awaits them; later runs fail. */
  dispose(): Promise<void>;
  /** Live process groups of this executor. */
  readonly live: number;
}

const DISPOSED = 'executor disposed';

/** Creates the executor; every process it starts is tracked until gone. */
export const createCommandExecutor = (options: CommandExecutorOptions): CommandExecutor => {
  const processConcurrency = Math.floor(positiveOr(options.processConcurrency, DEFAULT_PROCESS_CONCURRENCY));
  const defaultTimeoutMs = isValidTimeoutMs(options.defaultTimeoutMs) ? options.defaultTimeoutMs : DEFAULT_TIMEOUT_MS;
  const killGraceMs = Math.min(positiveOr(options.forceKillAfterMs, DEFAULT_FORCE_KILL_AFTER_MS), MAX_TIMEOUT_MS);
  const maxOutputBytes = Math.floor(positiveOr(options.maxOutputBytes, DEFAULT_MAX_OUTPUT_BYTES));
  const semaphore = createSemaphore(processConcurrency);
  const controllers = new Set<AbortController>();
  const lifecycles = new Set<Promise<void>>();
  let live = 0;
  let disposed = false;

  const projectDirProblem = async (): Promise<string | undefined> => {
    try {
      const info = await stat(options.projectDir);
      return info.isDirectory() ? undefined : `project directory ${options.projectDir} is not a directory`;
    } catch {
      return `project directory ${options.projectDir} does not exist`;
    }
  };

  /** Turns what the process did into the run record's outcome fields. */
  const interpret = (hook: HookEntry, timeoutMs: number, report: ProcessReport, signal: AbortSignal) => {
    const stdout = decodeOutput(report.stdout);
    const stderr = decodeOutput(report.stderr);
    const warnings: string[] = [];
    if (stdout.invalid) warnings.push('stdout is not valid UTF-8');
    if (stderr.invalid) warnings.push('stderr is not valid UTF-8');
    if (report.stderrOverflow) warnings.push(`stderr was truncated at ${maxOutputBytes} bytes`);
    if (report.escapees.length > 0) {
      warnings.push(
        `processes that left the hook's process group held its output and were killed: ${report.escapees.join(', ')}`,
      );
    }
    const verdict =
      report.aborted && !report.timedOut
        ? { outcome: 'canceled' as const, message: cancelMessage(hook, signal), outputWarnings: [] }
        : interpretCommandRun(hook.name, hook.event, processFacts(report, stdout.text, stderr.text, timeoutMs));
    const outputWarnings = [...warnings, ...verdict.outputWarnings];
    const fields: Omit<HookRun, 'name' | 'source' | 'command' | 'durationMs'> = { outcome: verdict.outcome };
    if (report.exitCode !== undefined) fields.exitCode = report.exitCode;
    if (report.signal !== undefined) fields.signal = report.signal;
    if ('output' in verdict && verdict.output !== undefined) fields.output = verdict.output;
    if (verdict.message !== undefined) fields.message = verdict.message;
    if (outputWarnings.length > 0) fields.outputWarnings = outputWarnings;
    fields.stdout = clipForRecord(stdout.text);
    fields.stderr = clipForRecord(stderr.text);
    return fields;
  };

  /** What the process did, in the exit-code protocol's terms. */
  const processFacts = (report: ProcessReport, stdout: string, stderr: string, timeoutMs: number) => {
    const facts: Parameters<typeof interpretCommandRun>[2] = { stdout, stderr, timedOut: report.timedOut, timeoutMs };
    if (report.exitCode !== undefined) facts.exitCode = report.exitCode;
    if (report.signal !== undefined) facts.signal = report.signal;
    if (report.stdoutOverflow) facts.stdoutTruncatedAt = maxOutputBytes;
    if (report.spawnError !== undefined) facts.spawnError = report.spawnError;
    return facts;
  };

  /** One run, start to record; `track` gets the promise that the process group is gone. */
  const run = async (
    hook: HookEntry,
    definition: CommandHookConfig,
    input: HookInput,
    signal: AbortSignal,
    track: (gone: Promise<void>) => void,
  ): Promise<HookRun> => {
    let started = performance.now();
    const invocation = resolveInvocation(definition);
    const record = (fields: Omit<HookRun, 'name' | 'source' | 'command' | 'durationMs'>): HookRun => ({
      name: hook.name,
      command: invocation.display,
      source: hook.origin.source,
      durationMs: Math.round(performance.now() - started),
      ...fields,
    });
    if (disposed) return record({ outcome: 'failed', message: `Hook "${hook.name}" cannot run: ${DISPOSED}` });
    const dirProblem = await projectDirProblem();
    if (dirProblem !== undefined)
      return record({ outcome: 'failed', message: `Hook "${hook.name}" cannot run: ${dirProblem}` });
    const release = await semaphore.acquire(signal);
    if (release === undefined) return record({ outcome: 'canceled', message: cancelMessage(hook, signal) });
    const fdProblem = checkFdHeadroom();
    if (fdProblem !== undefined) {
      release();
      return record({ outcome: 'failed', message: `Hook "${hook.name}" could not start: ${fdProblem}` });
    }
    const runId = randomUUID();
    const timeoutMs = isValidTimeoutMs(definition.timeout) ? definition.timeout : defaultTimeoutMs;
    started = performance.now();
    const child = superviseProcess({
      file: invocation.file,
      args: invocation.args,
      cwd: options.projectDir,
      env: buildHookEnv({
        base: options.env ?? process.env,
        projectDir: options.projectDir,
        sessionId: options.sessionId,
        event: input.hook_event_name,
        runId,
        ...(definition.env !== undefined ? { hookEnv: definition.env } : {}),
      }),
      input: `${JSON.stringify(input)}\n`,
      runId,
      timeoutMs,
      killGraceMs,
      maxOutputBytes,
      signal,
    });
    const counted = child.pgid !== undefined;
    if (counted) live += 1;
    // The slot is held until the group is gone, so `processConcurrency` bounds real processes.
    track(
      child.gone.finally(() => {
        if (counted) live -= 1;
        release();
      }),
    );
    const report = await child.report;
    return record(interpret(hook, timeoutMs, report, signal));
  };

  const execute: HookExecutor = (hook, input) =>
    new Observable<HookRun>((subscriber) => {
      const definition = hook.definition;
      if (definition.type !== 'command') {
        subscriber.next(bareRun(hook, 'failed', 0, `Hook "${hook.name}" is not a command hook`));
        subscriber.complete();
        return undefined;
      }
      const controller = new AbortController();
      controllers.add(controller);
      const gone: Promise<void>[] = [];
      const lifecycle = run(hook, definition, input, controller.signal, (done) => gone.push(done))
        // Anything thrown here is hookstream's own failure, not the hook's: it fails closed above.
        .catch((error: unknown): HookRun => internalFailureRun(hook, error, 'allow'))
        .then(async (record) => {
          controllers.delete(controller);
          if (!subscriber.closed) {
            subscriber.next(record);
            subscriber.complete();
          }
          await Promise.all(gone);
        });
      lifecycles.add(lifecycle);
      void lifecycle.finally(() => lifecycles.delete(lifecycle));
      // Unsubscribing before the run settles takes the kill path; after, it is a no-op.
      return () => {
        controller.abort();
      };
    });

  return {
    execute,
    dispose: async () => {
      disposed = true;
      for (const controller of controllers) controller.abort(DISPOSED);
      while (lifecycles.size > 0) await Promise.all([...lifecycles]);
    },
    get live() {
      return live;
    },
  };
};

function cancelMessage(hook: HookEntry, signal: AbortSignal): string {
  return `Hook "${hook.name}" was canceled${signal.reason === DISPOSED ? `: ${DISPOSED}` : ''}`;
}
