/**
 * The persistent-process executor (DESIGN §1, third executor): a command hook with `persistent: true`
 * runs as one long-lived worker instead of a process per event. Spawning `node hook.mjs` costs ~70 ms
 * of start-up per event; a worker answering one JSON line per request costs microseconds (FACTS.md).
 *
 * Protocol: per request hookstream writes the input JSON and a newline to the worker's stdin; the
 * worker answers with exactly one line on stdout, read like a command hook's stdout at exit 0. Requests
 * to one worker go one at a time, FIFO. The worker starts on the first request (same cwd and
 * environment as command hooks, plus `HOOKSTREAM_PERSISTENT=1`) in its own process group, one per hook
 * key. A timeout, an over-long line or the worker's death fails that request and the next one gets a
 * fresh worker; after repeated crashes requests fail at once for a while.
 *
 * Like the command executor the Observable is cold and emits exactly one run: unsubscribing a queued
 * request removes it; unsubscribing a written one leaves the worker alone and discards its answer.
 *
 * @example
 * const executor = createPersistentExecutor({ projectDir: '/repo', sessionId: 's1' });
 * executor.execute(hook, input).subscribe((run) => console.log(run.outcome, run.output));
 * await executor.dispose();
 */
import { bareRun } from '../protocol/outputRun.js';
import { randomUUID } from 'node:crypto';
import { Observable } from 'rxjs';
import type { HookExecutor, HookRun } from '../core/types.js';
import {
  DEFAULT_FORCE_KILL_AFTER_MS,
  DEFAULT_MAX_OUTPUT_BYTES,
  DEFAULT_TIMEOUT_MS,
  isValidTimeoutMs,
  MAX_TIMEOUT_MS,
  positiveOr,
} from '../core/limits.js';
import type { CommandExecutor, CommandExecutorOptions } from './commandExecutor.js';
import { createCrashGuard } from '../process/crashGuard.js';
import { buildHookEnv, resolveInvocation } from '../protocol/hookEnv.js';
import { commandKey } from '../plan/createEntry.js';
import { interpretReply, type ReplyFields } from '../protocol/persistentProtocol.js';
import { checkFdHeadroom } from '../process/spawnLimiter.js';
import { createWorkerSlot, type WorkerRequest, type WorkerSlot } from '../process/workerSlot.js';

export interface PersistentExecutorOptions extends CommandExecutorOptions {
  /** Unexpected worker exits within `crashWindowMs` that trip the crash-loop guard; default 3. */
  crashLimit?: number;
  /** The crash-loop window, and how long requests then fail at once; default 60 000 ms. */
  crashWindowMs?: number;
}

/** Same shape as the command executor: `execute`, `dispose()`, `live` (worker groups alive). */
export type PersistentExecutor = CommandExecutor;

/** Creates the executor; workers start on demand and live until `dispose()` (or host exit). */
export const createPersistentExecutor = (options: PersistentExecutorOptions): PersistentExecutor => {
  const defaultTimeoutMs = isValidTimeoutMs(options.defaultTimeoutMs) ? options.defaultTimeoutMs : DEFAULT_TIMEOUT_MS;
  const killGraceMs = Math.min(positiveOr(options.forceKillAfterMs, DEFAULT_FORCE_KILL_AFTER_MS), MAX_TIMEOUT_MS);
  const maxOutputBytes = Math.floor(positiveOr(options.maxOutputBytes, DEFAULT_MAX_OUTPUT_BYTES));
  const crashLimit = Math.floor(positiveOr(options.crashLimit, 3));
  const crashWindowMs = Math.min(positiveOr(options.crashWindowMs, 60_000), MAX_TIMEOUT_MS);
  const slots = new Map<string, WorkerSlot>();
  let live = 0;
  let disposed = false;

  const slotFor = (key: string): WorkerSlot => {
    let slot = slots.get(key);
    if (slot === undefined) {
      slot = createWorkerSlot({
        killGraceMs,
        maxOutputBytes,
        crashGuard: createCrashGuard(crashLimit, crashWindowMs),
        onStart: () => (live += 1),
        onGone: () => (live -= 1),
      });
      slots.set(key, slot);
    }
    return slot;
  };

  const execute: HookExecutor = (hook, input) =>
    new Observable<HookRun>((subscriber) => {
      const definition = hook.definition;
      if (definition.type !== 'command') {
        subscriber.next(bareRun(hook, 'failed', 0, `Hook "${hook.name}" is not a command hook`));
        subscriber.complete();
        return undefined;
      }
      const invocation = resolveInvocation(definition);
      const emit = (fields: ReplyFields, durationMs: number): void => {
        if (subscriber.closed) return;
        const run: HookRun = Object.assign(
          { name: hook.name, source: hook.origin.source, command: invocation.display, durationMs },
          fields,
        );
        subscriber.next(run);
        subscriber.complete();
      };
      if (disposed) {
        emit({ outcome: 'failed', message: `Hook "${hook.name}" cannot run: executor disposed` }, 0);
        return undefined;
      }
      const timeoutMs = isValidTimeoutMs(definition.timeout) ? definition.timeout : defaultTimeoutMs;
      const context = { name: hook.name, event: hook.event, timeoutMs, maxOutputBytes, crashLimit, crashWindowMs };
      const request: WorkerRequest = {
        line: `${JSON.stringify(input)}\n`,
        timeoutMs,
        launch: () => {
          const fdProblem = checkFdHeadroom();
          if (fdProblem !== undefined) return fdProblem;
          const env = buildHookEnv({
            base: options.env ?? process.env,
            projectDir: options.projectDir,
            sessionId: options.sessionId,
            event: input.hook_event_name,
            runId: randomUUID(),
            ...(definition.env !== undefined ? { hookEnv: definition.env } : {}),
          });
          env.HOOKSTREAM_PERSISTENT = '1';
          const { file, args } = invocation;
          return { file, args, cwd: options.projectDir, env, maxLineBytes: maxOutputBytes, killGraceMs };
        },
        settle: (reply) => {
          emit(interpretReply(reply, context), reply.durationMs);
        },
      };
      // One worker per event and command: its HOOKSTREAM_EVENT and environment are then always right.
      const slot = slotFor(`${hook.event}\u0000${commandKey(definition)}`);
      slot.enqueue(request);
      return () => {
        slot.withdraw(request);
      };
    });

  return {
    execute,
    dispose: async () => {
      disposed = true;
      await Promise.all([...slots.values()].map((slot) => slot.dispose()));
    },
    get live() {
      return live;
    },
  };
};
