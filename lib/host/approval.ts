/**
 * Durable approval: a BeforeTool hook that answers `ask` ("a person should confirm") or `defer` ("pause
 * until someone answers", Claude Code's headless pause) turns the tool call into a pending approval — plain JSON
 * that a host can store, show and answer later, even from another process. Answering it goes on where the call
 * stopped: `allow` runs the tool with the approved input (AfterTool hooks fire), `deny` refuses it with the reason.
 *
 * Nothing here runs a tool: the tool wrapper (toolHooks.ts) asks `decideApproval` before running, and
 * `resumeToolWithHooks` (resumeTool.ts) answers a stored approval.
 */
import { randomUUID } from 'node:crypto';
import { assembleHookResult } from '../aggregate/hookResult.js';
import { HookstreamError, nameErrorClass } from '../core/errors.js';
import { isRecord } from '../core/guards.js';
import type { HookResult, HookRun } from '../model/types.js';
import { effectiveDecision } from '../rules/blocking.js';
import type { HookSystem } from '../system/createHookSystem.js';
import type { HookCallContext } from './callContext.js';
import { fireHook, systemMessagesOf, warningsOf } from './hostInternals.js';

/** A tool call waiting for a person's answer; JSON as it is (`JSON.stringify` / `JSON.parse` round-trip it). */
export interface ToolApproval {
  readonly kind: 'tool-approval';
  /** Unique per pause: what the host files the answer under. */
  readonly id: string;
  /** The session the call belongs to: its AfterTool hooks see it again when the call resumes. */
  readonly sessionId: string;
  readonly toolName: string;
  /** The arguments the tool receives when allowed, after any BeforeTool rewrite. */
  readonly toolInput: Record<string, unknown>;
  readonly toolCallId?: string;
  /** What the hooks said: `ask` (confirm it) or `defer` (hold it until someone answers). */
  readonly decision: 'ask' | 'defer';
  /** The hooks' reason, for the person asked. */
  readonly reason: string;
  /** The hooks that asked or deferred, comma-separated. */
  readonly hook: string;
  /** When the call paused, ISO 8601. */
  readonly createdAt: string;
}

/** A person's answer to a pending approval. */
export interface ApprovalAnswer {
  decision: 'allow' | 'deny';
  /** deny: what the model reads; allow: kept on the record. */
  reason?: string;
  /** allow: the arguments to run the tool with instead (the person corrected the call); default the approval's. */
  toolInput?: Record<string, unknown>;
}

/** Answers an approval while the call waits (an interactive host). */
export type ApprovalHandler = (approval: ToolApproval) => ApprovalAnswer | PromiseLike<ApprovalAnswer>;

/**
 * What the tool wrappers do when BeforeTool asks or defers: `'pause'` returns a `PausedToolCall` without running
 * the tool; a handler is asked now and the call goes on with its answer. Without the option the call goes on as if
 * allowed (the host's own confirmation, if any, is its business).
 */
export type ApprovalMode = 'pause' | ApprovalHandler;

/** A tool call the hooks paused: store `approval`, answer it later with `resumeToolWithHooks`. */
export interface PausedToolCall {
  readonly status: 'paused';
  readonly approval: ToolApproval;
  readonly systemMessages: string[];
  readonly warnings: string[];
  readonly hookResults: { readonly before: HookResult };
}

/** A stored approval or an answer that is not what hookstream wrote or expects; the message says which field. */
export class InvalidApprovalError extends HookstreamError {
  static {
    nameErrorClass(this, 'InvalidApprovalError');
  }
}

/** The call a wrapper is about to make. */
export interface ApprovalCall {
  toolName: string;
  toolInput: Record<string, unknown>;
  toolCallId?: string;
}

/** The call to make after an answer, and the BeforeTool result that stands for the person's decision. */
export interface ApprovedCall {
  readonly call: ApprovalCall;
  readonly before: HookResult;
}

export const isPausedToolCall = (value: unknown): value is PausedToolCall =>
  isRecord(value) && value.status === 'paused' && isRecord(value.approval);

/** A detached JSON copy: what is stored must not change when the host's objects do. */
const jsonCopy = (value: Record<string, unknown>): Record<string, unknown> =>
  JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

/**
 * The approval BeforeTool's result asks for, or `undefined` when it does not: a block or a stop outranks a
 * question, so only an unblocked `ask` or `defer` pauses.
 */
export const pendingApproval = (
  before: HookResult,
  call: ApprovalCall,
  sessionId: string,
  now: () => Date = () => new Date(),
): ToolApproval | undefined => {
  const decision = before.decision;
  if (before.blocked || before.stopped || (decision !== 'ask' && decision !== 'defer')) return undefined;
  const hooks = before.hooks.filter((run) => effectiveDecision('BeforeTool', run.output) === decision);
  const approval: { -readonly [K in keyof ToolApproval]: ToolApproval[K] } = {
    kind: 'tool-approval',
    id: randomUUID(),
    sessionId,
    toolName: call.toolName,
    toolInput: jsonCopy(before.toolInput ?? call.toolInput),
    decision,
    reason: before.reason ?? `a hook asked to confirm "${call.toolName}"`,
    hook: hooks.map((run) => run.name).join(', '),
    createdAt: now().toISOString(),
  };
  if (call.toolCallId !== undefined) approval.toolCallId = call.toolCallId;
  return approval;
};

