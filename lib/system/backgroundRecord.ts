/**
 * What a finished background hook (`async: true`) tells the host: one record on `background$`, read from its
 * run by the same fold as any event's hooks (so `additionalContext`, `systemMessage` and a block mean what they
 * mean in a HookResult), plus a wake when the hook asked for one (`asyncRewake`) and exited 2 or blocked.
 */
import { assembleHookResult } from '../aggregate/hookResult.js';
import type { HookEntry, HookRun, Mutable } from '../model/types.js';
import type { HookInput } from '../events/inputs.js';
import type { EventName } from '../events/names.js';
import { isConfigured } from '../kinds/table.js';

/** One finished background run (lib/engine/background.ts), as `background$` emits it. */
export interface BackgroundRecord {
  readonly event: EventName;
  /** Joins the record to the event's `decisions$` record and the run's `results$` records. */
  readonly eventId: number;
  /** `session_id` of the input the hook received: whose next turn its context is for. */
  readonly sessionId: string;
  /** The hook's display name, as on `results$`. */
  readonly hook: string;
  readonly run: HookRun;
  /** Context for the session's next turn (`hookSpecificOutput.additionalContext`). */
  readonly additionalContext?: string;
  readonly systemMessage?: string;
  /**
   * Set for an `asyncRewake` hook that exited 2 or blocked: the agent should hear `reason` now, not on the
   * user's next prompt (`runAgentWithHooks` runs one more turn for it; a host loop starts or queues one).
   */
  readonly wake?: { readonly reason: string };
}

const nonEmpty = (text: string | undefined): string | undefined => {
  const trimmed = text?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
};

/**
 * Why an `asyncRewake` hook wakes the host, or undefined when it does not: a block (its reason, as an event's
 * would be), or exit 2 where the event cannot block — Claude Code wakes on exit 2 whatever the event — with
 * stderr, else stdout, as the reason.
 */
const wakeReason = (hook: HookEntry, run: HookRun, blockedReason: string | undefined): string | undefined => {
  if (blockedReason !== undefined) return blockedReason;
  if (run.exitCode !== 2) return undefined;
  return nonEmpty(run.stderr) ?? nonEmpty(run.stdout) ?? run.message ?? `Hook "${hook.name}" exited with code 2`;
};

/** The record of `run`, a background run of `hook` on `input`. */
export const backgroundRecordOf = (
  hook: HookEntry,
  input: HookInput,
  run: HookRun,
  eventId: number,
): BackgroundRecord => {
  const result = assembleHookResult(hook.event, input, [run], { durationMs: run.durationMs });
  // A literal of the fields every record has, the optional ones assigned after: one shape, no spread-then-add.
  const record: Mutable<BackgroundRecord> = {
    event: hook.event,
    eventId,
    sessionId: input.session_id,
    hook: hook.name,
    run,
  };
  if (result.additionalContext !== undefined && result.additionalContext !== '') {
    record.additionalContext = result.additionalContext;
  }
  if (result.systemMessage !== undefined && result.systemMessage !== '') record.systemMessage = result.systemMessage;
  const definition = hook.definition;
  if (isConfigured(definition) && definition.asyncRewake === true) {
    const reason = wakeReason(hook, run, result.blocked ? (result.reason ?? run.message ?? 'blocked') : undefined);
    if (reason !== undefined) record.wake = { reason };
  }
  return Object.freeze(record);
};

/** Whether the record has something for the session's next turn: context, a system message or a wake. */
export const carriesContext = (record: BackgroundRecord): boolean =>
  record.additionalContext !== undefined || record.systemMessage !== undefined || record.wake !== undefined;

/**
 * The text of `records` for an agent's turn, one line (or block) per item in finish order: each hook's
 * `additionalContext` and `systemMessage` as written, each wake as `Background hook "<name>": <reason>`.
 * Undefined when there is nothing to say.
 *
 * @example
 * const text = backgroundContextText(hooks.takeBackground());
 * if (text !== undefined) prompt = `${prompt}\n\n${text}`;
 */
export const backgroundContextText = (records: readonly BackgroundRecord[]): string | undefined => {
  const lines: string[] = [];
  for (const record of records) {
    if (record.additionalContext !== undefined) lines.push(record.additionalContext);
    if (record.systemMessage !== undefined) lines.push(record.systemMessage);
    if (record.wake !== undefined) lines.push(`Background hook "${record.hook}": ${record.wake.reason}`);
  }
  return lines.length === 0 ? undefined : lines.join('\n');
};
