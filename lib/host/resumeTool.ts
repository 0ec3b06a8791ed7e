/**
 * The second half of a paused tool call (lib/host/approval.ts): a stored approval and a person's answer go back
 * through the tool wrapper — in this process or a new one, with a new hook system — as if BeforeTool had decided.
 */
import type { HookSystem } from '../system/createHookSystem.js';
import { answerApproval, readAnswer, readApproval, type ApprovalAnswer, type ToolApproval } from './approval.js';
import type { HookCallContext } from './callContext.js';
import { executeToolWithHooks, type ToolExecute } from './toolHooks.js';
import type { ToolCallOutcome, ToolHookOptions } from './toolTypes.js';

/**
 * Answers a paused tool call. `allow` runs the tool with the approved input (or the answer's `toolInput`) and
 * fires AfterTool for it, in the approval's session; `deny` resolves with a blocked outcome whose `llmContent`
 * carries the answer's reason. BeforeTool does not fire again: the person's answer is its decision, recorded in
 * `hookResults.before` as a run named `approval`. Throws `InvalidApprovalError` when `approval` or `answer` is not
 * what hookstream wrote or expects (they may come from disk).
 *
 * @example
 * const paused = await executeToolWithHooks(hooks, 'deploy', { env: 'prod' }, deploy, { approval: 'pause' });
 * if (isPausedToolCall(paused)) await store.save(paused.approval.id, JSON.stringify(paused.approval));
 * // later, maybe in another process:
 * const outcome = await resumeToolWithHooks(hooks, JSON.parse(await store.load(id)), { decision: 'allow' }, deploy);
 */
export async function resumeToolWithHooks(
  hooks: HookSystem,
  approval: ToolApproval,
  answer: ApprovalAnswer,
  execute: ToolExecute,
  options: Omit<ToolHookOptions, 'approval'> = {},
): Promise<ToolCallOutcome> {
  const { call, before } = answerApproval(readApproval(approval), readAnswer(answer));
  // The paused call's session, unless the host says otherwise for this call.
  const context: HookCallContext = Object.assign({ sessionId: approval.sessionId }, options.context);
  const rest = Object.assign({}, options, { context, before });
  if (call.toolCallId !== undefined) Object.assign(rest, { toolCallId: call.toolCallId });
  return executeToolWithHooks(hooks, call.toolName, call.toolInput, execute, rest);
}