const describe = (value: unknown): string => JSON.stringify(value) ?? String(value);

const invalid = (what: string, field: string, expected: string, value: unknown): InvalidApprovalError =>
  new InvalidApprovalError(`${what}.${field}: expected ${expected}, received ${describe(value)}`);

/** `value` checked field by field as a stored `ToolApproval` (it may come from a file or a database). */
export const readApproval = (value: unknown): ToolApproval => {
  if (!isRecord(value)) throw new InvalidApprovalError(`approval: expected an object, received ${describe(value)}`);
  if (value.kind !== 'tool-approval') throw invalid('approval', 'kind', '"tool-approval"', value.kind);
  for (const field of ['id', 'sessionId', 'toolName', 'reason', 'hook', 'createdAt']) {
    if (typeof value[field] !== 'string') throw invalid('approval', field, 'a string', value[field]);
  }
  if (value.id === '' || value.toolName === '')
    throw new InvalidApprovalError('approval: id and toolName must not be empty');
  if (!isRecord(value.toolInput)) throw invalid('approval', 'toolInput', 'an object', value.toolInput);
  if (value.decision !== 'ask' && value.decision !== 'defer') {
    throw invalid('approval', 'decision', '"ask" or "defer"', value.decision);
  }
  if (value.toolCallId !== undefined && typeof value.toolCallId !== 'string') {
    throw invalid('approval', 'toolCallId', 'a string', value.toolCallId);
  }
  return value as unknown as ToolApproval;
};

/** `value` checked as an `ApprovalAnswer`. */
export const readAnswer = (value: unknown): ApprovalAnswer => {
  if (!isRecord(value)) throw new InvalidApprovalError(`answer: expected an object, received ${describe(value)}`);
  if (value.decision !== 'allow' && value.decision !== 'deny') {
    throw invalid('answer', 'decision', '"allow" or "deny"', value.decision);
  }
  if (value.reason !== undefined && typeof value.reason !== 'string') {
    throw invalid('answer', 'reason', 'a string', value.reason);
  }
  if (value.toolInput !== undefined && !isRecord(value.toolInput)) {
    throw invalid('answer', 'toolInput', 'an object', value.toolInput);
  }
  return value as unknown as ApprovalAnswer;
};

/**
 * The call to make once `answer` is given: the approved input, and a BeforeTool result that records the person's
 * decision as one `runtime` run named `approval` (a deny blocks with its reason, as a hook's would).
 */
export const answerApproval = (approval: ToolApproval, answer: ApprovalAnswer): ApprovedCall => {
  const allowed = answer.decision === 'allow';
  const toolInput = allowed && answer.toolInput !== undefined ? answer.toolInput : approval.toolInput;
  const reason = answer.reason ?? (allowed ? `approved (${approval.id})` : `denied on review (${approval.id})`);
  const run: HookRun = { name: 'approval', source: 'runtime', outcome: allowed ? 'success' : 'blocked', durationMs: 0 };
  run.output = { decision: answer.decision, reason };
  if (!allowed) run.message = reason;
  const input = { hook_event_name: 'BeforeTool', tool_name: approval.toolName, tool_input: toolInput };
  const before = assembleHookResult('BeforeTool', input, [run], { durationMs: 0 });
  const call: ApprovalCall = { toolName: approval.toolName, toolInput };
  if (approval.toolCallId !== undefined) call.toolCallId = approval.toolCallId;
  return { call, before };
};

/**
 * Fires BeforeTool for `call` and applies `mode` to an `ask` or `defer`: the paused call, or the call to make
 * with the BeforeTool result to use (the hooks' own, or the person's answer).
 */
export async function decideApproval(
  hooks: HookSystem,
  call: ApprovalCall,
  mode: ApprovalMode,
  signal?: AbortSignal,
  context?: HookCallContext,
): Promise<ApprovedCall | PausedToolCall> {
  const fields: Record<string, unknown> = { tool_name: call.toolName, tool_input: call.toolInput };
  if (call.toolCallId !== undefined) fields.tool_call_id = call.toolCallId;
  const before = await fireHook(hooks, 'BeforeTool', fields, signal, context);
  const approval = pendingApproval(before, call, context?.sessionId ?? hooks.sessionId);
  if (approval === undefined) return { call, before };
  if (mode === 'pause') {
    return {
      status: 'paused',
      approval,
      systemMessages: systemMessagesOf(before),
      warnings: warningsOf(before),
      hookResults: { before },
    };
  }
  return answerApproval(approval, readAnswer(await mode(approval)));
}
