/**
 * hookstream/testing: the policy author's kit. A TestScheduler wired to your test runner's `expect`,
 * builders for every event's input and for outputs, hook entries and plans, a fake executor answering
 * from `cold()` observables, an executor that runs real function hooks in virtual time, `runPolicy`
 * (the real engine, no marbles) and `runHookScript` (a real command hook, real process).
 * Nothing here depends on a test runner.
 */
export { createTestScheduler, type AssertDeepEqual } from './scheduler.js';
export {
  TEST_BASE_FIELDS,
  afterAgent,
  afterModel,
  afterTool,
  beforeAgent,
  beforeModel,
  beforeTool,
  beforeToolSelection,
  inputOf,
  notification,
  postCompress,
  preCompress,
  sessionEnd,
  sessionStart,
  subagentStart,
  subagentStop,
  turnComplete,
  type InputOverrides,
} from './inputs.js';
export {
  addContext,
  allow,
  ask,
  block,
  combine,
  deny,
  modifyRequest,
  modifyToolInput,
  replaceResponse,
  restrictTools,
  stop,
  suppressOutput,
  systemMessage,
} from './outputs.js';
export { entry, functionHook, planFor, plannerFor, type EntryOptions, type FunctionHookOptions } from './entries.js';
export {
  fakeExecutor,
  runFromOutput,
  type FakeAnswer,
  type FakeCall,
  type FakeExecutor,
  type FakeExecutorOptions,
  type FakeHook,
} from './fakeExecutor.js';
export { functionHookExecutor, type FunctionHookExecutorOptions } from './functionHookExecutor.js';
export { decideWith, type DecideWithOptions } from './decideWith.js';
export { summarize, type ResultSummary } from './summarize.js';
export { runPolicy, type Policy, type RunPolicyOptions } from './runPolicy.js';
export { runHookScript, scriptHook, type RunHookScriptOptions } from './runHookScript.js';
export { sessionVerdicts, type SessionVerdictsOptions } from '../session/sessionVerdicts.js';
export { eventStep, outcomeStep, toolCallStep, toolResultStep } from './sessionSteps.js';
