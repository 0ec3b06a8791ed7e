/**
 * Session, compression and notification helpers. SessionEnd is special: it runs while the host exits, so it is
 * awaited for a short bounded flush and never throws or hangs; everything else stops like any other event.
 */
import type { EventFields } from '../events/inputs.js';
import type { HookSystem } from '../system/createHookSystem.js';
import type { HookResult } from '../model/types.js';
import { fireLifecycle, type LifecycleOptions, type LifecycleOutcome } from './lifecycle.js';
import { errorText } from '../core/guards.js';
import type { EnvFileContents } from '../transport/envFile.js';

export type SessionStartSource = EventFields<'SessionStart'>['source'];
export type SessionEndReason = EventFields<'SessionEnd'>['reason'];

export interface SessionStartOutcome extends LifecycleOutcome {
  /**
   * What the session's Claude Code hooks exported through `CLAUDE_ENV_FILE` so far (`hooks.sessionEnv()`):
   * the host sets `variables` and removes `unset` in the environment of the commands it runs for the session.
   * Lines that could not be read without running a shell are in `problems`, and in `warnings`.
   */
  env: EnvFileContents;
}

/**
 * Fires SessionStart; `additionalContext` is what the host injects at the start of the conversation, `env` what
 * its hooks exported for the session's commands.
 *
 * @example
 * const { additionalContext, env } = await sessionStartWithHooks(hooks, 'startup');
 * if (additionalContext) history.push({ role: 'user', content: additionalContext });
 * Object.assign(shellEnv, env.variables);
 */
export const sessionStartWithHooks = async (
  hooks: HookSystem,
  source: SessionStartSource,
  options?: LifecycleOptions,
): Promise<SessionStartOutcome> => {
  const outcome = await fireLifecycle(hooks, 'SessionStart', { source }, options);
  const env = hooks.sessionEnv();
  const warnings =
    env.problems.length === 0
      ? outcome.warnings
      : [...outcome.warnings, ...env.problems.map((problem) => `CLAUDE_ENV_FILE ${problem}`)];
  return Object.assign(outcome, { env, warnings });
};

/** PreCompress: `blocked` means skip this compression; `additionalContext` is extra guidance for the summary. */
export const preCompressWithHooks = (
  hooks: HookSystem,
  fields: EventFields<'PreCompress'>,
  options?: LifecycleOptions,
): Promise<LifecycleOutcome> => fireLifecycle(hooks, 'PreCompress', fields, options);

/** PostCompress: `additionalContext` is added to the compressed conversation. */
export const postCompressWithHooks = (
  hooks: HookSystem,
  fields: EventFields<'PostCompress'>,
  options?: LifecycleOptions,
): Promise<LifecycleOutcome> => fireLifecycle(hooks, 'PostCompress', fields, options);

/** Notification (e.g. a permission prompt, an idle agent): observers only, but a stop still stops. */
export const notificationWithHooks = (
  hooks: HookSystem,
  fields: EventFields<'Notification'>,
  options?: LifecycleOptions,
): Promise<LifecycleOutcome> => fireLifecycle(hooks, 'Notification', fields, options);

export interface SessionEndOutcome {
  /** The hooks did not finish within `flushMs`: they were stopped (their processes killed). */
  timedOut: boolean;
  /** Absent when the hooks timed out or the event could not fire. */
  result?: HookResult;
  systemMessages: string[];
  warnings: readonly string[];
}

export interface SessionEndOptions {
  /** How long exit waits for SessionEnd hooks, in milliseconds (default 1500). */
  flushMs?: number;
}

/**
 * Fires SessionEnd and waits at most `flushMs`. On timeout the event is unsubscribed, which kills its hook
 * processes, and the outcome says `timedOut`. Never rejects: a failure (even a disposed system) is a warning, and
 * a stop is ignored because the session is ending anyway. The timer does not keep Node alive.
 *
 * @example
 * process.once('beforeExit', async () => { await sessionEndWithHooks(hooks, 'exit'); await hooks.dispose(); });
 */
export function sessionEndWithHooks(
  hooks: HookSystem,
  reason: SessionEndReason,
  { flushMs = 1500 }: SessionEndOptions = {},
): Promise<SessionEndOutcome> {
  return new Promise<SessionEndOutcome>((resolve) => {
    let done = false;
    const finish = (outcome: SessionEndOutcome) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const timer = setTimeout(() => {
      subscription?.unsubscribe();
      finish({
        timedOut: true,
        systemMessages: [],
        warnings: [`SessionEnd hooks did not finish within ${flushMs} ms and were stopped`],
      });
    }, flushMs);
    timer.unref();
    const subscription = hooks.fire$('SessionEnd', { reason }).subscribe({
      next: (result) => {
        finish({
          timedOut: false,
          result,
          systemMessages: result.systemMessage === undefined ? [] : [result.systemMessage],
          warnings: result.warnings,
        });
      },
      error: (error: unknown) => {
        finish({
          timedOut: false,
          systemMessages: [],
          warnings: [`SessionEnd: ${errorText(error)}`],
        });
      },
    });
    if (done) subscription.unsubscribe();
  });
}
