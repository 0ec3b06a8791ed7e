/**
 * hookstream: lifecycle hooks for AI agents as RxJS event-stream middleware.
 *
 * The root entry point holds what a host needs to run hooks: the facade (`createHookSystem`, its options and
 * the `HookSystem` it returns), the model types (definitions, runs, results and the input and output every hook
 * sees), the errors, and settings loading. Everything else has its own entry point, one per floor room:
 * `hookstream/events` (event names and per-event fields), `hookstream/compose` (operators, executors, planner
 * and registry for hosts that compose their own pipelines), `hookstream/host` (host wrappers and LLM
 * translators), `hookstream/observe` (telemetry, recordings, dashboard, replay, profile, diffs),
 * `hookstream/trust`, `hookstream/seed`, `hookstream/testing` and the framework adapters. Every name here is
 * in the API report (api/hookstream.api.md): the surface changes only on purpose.
 */

// The facade.
export { createHookSystem, type HookSystem } from './system/createHookSystem.js';
export type { HookSystemOptions, SettingsSource } from './system/options.js';
export type { RegisterOptions, Registration } from './system/registration.js';
export type { EffectMatcherSpec } from './plan/effectMatcher.js';
export type { BackgroundRecord } from './system/backgroundRecord.js';
export type { EnvMode, EnvPolicy } from './policy/envPolicy.js';
export type { HttpSettings } from './policy/httpPolicy.js';
export type { CertificateAuthorities } from './transport/httpRequest.js';
export type { EnvFileContents } from './transport/envFile.js';
export type { Logger } from './logging/logger.js';

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

// The model: hook definitions, entries, plans, runs and the result; the input and output every hook sees.
export type {
  AgentHookConfig,
  CallbackHookConfig,
  CommandHookConfig,
  ConfiguredHookCommon,
  ConfiguredHookConfig,
  HttpHookConfig,
  McpToolHookConfig,
  PromptHookConfig,
  FunctionHook,
  FunctionHookContext,
  FunctionHookReturn,
  HookCondition,
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
export type { AggregatedHookResultJSON, AggregatedView, HookOutputView } from './model/aggregatedView.js';
export type { EventName } from './events/names.js';
export type { BaseInput, EventFields, HookInput, HookInputOf } from './events/inputs.js';
export type { HookDecision, HookOutput, HookSpecificOutput } from './events/outputs.js';

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
export type { DiscoveryOptions } from './config/discoverFiles.js';
export type { DialectId, DialectScope } from './dialects/types.js';
