/**
 * hookstream/host: the host wrappers that make hook decisions take effect — tool calls,
 * model calls and streams, agent turns, sessions, permission requests, approvals, failures — and the
 * translators between the stable hook LLM format and SDK shapes, with the SDK shapes they read and write.
 */
export { AgentStopSignal, isAgentStopSignal } from '../host/stopSignal.js';
/** What finished background hooks say, as one text for a host with its own loop to give the next turn. */
export { backgroundContextText } from '../system/backgroundRecord.js';
export {
  executeToolWithHooks,
  toolCallWithHooks$,
  withToolHooks,
  type ExecuteToolOptions,
  type ToolExecute,
} from '../host/toolHooks.js';
export {
  InvalidApprovalError,
  isPausedToolCall,
  type ApprovalAnswer,
  type ApprovalHandler,
  type ApprovalMode,
  type PausedToolCall,
  type ToolApproval,
} from '../host/approval.js';
export { resumeToolWithHooks } from '../host/resumeTool.js';
export type { ToolCall, ToolCallOutcome, ToolHookOptions, ToolResult } from '../host/toolTypes.js';
export { callModelWithHooks, modelCallWithHooks$, withModelHooks } from '../host/modelHooks.js';
export type { ModelCall, ModelCallOutcome, ModelHookOptions, ModelStop } from '../host/modelTypes.js';
export {
  callToolWithHooks,
  type ToolCallStatus,
  type ToolStop,
  type TypedToolExecute,
  type TypedToolOptions,
  type TypedToolOutcome,
} from '../host/toolCall.js';
export type { HookCallContext } from '../host/callContext.js';
export { fromStreamSource, toAsyncIterable, toReadableStream, type StreamSource } from '../host/streamSource.js';
export type { StreamText } from '../host/tailRelease.js';
export {
  streamModelWithHooks,
  type ModelStreamCall,
  type ModelStreamEvent,
  type ModelStreamOptions,
} from '../host/modelStream.js';
export {
  afterAgentWithHooks,
  beforeAgentWithHooks,
  runAgentWithHooks,
  type AfterAgentDecision,
  type AfterAgentAnswer,
  type AgentRunOptions,
  type AgentRunOutcome,
  type AgentTurn,
  type BeforeAgentOutcome,
} from '../host/agentHooks.js';
export {
  notificationWithHooks,
  postCompressWithHooks,
  preCompressWithHooks,
  sessionEndWithHooks,
  sessionStartWithHooks,
  type SessionEndOptions,
  type SessionEndOutcome,
  type SessionEndReason,
  type SessionStartOutcome,
  type SessionStartSource,
} from '../host/sessionHooks.js';
export type { LifecycleOptions, LifecycleOutcome } from '../host/lifecycle.js';
export {
  permissionRequest$,
  permissionVerdict,
  requestPermissionWithHooks,
  type PermissionRequest,
  type PermissionRequestOptions,
  type PermissionVerdict,
} from '../host/permissionHooks.js';
export {
  reportStopFailureWithHooks,
  stopFailureKind,
  type StopFailureKind,
  type StopFailureOptions,
  type StopFailureOutcome,
  type StopFailureReport,
} from '../host/stopFailure.js';
export { failureNote, fireToolFailure, type ToolFailure } from '../host/toolFailure.js';

// Translators between the stable hook LLM format and SDK shapes, with the SDK shapes they read and write.
export * from '../translate/index.js';
export { STABLE_CONFIG_KEYS, type StableConfigKey, type StableRole } from '../translate/stableFormat.js';
