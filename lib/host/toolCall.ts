/**
 * The typed tool call with hooks, the engine under `executeToolWithHooks` and the framework adapters: the tool
 * keeps its own result type, hooks see a JSON form of it (`tool_response`), and every decision — a block of
 * either event, a replaced result, `continue: false` — comes back as a value the caller maps onto its
 * framework (a thrown stop is caught by most frameworks and the loop goes on).
 */
import type { HookResult } from '../model/types.js';
import { errorText, isRecord } from '../core/guards.js';
import type { HookSystem } from '../system/createHookSystem.js';
import type { HookCallContext } from './callContext.js';
import { failureNote, fireToolFailure, type ToolFailure } from './toolFailure.js';
import { fireHook, systemMessagesOf, warningsOf } from './hostInternals.js';
import { stopReasonOf } from './stopSignal.js';
import { fromToolResponse, toToolResponse } from './toolResponse.js';

/** A tool in its framework's own terms: any input, any result, sync or async (a `PromiseLike` is fine). */
export type TypedToolExecute<T> = (
  input: Record<string, unknown>,
  context: { toolName: string; signal?: AbortSignal },
) => PromiseLike<T> | T;

export interface TypedToolOptions<T> {
  /** Passed to hooks as `tool_call_id`. */
  toolCallId?: string;
  /** Aborting cancels the call: running hooks are killed and the Promise rejects with the abort reason. */
  signal?: AbortSignal;
  /** This call's base fields for hooks (`session_id`, …). */
  context?: HookCallContext;
  /** The result as hooks see it; default: its JSON form, a non-object wrapped as `{ result }`. */
  toResponse?: (value: T) => Record<string, unknown>;
  /** A hook's replacement back in the tool's type; default: the inverse of the default `toResponse`. */
  fromResponse?: (response: Record<string, unknown>, original: T | undefined) => T;
  /**
   * Checks (and may coerce) rewritten input before the tool gets it, e.g. against the tool's schema; throw to
   * refuse it: the call then ends `invalid`, the tool never runs, and the message says why.
   */
  validateInput?: (input: Record<string, unknown>) => Record<string, unknown> | PromiseLike<Record<string, unknown>>;
  /**
   * BeforeTool's result when it already fired for this call (a framework guardrail ran it): it is used as is and
   * BeforeTool does not fire again.
   */
  before?: HookResult;
}

/** `continue: false` as a value: which event said it and why. */
export interface ToolStop {
  event: 'BeforeTool' | 'AfterTool';
  reason: string;
}

/**
 * - `done`: the tool ran; `output` is its result, or the hooks' replacement (`replaced`).
 * - `failed`: the tool threw (`error`) and no hook replaced the failure.
 * - `blocked`: a BeforeTool block (the tool never ran) or an AfterTool block (it ran; the model must see the
 *   reason instead of its result). `modelText` is what the model should read.
 * - `invalid`: the hooks' rewritten input failed `validateInput`; the tool never ran.
 * - `stopped`: BeforeTool said `continue: false`; the tool never ran. An AfterTool stop keeps the status and sets `stop`.
 */
export type ToolCallStatus = 'done' | 'failed' | 'blocked' | 'invalid' | 'stopped';

export interface TypedToolOutcome<T> {
  status: ToolCallStatus;
  toolName: string;
  /** The arguments the tool received (or would have): the original, or as BeforeTool rewrote them. */
  toolInput: Record<string, unknown>;
  /** `done`: what the caller hands on: the tool's result or the replacement. */
  output?: T;
  /** An AfterTool hook replaced the result (`output` is the replacement). */
  replaced: boolean;
  /** `failed`: what the tool threw. */
  error?: unknown;
  /** `blocked`/`invalid`: which event decided and why. */
  blocked?: { event: 'BeforeTool' | 'AfterTool'; reason: string };
  /** Set when a hook said `continue: false` (the caller maps it onto its framework's stop). */
  stop?: ToolStop;
  /** AfterTool context for the model (joined in plan order). */
  additionalContext?: string;
  /** For `blocked`/`invalid`/`stopped`: the reason for the model, with AfterTool's context appended. */
  modelText?: string;
  suppressed: boolean;
  systemMessages: string[];
  warnings: string[];
  /** `failure`: PostToolUseFailure's result when the tool threw (its context is in `additionalContext`). */
  hookResults: { before: HookResult; after?: HookResult; failure?: HookResult };
}

const withContext = (text: string, context: string | undefined): string =>
  context === undefined || context === '' ? text : `${text}\n\n${context}`;

const stopOf = (result: HookResult, event: ToolStop['event']): ToolStop | undefined =>
  result.stopped ? { event, reason: stopReasonOf(result) } : undefined;

interface ToolRun<T> {
  ok: boolean;
  value?: T;
  error?: unknown;
}

async function runTool<T>(
  execute: TypedToolExecute<T>,
  input: Record<string, unknown>,
  toolName: string,
  signal: AbortSignal | undefined,
): Promise<ToolRun<T>> {
  try {
    return { ok: true, value: await execute(input, signal ? { toolName, signal } : { toolName }) };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, error };
  }
}

