/**
 * hookstream/seed: llxprt's hook API, for ports of code
 * written against it — the registry, planner, runner and aggregator classes, the event output classes,
 * `AggregatedHookResult`, and the `HOOK_EXECUTION_REQUEST`/`RESPONSE` message bus. New code uses the
 * root entry point's `createHookSystem`.
 */
export { HookPlanner } from '../plan/planner.js';
export { HookRegistry } from '../plan/registry.js';
export { HookAggregator, HookRunner } from './seedClasses.js';
export {
  AfterModelHookOutput,
  BeforeModelHookOutput,
  BeforeToolHookOutput,
  BeforeToolSelectionHookOutput,
  DefaultHookOutput,
  createHookOutput,
} from '../aggregate/outputClasses.js';
export {
  AggregatedHookResult,
  ProcessedHookResult,
  type AggregatedHookResultJSON,
} from '../aggregate/aggregatedResult.js';
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
} from './messageBus.js';
