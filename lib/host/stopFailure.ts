/**
 * StopFailure (Claude Code's event): the turn ended because the model API failed, not because the model
 * finished. Its hooks observe (alerting, logging, backing off); nothing they answer changes the turn, so this
 * helper never throws for a hook's sake and never stops anything.
 */
import type { HookSystem } from '../system/createHookSystem.js';
import type { HookResult } from '../model/types.js';
import { errorText, isRecord } from '../core/guards.js';
import type { HookCallContext } from './callContext.js';
import { fireHook, systemMessagesOf } from './hostInternals.js';

/** Claude Code's names for why a turn failed: what StopFailure matchers test. */
export type StopFailureKind =
  | 'rate_limit'
  | 'authentication_failed'
  | 'billing_error'
  | 'invalid_request'
  | 'server_error'
  | 'max_output_tokens'
  | 'unknown';

export interface StopFailureReport {
  /**
   * A `StopFailureKind` (`rate_limit` …), or the API error itself: its HTTP `status` picks the kind, its message
   * the details.
   */
  error: unknown;
  /** Defaults to the error's message when `error` is not a kind. */
  errorDetails?: string;
  /** What the model had said before the failure. */
  lastAssistantMessage?: string;
}

export interface StopFailureOptions {
  signal?: AbortSignal;
  context?: HookCallContext;
}

export interface StopFailureOutcome {
  kind: StopFailureKind;
  systemMessages: string[];
  warnings: readonly string[];
  hookResult: HookResult;
}

const KINDS: ReadonlySet<string> = new Set<StopFailureKind>([
  'rate_limit',
  'authentication_failed',
  'billing_error',
  'invalid_request',
  'server_error',
  'max_output_tokens',
  'unknown',
]);

/** The HTTP status an SDK error carries (`status`, `statusCode`, or `response.status`). */
const statusOf = (error: unknown): number | undefined => {
  if (!isRecord(error)) return undefined;
  const response = error.response;
  const status = error.status ?? error.statusCode ?? (isRecord(response) ? response.status : undefined);
  return typeof status === 'number' ? status : undefined;
};

/**
 * The kind of an API failure, as Claude Code names it: from the HTTP status (429 rate limit, 401/403
 * authentication, 402 billing, other 4xx invalid request, 5xx and 529 server error), else `unknown`.
 */
export const stopFailureKind = (error: unknown): StopFailureKind => {
  if (typeof error === 'string' && KINDS.has(error)) return error as StopFailureKind;
  const status = statusOf(error);
  if (status === undefined) return 'unknown';
  if (status === 429) return 'rate_limit';
  if (status === 401 || status === 403) return 'authentication_failed';
  if (status === 402) return 'billing_error';
  if (status >= 400 && status < 500) return 'invalid_request';
  return status >= 500 ? 'server_error' : 'unknown';
};

/**
 * Fires StopFailure for a turn that ended in an API error. Resolves with the hooks' messages and warnings;
 * a block or a stop from a hook has no effect (the turn has already ended).
 *
 * @example
 * try { reply = await model.generate(request); }
 * catch (error) { await reportStopFailureWithHooks(hooks, { error, lastAssistantMessage: partial }); throw error; }
 */
export async function reportStopFailureWithHooks(
  hooks: HookSystem,
  report: StopFailureReport,
  options: StopFailureOptions = {},
): Promise<StopFailureOutcome> {
  const kind = stopFailureKind(report.error);
  const fields: Record<string, unknown> = { error: kind };
  const isKind = typeof report.error === 'string' && KINDS.has(report.error);
  const details = report.errorDetails ?? (isKind ? undefined : errorText(report.error));
  if (details !== undefined) fields.error_details = details;
  if (report.lastAssistantMessage !== undefined) fields.last_assistant_message = report.lastAssistantMessage;
  const result = await fireHook(hooks, 'StopFailure', fields, options.signal, options.context);
  return { kind, systemMessages: systemMessagesOf(result), warnings: result.warnings, hookResult: result };
}