/** BeforeTool's verdict as an outcome that never ran the tool, or undefined to go on. */
function beforeVerdict<T>(toolName: string, input: Record<string, unknown>, before: HookResult) {
  const stop = stopOf(before, 'BeforeTool');
  if (!stop && !before.blocked) return undefined;
  const reason = before.blocked ? (before.reason ?? 'blocked by a BeforeTool hook') : (stop?.reason ?? '');
  const outcome: TypedToolOutcome<T> = {
    status: before.blocked ? 'blocked' : 'stopped',
    toolName,
    toolInput: input,
    replaced: false,
    modelText: reason,
    suppressed: before.suppressOutput,
    systemMessages: systemMessagesOf(before),
    warnings: warningsOf(before),
    hookResults: { before },
  };
  if (before.blocked) outcome.blocked = { event: 'BeforeTool', reason };
  if (stop) outcome.stop = stop;
  return outcome;
}

/**
 * Runs one tool call through BeforeTool and AfterTool and returns every decision as a value; it rejects only on
 * abort or a host mistake (invalid fields). The order of checks is the precedence: a BeforeTool block or stop
 * ends the call, rewritten input must pass `validateInput`, then the tool runs; after it, an AfterTool block
 * withholds the result, a replacement replaces it, and a stop rides along as `stop`.
 *
 * @example
 * const run = await callToolWithHooks(hooks, 'query', { sql }, (input) => db.query(input.sql));
 * if (run.status === 'done') return run.output; else throw new Error(run.modelText);
 */
export async function callToolWithHooks<T>(
  hooks: HookSystem,
  toolName: string,
  toolInput: Record<string, unknown>,
  execute: TypedToolExecute<T>,
  options: TypedToolOptions<T> = {},
): Promise<TypedToolOutcome<T>> {
  const { signal, context, toolCallId } = options;
  const fields: Record<string, unknown> = { tool_name: toolName, tool_input: toolInput };
  if (toolCallId !== undefined) fields.tool_call_id = toolCallId;
  const before = options.before ?? (await fireHook(hooks, 'BeforeTool', fields, signal, context));
  let input = before.toolInput === undefined ? toolInput : (before.toolInput as Record<string, unknown>);
  const verdict = beforeVerdict<T>(toolName, input, before);
  if (verdict) return verdict;
  if (input !== toolInput && options.validateInput) {
    try {
      input = await options.validateInput(input);
    } catch (error) {
      const reason = `the input a BeforeTool hook rewrote is not valid for "${toolName}": ${errorText(error)}`;
      return {
        status: 'invalid',
        toolName,
        toolInput: input,
        replaced: false,
        blocked: { event: 'BeforeTool', reason },
        modelText: reason,
        suppressed: before.suppressOutput,
        systemMessages: systemMessagesOf(before),
        warnings: warningsOf(before),
        hookResults: { before },
      };
    }
  }
  const started = Date.now();
  const run = await runTool(execute, input, toolName, signal);
  // A tool that threw: PostToolUseFailure first, and what its hooks add follows the error the model reads.
  let failure: HookResult | undefined;
  if (!run.ok) {
    const failed: ToolFailure = { toolName, toolInput: input, error: run.error, durationMs: Date.now() - started };
    if (toolCallId !== undefined) failed.toolCallId = toolCallId;
    failure = await fireToolFailure(hooks, failed, signal, context);
  }
  const note = failure === undefined ? undefined : failureNote(failure);
  const response = run.ok
    ? (options.toResponse ?? toToolResponse)(run.value as T)
    : { error: withContext(errorText(run.error), note), isError: true };
  const afterFields: Record<string, unknown> = { tool_name: toolName, tool_input: input, tool_response: response };
  if (toolCallId !== undefined) afterFields.tool_call_id = toolCallId;
  const after = await fireHook(hooks, 'AfterTool', afterFields, signal, context);
  const outcome: TypedToolOutcome<T> = {
    status: run.ok ? 'done' : 'failed',
    toolName,
    toolInput: input,
    replaced: false,
    suppressed: before.suppressOutput || after.suppressOutput,
    systemMessages: systemMessagesOf(before, failure, after),
    warnings: warningsOf(before, failure, after),
    hookResults: failure ? { before, after, failure } : { before, after },
  };
  if (run.ok) outcome.output = run.value;
  else outcome.error = run.error;
  const extra = note === undefined ? after.additionalContext : withContext(note, after.additionalContext);
  if (extra !== undefined && extra !== '') outcome.additionalContext = extra;
  if (after.blocked) {
    const reason = after.reason ?? 'blocked by an AfterTool hook';
    outcome.status = 'blocked';
    outcome.blocked = { event: 'AfterTool', reason };
    outcome.modelText = withContext(reason, extra);
  } else if (after.toolResponse !== undefined) {
    outcome.status = 'done';
    outcome.replaced = true;
    // Hooks may answer any JSON value; the host's converters take the object form `toToolResponse` gives.
    const replacement = isRecord(after.toolResponse) ? after.toolResponse : { result: after.toolResponse };
    outcome.output = (options.fromResponse ?? fromToolResponse)(replacement, run.value);
    delete outcome.error;
  }
  const stop = stopOf(after, 'AfterTool');
  if (stop) outcome.stop = stop;
  return outcome;
}
