/**
 * The demo policy suite: six policies, each a pure decision (bin/core/*.mjs, shared with the node
 * command hook bin/hook.mjs) wrapped as a function hook. `registerPolicySuite` installs them all.
 */
import type { HookSystem, Registration } from '../../lib/index.js';
import { DANGEROUS_COMMANDS_MATCHER, dangerousCommandsHook } from './dangerousCommands.js';
import type { DangerousCommandOptions } from './bin/core/shell.mjs';
import { loopGuardHook } from './loopGuard.js';
import type { LoopGuardOptions } from './bin/core/loopGuard.mjs';
import { projectContextHook, type ProjectContextOptions } from './projectContext.js';
import { PROTECT_PATHS_MATCHER, protectPathsHook } from './protectPaths.js';
import type { ProtectPathsOptions } from './bin/core/paths.mjs';
import { readOnlyPhaseHook, type ReadOnlyPhaseOptions } from './readOnlyPhase.js';
import { REDACT_SECRETS_EVENTS, redactSecretsHook } from './redactSecrets.js';
import type { RedactSecretsOptions } from './bin/core/secrets.mjs';

export * from './commandHook.js';
export * from './dangerousCommands.js';
export * from './loopGuard.js';
export * from './projectContext.js';
export * from './protectPaths.js';
export * from './readOnlyPhase.js';
export * from './redactSecrets.js';

export interface PolicySuiteOptions {
  protectPaths?: ProtectPathsOptions;
  dangerousCommands?: DangerousCommandOptions;
  redactSecrets?: RedactSecretsOptions;
  /** Leave out to skip the read-only phase policy. */
  readOnly?: ReadOnlyPhaseOptions;
  loopGuard?: LoopGuardOptions;
  projectContext?: ProjectContextOptions;
}

/**
 * Registers the whole suite on `hooks` and returns the registrations (call `unregister()` to remove).
 *
 * @example registerPolicySuite(createHookSystem({ projectDir }), { loopGuard: { maxContinuations: 2 } })
 */
export const registerPolicySuite = (hooks: HookSystem, options: PolicySuiteOptions = {}): Registration[] => [
  hooks.register('BeforeTool', protectPathsHook(options.protectPaths), { matcher: PROTECT_PATHS_MATCHER }),
  hooks.register('BeforeTool', dangerousCommandsHook(options.dangerousCommands), {
    matcher: DANGEROUS_COMMANDS_MATCHER,
  }),
  ...REDACT_SECRETS_EVENTS.map((event) => hooks.register(event, redactSecretsHook(options.redactSecrets))),
  ...(options.readOnly ? [hooks.register('BeforeToolSelection', readOnlyPhaseHook(options.readOnly))] : []),
  hooks.register('AfterAgent', loopGuardHook(options.loopGuard)),
  hooks.register('SessionStart', projectContextHook(options.projectContext)),
];
