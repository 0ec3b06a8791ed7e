/**
 * hookstream: lifecycle hooks for AI agents as RxJS event-stream middleware.
 *
 * The root entry point holds what a host needs: the facade, the hook and result types, the errors, the
 * operators and executor factories for hosts that compose their own pipelines, the host wrappers and
 * the LLM translators with their SDK types. llxprt's hook API classes live at `hookstream/seed`,
 * approvals at `hookstream/trust`, the policy test kit at `hookstream/testing`. Every name here is in
 * the API report (api/hookstream.api.md): the surface changes only on purpose.
 */

// The facade.
export { createHookSystem, type HookSystem } from './system/createHookSystem.js';
export type { HookSystemOptions, SettingsSource } from './system/options.js';
export type { EnvMode, EnvPolicy } from './policy/envPolicy.js';
export type { HttpSettings } from './policy/httpPolicy.js';
export type { CertificateAuthorities } from './transport/httpRequest.js';
export type { RegisterOptions, Registration } from './system/registration.js';
export { backgroundContextText, type BackgroundRecord } from './system/backgroundRecord.js';

// Errors: every one extends HookstreamError.
export {
  HookstreamError,
  HookstreamInternalError,
  HookSystemDisposedError,
  InvalidHookError,
  UnknownEventError,
} from './core/errors.js';
export { InvalidEventInputError } from './events/decodeInput.js';
export { SettingsError } from './diagnostics/problems.js';

// Events, inputs and outputs.
export {
  CLAUDE_EVENT_NAMES,
  EVENT_NAMES,
  SEED_EVENT_NAMES,
  canonicalEventName,
  isEventName,
  type ClaudeEventName,
  type EventName,
} from './events/names.js';
export type {
  AfterAgentFields,
  AfterModelFields,
  AfterToolFields,
  BaseInput,
  BeforeAgentFields,
  BeforeModelFields,
  BeforeToolFields,
  BeforeToolSelectionFields,
  EventFields,
  EventFieldsMap,
  HookInput,
  HookInputOf,
  HookMessage,
  HookToolConfig,
  LLMRequest,
  LLMResponse,
  MessageRole,
  NotificationFields,
  PostCompressFields,
  PreCompressFields,
  SessionEndFields,
  SessionStartFields,
  SubagentStartFields,
  SubagentStopFields,
  ToolMode,
  TurnCompleteFields,
  ConfigChangeFields,
  CwdChangedFields,
  ElicitationFields,
  ElicitationResultFields,
  FileChangedFields,
  InstructionsLoadedFields,
  MessageDisplayFields,
  ModelSwitchFields,
  PermissionDeniedFields,
  PermissionRequestFields,
  PostToolBatchFields,
  PostToolUseFailureFields,
  SetupFields,
  StopFailureFields,
  TaskFields,
  TeammateIdleFields,
  UserPromptExpansionFields,
  WorktreeCreateFields,
  WorktreeRemoveFields,
} from './events/inputs.js';
export type { ElicitationAction, HookDecision, HookOutput, HookSpecificOutput } from './events/outputs.js';

// Hook definitions, plans, run records and the result.
export type {
  AgentHookConfig,
  CallbackHookConfig,
  CommandHookConfig,
  McpToolHookConfig,
  PromptHookConfig,
  FunctionHook,
  FunctionHookContext,
  FunctionHookReturn,
  HookDefinition,
  HookEntry,
  HookExecutor,
  HookOrigin,
  HookOutcome,
  HookPlan,
  HookResult,
  HookRun,
  HookActivity,
  HookSource,
  Matcher,
  NormalizedDecision,
} from './model/types.js';

// Settings files.
export { loadSettings, loadSettingsSync, standardSettingsFiles, formatProblem } from './config/index.js';
export type {
  ConfigProblem,
  FileScope,
  LoadedEntry,
  LoadedSettings,
  LoadSettingsOptions,
  SettingsFile,
  SettingsInput,
} from './config/index.js';

// Lower-level pieces for hosts that compose their own pipelines.
export { HookPlanner } from './plan/planner.js';
export { HookRegistry } from './plan/registry.js';
export { ofEvent } from './operators/ofEvent.js';
export { selectHooks } from './operators/selectHooks.js';
export { runHooks } from './operators/runHooks.js';
export { runParallel } from './operators/runParallel.js';
export { runSequential } from './operators/runSequential.js';
export { aggregate, type AggregateOptions } from './operators/aggregate.js';
export { decideHooks, type DecideHooksOptions } from './operators/decideHooks.js';
export type { PlannedEvent, RanEvent } from './engine/types.js';

