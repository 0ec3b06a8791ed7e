/**
 * hookstream: lifecycle hooks for AI agents as RxJS event-stream middleware.
 * The facade is `createHookSystem`; the operators, executors and seed classes are exported for
 * hosts that compose their own pipelines.
 */
export { createHookSystem, type HookSystem } from './system/createHookSystem.js';
export type { HookSystemOptions, SettingsSource } from './system/options.js';
export type { RegisterOptions, Registration } from './system/registration.js';
export { HookSystemDisposedError, InvalidHookError, UnknownEventError } from './core/errors.js';

export {
  ACCEPTED_EVENT_NAMES,
  EVENT_NAMES,
  MATCH_TARGET,
  aliasesOf,
  canonicalEventName,
  isEventName,
} from './events/names.js';
export type { EventName } from './events/names.js';
export type {
  EventFields,
  HookInput,
  HookInputOf,
  HookMessage,
  HookToolConfig,
  LLMRequest,
  LLMResponse,
  ToolMode,
} from './events/inputs.js';
export { decodeHookOutput } from './events/outputs.js';
export type { HookDecision, HookOutput, HookSpecificOutput } from './events/outputs.js';
export { decodeEventInput, InvalidEventInputError } from './events/decodeInput.js';

export * from './core/types.js';

export { loadSettings, loadSettingsSync, standardSettingsFiles, SettingsError, formatProblem } from './config/index.js';
export type { ConfigProblem, LoadedSettings, SettingsFile, SettingsInput } from './config/index.js';

export { compileMatcher } from './plan/matcher.js';
export { HookRegistry } from './plan/registry.js';
export { HookPlanner } from './plan/planner.js';

export { ofEvent } from './operators/ofEvent.js';
export { selectHooks } from './operators/selectHooks.js';
export { runParallel } from './operators/runParallel.js';
export { runSequential } from './operators/runSequential.js';
export { aggregate, type AggregateOptions } from './operators/aggregate.js';
export { decide, type DecideOptions } from './operators/decide.js';
export type { PlannedEvent, RanEvent } from './engine/types.js';

export { createFunctionExecutor } from './executors/functionExecutor.js';
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
export { dispatchExecutor } from './executors/dispatchExecutor.js';
export { applyHookOutputToInput } from './rules/chainInput.js';

export {
  AfterModelHookOutput,
  BeforeModelHookOutput,
  BeforeToolHookOutput,
  BeforeToolSelectionHookOutput,
  DefaultHookOutput,
  createHookOutput,
} from './seed/outputClasses.js';
export { AggregatedHookResult, ProcessedHookResult } from './seed/aggregatedResult.js';
export {
  OrDecision,
  RequestMerge,
  ShallowMerge,
  ToolSelectionIntersection,
  ToolSelectionUnion,
  eventSummaryMonoid,
  lastWriter,
} from './aggregate/monoids.js';
export { assembleHookResult } from './aggregate/hookResult.js';
export type { Logger } from './logging/logger.js';
export { HookAggregator, HookRunner } from './seed/seedClasses.js';

// Host integration: wrappers that make hook decisions take effect (functional spec §8).
export { AgentStopSignal, isAgentStopSignal } from './host/stopSignal.js';
export { executeToolWithHooks, toolCallWithHooks$, withToolHooks, type ToolExecute } from './host/toolHooks.js';
export type { ToolCall, ToolCallOutcome, ToolHookOptions, ToolResult } from './host/toolTypes.js';
export { callModelWithHooks, modelCallWithHooks$, withModelHooks } from './host/modelHooks.js';
export type { ModelCall, ModelCallOutcome, ModelHookOptions } from './host/modelTypes.js';
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
  type AfterAgentFields,
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
  type SessionStartSource,
} from './host/sessionHooks.js';
export type { LifecycleOptions, LifecycleOutcome } from './host/lifecycle.js';
export {
  createHookMessageBus,
  HOOK_EXECUTION_REQUEST,
  HOOK_EXECUTION_RESPONSE,
  type HookBusErrorCode,
  type HookExecutionRequest,
  type HookExecutionResponse,
  type HookMessageBus,
  type HookMessageBusOptions,
  type HookRequestMessage,
  type HookResponseMessage,
} from './seed/messageBus.js';

// Translators between the stable hook LLM format and SDK shapes.
export {
  anthropicTranslator,
  emptyResponse,
  genaiTranslator,
  normalizeHookRequest,
  normalizeHookResponse,
  openaiTranslator,
  type LLMTranslator,
} from './translate/index.js';

// Trust: approvals of project and extension hooks.
export {
  createTrustGate,
  createTrustStore,
  defaultTrustStorePath,
  hookFingerprint,
  needsApproval,
  trustedExecutor,
  type Approval,
  type ApprovalRequest,
  type ConfiguredHook,
  type FingerprintSubject,
  type TrustGate,
  type TrustOptions,
  type TrustStore,
} from './trust/index.js';
