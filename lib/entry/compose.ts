/**
 * hookstream/compose: the pieces of the facade's pipeline for hosts that compose their own — the rxjs
 * operators (`ofEvent`, `selectHooks`, `runHooks`, `aggregate`, `decideHooks`, …), the planner and registry,
 * `createEntry`, and the executor factories with the callback seam they run through.
 */
export { HookPlanner } from '../plan/planner.js';
export { HookRegistry } from '../plan/registry.js';
export type { PlanTrust } from '../plan/dedup.js';
export type { PlanExplanation, PlanSkip } from '../plan/planSkips.js';
export {
  createEntry,
  type CreatedEntry,
  type CreateEntryOptions,
  type EntryDefinition,
  type EntryDraft,
} from '../plan/createEntry.js';
export { ofEvent } from '../operators/ofEvent.js';
export { selectHooks } from '../operators/selectHooks.js';
export { runHooks } from '../operators/runHooks.js';
export { runParallel } from '../operators/runParallel.js';
export { runSequential } from '../operators/runSequential.js';
export { aggregate, type AggregateOptions } from '../operators/aggregate.js';
export { decideHooks, type DecideHooksOptions } from '../operators/decideHooks.js';
export type { PlannedEvent, RanEvent } from '../engine/types.js';

// Executor factories: each a `HookExecutor`; `createExecutors` composes the whole stack.
export {
  createExecutors,
  type Executors,
  type ExecutorsOptions,
  type ProcessOptions,
} from '../executors/createExecutors.js';
export { createFunctionExecutor, type FunctionExecutorOptions } from '../executors/functionExecutor.js';
export {
  createCommandExecutor,
  type CommandExecutor,
  type CommandExecutorOptions,
} from '../executors/commandExecutor.js';
export {
  createPersistentExecutor,
  type PersistentExecutor,
  type PersistentExecutorOptions,
} from '../executors/persistentExecutor.js';
export {
  createHttpExecutor,
  type HttpExecutor,
  type HttpExecutorOptions,
  type HttpHookOptions,
} from '../executors/httpExecutor.js';
export type { CancelRun, InternalFailurePolicy, RunDone, StartRun, StartableExecutor } from '../executors/startRun.js';
export {
  createCallbackExecutor,
  type CallbackExecutor,
  type CallbackExecutorOptions,
} from '../executors/callbackExecutor.js';
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
} from '../executors/callbackTypes.js';
export type { ObserveOptions } from '../executors/observeExecutor.js';
export type { SharedSpawnBackend, SpawnBackend } from '../process/spawnBackend.js';
export type { LaunchHandle, LaunchListener, LaunchRequest, LaunchResult, Launcher } from '../process/launch.js';
export type { Redirect } from '../process/redirects.js';
export type { Semaphore } from '../process/spawnLimiter.js';
export type { ProcessLimitOptions } from '../core/limits.js';

// Session policies as rules: pass one to `hooks.sessionPolicy(name, rule)` (settings write the same shapes).
export { limit, type LimitSpec, type LimitState } from '../session/rules/limit.js';
export { repeat, type RepeatSpec, type RepeatState } from '../session/rules/repeat.js';
export { sequence, type SequenceSpec, type SequenceState } from '../session/rules/sequence.js';
export { flow, type FlowSpec, type FlowState, type RetainedSource } from '../session/rules/flow.js';
export { TAINT_MIN_LENGTH, type TaintSource } from '../session/rules/taintIndex.js';
export type { StepMatchSpec } from '../session/rules/stepMatch.js';
export type { PolicyVerdict, SessionPolicy, SessionState, SessionStep } from '../session/types.js';
export type { SessionRule } from '../session/policyInstance.js';
export type { PolicyRegistration, SessionPolicyOptions } from '../system/sessionPolicies.js';
export { POLICY_KINDS, type LoadedPolicy, type PolicyKind } from '../config/policySettings.js';
