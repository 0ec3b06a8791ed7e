/**
 * `hookstream fire` and background hooks (`async: true`, `asyncRewake`): a host keeps running and hears them
 * later; a one-shot CLI that disposed its hook system right after the answer would kill them unseen — a logger
 * or an agent's async hook configured in a file would silently never run from the command line. So `fire`
 * prints its answer at once, says which background hooks it waits for, and waits for each to finish (each is
 * bounded by its own timeout; a backstop past the longest ends the wait) before it exits, one line per hook
 * on stderr with how it ended.
 */
import { DEFAULT_FORCE_KILL_AFTER_MS, DEFAULT_TIMEOUT_MS } from '../core/limits.js';
import type { HookEntry } from '../model/types.js';
import type { EventName } from '../events/names.js';
import type { BackgroundRecord } from '../system/backgroundRecord.js';
import type { HookSystem } from '../system/hookSystem.js';
import { printNote, type CliContext } from './context.js';
import { visible } from './visible.js';
import { isConfigured } from '../kinds/table.js';

/** One background hook in `fire --json`'s result: `waited` — the CLI waits for it before exiting. */
export interface FiredBackground {
  name: string;
  state: 'waited';
}

export interface BackgroundWatch {
  /** The event's background hooks, as the JSON result lists them. */
  readonly hooks: readonly FiredBackground[];
  /** Resolves when every one has finished (or the backstop passed), having printed one line per hook. */
  finished(): Promise<void>;
}

/** What the event will start in the background: the plan `fire` is about to run (nothing while hooks are off). */
const plannedBackground = (system: HookSystem, event: EventName, fields: Record<string, unknown>) => {
  if (!system.enabled) return [];
  try {
    return system.plan(event, fields).background ?? [];
  } catch {
    // Planning fails inside `fire` the same way, and its result says so: nothing starts in the background.
    return [];
  }
};

const timeoutOf = (hook: HookEntry): number =>
  isConfigured(hook.definition)
    ? (hook.definition.timeout ?? DEFAULT_TIMEOUT_MS)
    : (hook.definition.timeoutMs ?? DEFAULT_TIMEOUT_MS);

const lineOf = (record: BackgroundRecord): string => {
  const { run } = record;
  const exit = run.signal ?? (run.exitCode === undefined ? undefined : `exit ${run.exitCode}`);
  const detail = [exit, `${Math.round(run.durationMs)} ms`].filter((part) => part !== undefined).join(', ');
  const wake = record.wake === undefined ? '' : `; wakes the agent: ${record.wake.reason}`;
  const message = run.outcome === 'success' || run.message === undefined ? '' : `: ${run.message}`;
  return visible(`background hook "${record.hook}": ${run.outcome} (${detail})${message}${wake}`);
};

/**
 * Watches the background hooks `event` will start; call before firing it, so that no finish is missed.
 *
 * @example
 * const watch = watchBackground(context, system, event, fields);
 * const result = await system.fire(event, fields);
 * print(result, watch.hooks);
 * await watch.finished();
 */
export const watchBackground = (
  context: CliContext,
  system: HookSystem,
  event: EventName,
  fields: Record<string, unknown>,
): BackgroundWatch => {
  const planned = plannedBackground(system, event, fields);
  if (planned.length === 0) return { hooks: [], finished: () => Promise.resolve() };
  const records: BackgroundRecord[] = [];
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const subscription = system.background$.subscribe({
    next: (record) => {
      records.push(record);
      printNote(context, lineOf(record));
      if (records.length >= planned.length) finish();
    },
    complete: () => {
      finish();
    },
  });
  // Each run ends at its timeout (then SIGTERM, SIGKILL after the grace): past the longest, stop waiting.
  const backstopMs = Math.max(...planned.map(timeoutOf)) + DEFAULT_FORCE_KILL_AFTER_MS + 1_000;
  return {
    hooks: planned.map((hook) => ({ name: hook.name, state: 'waited' })),
    finished: async () => {
      const timer = setTimeout(finish, backstopMs);
      try {
        await done;
      } finally {
        clearTimeout(timer);
        subscription.unsubscribe();
      }
      for (const hook of planned.filter((entry) => !records.some((record) => record.hook === entry.name))) {
        printNote(context, visible(`background hook "${hook.name}": still running after ${backstopMs} ms; stopped`));
      }
    },
  };
};