// Executor factories: each a `HookExecutor`; `createExecutors` composes the whole stack.
export { createExecutors, type Executors, type ExecutorsOptions } from './executors/createExecutors.js';
export { createFunctionExecutor, type FunctionExecutorOptions } from './executors/functionExecutor.js';
export {
  createCommandExecutor,
  type CommandExecutor,
  type CommandExecutorOptions,
} from './executors/commandExecutor.js';
export {
  createPersistentExecutor,
  type PersistentExecutor,
  type PersistentExecutorOptions,
} from './executors/persistentExecutor.js';
export {
  createHttpExecutor,
  type HttpExecutor,
  type HttpExecutorOptions,
  type HttpHookOptions,
} from './executors/httpExecutor.js';
export type { CancelRun, InternalFailurePolicy, RunDone, StartRun, StartableExecutor } from './executors/startRun.js';
export {
  createCallbackExecutor,
  type CallbackExecutor,
  type CallbackExecutorOptions,
} from './executors/callbackExecutor.js';
export type {
  CallbackHookInfo,
  CallMcpTool,
  EvaluatePrompt,
  HookCallbacks,
  JudgeAnswer,
  JudgeRequest,
  McpContentPart,
  McpToolCall,
  McpToolResult,
  RunAgentHook,
} from './executors/callbackTypes.js';
export type { ObserveOptions } from './executors/observeExecutor.js';
export type { Semaphore } from './process/spawnLimiter.js';
export {
  createEntry,
  type CreatedEntry,
  type CreateEntryOptions,
  type EntryDefinition,
  type EntryDraft,
} from './plan/createEntry.js';
// Types that options and results name; their values live at hookstream/trust and hookstream/seed.
export type { ApprovalRequest, TrustGate, TrustOptions } from './trust/trustGate.js';
export type { ConfiguredHook, FingerprintSubject } from './trust/fingerprint.js';
export type { Approval, TrustStore } from './trust/trustStore.js';
export type { AggregatedHookResult, AggregatedHookResultJSON } from './aggregate/aggregatedResult.js';
export type { DefaultHookOutput } from './aggregate/outputClasses.js';
export type { Logger } from './logging/logger.js';

// Watching hooks: decisions$, OpenTelemetry (the host passes its api), the live dashboard, record → replay → diff.
export type { DecisionRecord } from './observe/decisionRecord.js';
export type {
  TelemetryApi,
  TelemetryAttributeValue,
  TelemetryOptions,
  TelemetrySpan,
  TelemetryTracer,
} from './observe/telemetryTypes.js';
export { serveDashboard, type Dashboard, type DashboardOptions } from './tools/dashboardServer.js';
export type { RecordOptions } from './observe/recorder.js';
export {
  parseRecording,
  readRecording,
  type RecordedEvent,
  type RecordedResult,
  type RecordedRun,
  type RecordingEntry,
} from './observe/recording.js';
export { RecordingError } from './observe/redact.js';
export { replayRecording, type ReplayedChange, type ReplayOptions, type ReplayReport } from './tools/replay.js';
export { diffDecisions, type DecisionChange } from './tools/decisionDiff.js';
export { profileRecording, type Profile, type ProfileRow } from './tools/profile.js';
export type { LatencyStats } from './tools/latency.js';
export { hookLabel } from './observe/hookLabel.js';

// Host integration: wrappers that make hook decisions take effect.
export { AgentStopSignal, isAgentStopSignal } from './host/stopSignal.js';
export {
  executeToolWithHooks,
  toolCallWithHooks$,
  withToolHooks,
  type ExecuteToolOptions,
  type ToolExecute,
} from './host/toolHooks.js';
export {
  InvalidApprovalError,
  isPausedToolCall,
  type ApprovalAnswer,
  type ApprovalHandler,
  type ApprovalMode,
  type PausedToolCall,
  type ToolApproval,
} from './host/approval.js';
export { resumeToolWithHooks } from './host/resumeTool.js';
export type { ToolCall, ToolCallOutcome, ToolHookOptions, ToolResult } from './host/toolTypes.js';
export { callModelWithHooks, modelCallWithHooks$, withModelHooks } from './host/modelHooks.js';
export type { ModelCall, ModelCallOutcome, ModelHookOptions, ModelStop } from './host/modelTypes.js';
export {
  callToolWithHooks,
  type ToolCallStatus,
  type ToolStop,
  type TypedToolExecute,
  type TypedToolOptions,
  type TypedToolOutcome,
} from './host/toolCall.js';
export type { HookCallContext } from './host/callContext.js';
export { fromStreamSource, toAsyncIterable, toReadableStream, type StreamSource } from './host/streamSource.js';
export type { StreamText } from './host/tailRelease.js';
export {
  streamModelWithHooks,
  type ModelStreamCall,
  type ModelStreamEvent,
  type ModelStreamOptions,
} from './host/modelStream.js';
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
} from './host/agentHooks.js';
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
} from './host/sessionHooks.js';
export type { EnvFileContents } from './transport/envFile.js';
export type { LifecycleOptions, LifecycleOutcome } from './host/lifecycle.js';
export {
  permissionRequest$,
  permissionVerdict,
  requestPermissionWithHooks,
  type PermissionRequest,
  type PermissionRequestOptions,
  type PermissionVerdict,
} from './host/permissionHooks.js';
export {
  reportStopFailureWithHooks,
  stopFailureKind,
  type StopFailureKind,
  type StopFailureOptions,
  type StopFailureOutcome,
  type StopFailureReport,
} from './host/stopFailure.js';
export { failureNote, fireToolFailure, type ToolFailure } from './host/toolFailure.js';

// Translators between the stable hook LLM format and SDK shapes, with the SDK shapes they read and write.
export * from './translate/index.js';
