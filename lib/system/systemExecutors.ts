/**
 * The executor stack of a hook system, built from its options and its settings: one function, so that every
 * place that runs configured hooks — the facade, and `hookstream doctor --run` — gives them the same
 * environment policy, trust gate, failure policy, HTTP allowlists and limits. A probe that ran a project
 * hook with secrets `fire` withholds would report on a hook that never runs that way.
 */
import { createExecutors, type Executors } from '../executors/createExecutors.js';
import type { ObserveOptions } from '../executors/observeExecutor.js';
import { componentLogger, type Logger } from '../logging/logger.js';
import type { EnvPolicy } from '../policy/envPolicy.js';
import type { HttpSettings } from '../policy/httpPolicy.js';
import type { TrustGate } from '../trust/trustGate.js';
import type { HookSystemOptions } from './options.js';

/** What the settings contribute, read per run (a reload can change them). */
export interface ExecutorSettings {
  readonly envPolicy: EnvPolicy | undefined;
  readonly http: HttpSettings | undefined;
}

export interface SystemExecutorsContext {
  readonly projectDir: string;
  readonly sessionId: string;
  /** The approval gate of project and extension hooks; undefined with `trust: false`. */
  readonly trust: TrustGate | undefined;
  readonly settings: ExecutorSettings;
  /** The root logger (the process layer logs under its own component). */
  readonly root: Logger;
  readonly observe?: ObserveOptions;
}

/** The executor stack for `options` (a hook system's) over `context`. */
export const createSystemExecutors = (options: HookSystemOptions, context: SystemExecutorsContext): Executors => {
  const { settings } = context;
  return createExecutors({
    process: {
      projectDir: context.projectDir,
      sessionId: context.sessionId,
      processConcurrency: options.processConcurrency,
      defaultTimeoutMs: options.defaultTimeoutMs,
      forceKillAfterMs: options.forceKillAfterMs,
      maxOutputBytes: options.maxOutputBytes,
      spawnHelper: options.spawnHelper,
      logger: componentLogger(context.root, 'process'),
      // The host's policy, else the settings' (read per spawn: a reload can change it).
      envPolicy: () => options.envPolicy ?? settings.envPolicy,
    },
    trust: context.trust,
    executor: options.executor,
    internalFailurePolicy: options.internalFailurePolicy ?? 'block',
    observe: context.observe,
    // The host's restrictions apply on top of the settings' (read per request: a reload can change them).
    http: { host: options.http, settings: () => settings.http },
    callbacks: {
      evaluatePrompt: options.evaluatePrompt,
      runAgentHook: options.runAgentHook,
      callMcpTool: options.callMcpTool,
    },
  });
};
