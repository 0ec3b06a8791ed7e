/**
 * The HTTP-hook executor: POSTs the hook's input — the same JSON a command hook of its
 * dialect gets on stdin — to its URL and reads the answer as that hook's stdout (lib/transport/httpRecord.ts).
 * Shaped like the command executor: a callback start per run, one AbortController each, cancelling aborts
 * the request, `dispose()` aborts every request in flight and awaits them. Failures are values.
 *
 * Before any socket is opened the policy is checked (lib/policy/httpPolicy.ts): https for hooks that can
 * block, plain http to loopback only by an explicit option, every URL allowlist in force, header variables
 * only from allowlists. A limited number of requests run at once; the rest queue.
 *
 * @example
 * const executor = createHttpExecutor({ host: { allowedUrls: ['https://policy.example.com/*'] } });
 * executor.execute(hook, input).subscribe((run) => console.log(run.outcome, run.output));
 * await executor.dispose();
 */
import { DEFAULT_PROCESS_CONCURRENCY, hookTimeoutMs, normalizeProcessLimits } from '../core/limits.js';
import type { HookEntry, HookRun, HttpHookConfig } from '../model/types.js';
import { isKind } from '../kinds/table.js';
import type { HookInput } from '../events/inputs.js';
import { createSemaphore } from '../process/spawnLimiter.js';
import { inputForHook } from './callbackProtocol.js';
import { dialectOf } from './dialectRuns.js';
import { interpretDialectRun } from '../protocol/dialectOutput.js';
import { envVariants, type EnvPolicy } from '../policy/envPolicy.js';
import {
  checkHttpTarget,
  combineHttpPolicy,
  displayUrl,
  expandHeaders,
  isLoopbackHost,
  type HttpSettings,
} from '../policy/httpPolicy.js';
import { httpRunRecord } from '../transport/httpRecord.js';
import { createHttpAgents, postHook, type CertificateAuthorities } from '../transport/httpRequest.js';
import { bareRun } from '../protocol/outputRun.js';
import { createRunLifecycles } from './runLifecycles.js';
import { startable, type StartableExecutor, type StartRun } from './startRun.js';

/** `createHookSystem({ http })`: the host's own restrictions (each applies on top of the settings') and transport. */
export interface HttpHookOptions extends HttpSettings {
  /** Certificates to trust instead of Node's bundled roots: a private CA, or a test server's own certificate. */
  readonly ca?: CertificateAuthorities;
  /** HTTP hook requests in flight at once across all events (default 16); the rest queue. */
  readonly maxConcurrentRequests?: number;
  /** Same-origin 307/308 redirects followed per request (default 3); other redirects are never followed. */
  readonly maxRedirects?: number;
}

export interface HttpExecutorOptions {
  /** The host's options. */
  readonly host?: HttpHookOptions | undefined;
  /** The settings' merged `allowedHttpHookUrls` / `hooksConfig.http`, read per run (a reload can change them). */
  readonly settings?: (() => HttpSettings | undefined) | undefined;
  /** Default 60 000 ms; a hook's own `timeout` wins. */
  readonly defaultTimeoutMs?: number | undefined;
  /** Cap on the response body, default 1 MiB (the command hooks' `maxOutputBytes`). */
  readonly maxOutputBytes?: number | undefined;
  /** Where header variables come from, default `process.env`; copied once. */
  readonly env?: Record<string, string | undefined> | undefined;
  /** What project and extension hooks see of `env` (lib/policy/envPolicy.ts), read per run. */
  readonly envPolicy?: (() => EnvPolicy | undefined) | undefined;
}

export interface HttpExecutor {
  readonly execute: StartableExecutor;
  /** Aborts every request in flight, awaits them and closes the connections; later runs fail. */
  dispose(): Promise<void>;
  /** Requests in flight. */
  readonly live: number;
}

const DISPOSED = 'executor disposed';
const DEFAULT_MAX_REDIRECTS = 3;

/**
 * Whether the hook's answer can block or stop its event, so that plain http would let a network attacker
 * decide: every hookstream event carries `blocked` and `stopped`; another agent's event only when that agent
 * reads a decision, a stop or a failure there (Claude's InstructionsLoaded reads nothing).
 */
const canDecide = (hook: HookEntry): boolean => {
  const event = dialectOf(hook)?.event;
  if (event === undefined) return true;
  const discards = event.discards ?? [];
  if (discards.includes('*')) return false;
  return (
    event.exit2 === 'block' ||
    event.timeoutBlocks === true ||
    event.nonZeroBlocks === true ||
    !discards.includes('continue')
  );
};

/** Creates the executor; its connections are kept alive between events until `dispose`. */
export const createHttpExecutor = (options: HttpExecutorOptions = {}): HttpExecutor => {
  const limits = normalizeProcessLimits({
    defaultTimeoutMs: options.defaultTimeoutMs,
    maxOutputBytes: options.maxOutputBytes,
  });
  const host = options.host;
  const slots = createSemaphore(Math.max(1, Math.floor(host?.maxConcurrentRequests ?? DEFAULT_PROCESS_CONCURRENCY)));
  const maxRedirects = Math.max(0, Math.floor(host?.maxRedirects ?? DEFAULT_MAX_REDIRECTS));
  const agents = createHttpAgents(host?.ca);
  const environments = envVariants(options.envPolicy, (env) => env, Object.assign({}, options.env ?? process.env));
  const lifecycles = createRunLifecycles();
  let disposed = false;

  const run = async (hook: HookEntry, definition: HttpHookConfig, input: HookInput, signal: AbortSignal) => {
    if (disposed) return bareRun(hook, 'failed', 0, `Hook "${hook.name}" cannot run: ${DISPOSED}`);
    const policy = combineHttpPolicy(host, options.settings?.());
    const target = checkHttpTarget(definition.url, canDecide(hook), policy);
    if (target.refused !== undefined)
      return bareRun(hook, 'failed', 0, `Hook "${hook.name}" was not sent: ${target.refused}`);
    const url = displayUrl(target.url);
    const refused = (outcome: HookRun['outcome'], message: string): HookRun => {
      const record = bareRun(hook, outcome, 0, message);
      record.command = `POST ${url}`;
      return record;
    };
    const env = environments.of(hook.origin.source);
    const expanded = expandHeaders(definition.headers, definition.allowedEnvVars, policy, env);
    // Another agent's hook gets its agent's input (native event and field names) and its agent's reading.
    const dialect = dialectOf(hook);
    const body = JSON.stringify(inputForHook(input, dialect));
    const release = await slots.acquire(signal);
    const canceled = (): string =>
      `Hook "${hook.name}" was canceled${signal.reason === DISPOSED ? `: ${DISPOSED}` : ''}`;
    if (release === undefined) return refused('canceled', canceled());
    const timeoutMs = hookTimeoutMs(definition.timeout, limits);
    const started = performance.now();
    try {
      const facts = await postHook({
        url: target.url,
        headers: expanded.headers,
        body,
        timeoutMs,
        maxBytes: limits.maxOutputBytes,
        signal,
        agents,
        loopbackOnly: target.url.protocol === 'http:' && isLoopbackHost(target.url.hostname),
        maxRedirects,
      });
      return httpRunRecord({ name: hook.name, event: hook.event, source: hook.origin.source, url }, facts, {
        durationMs: Math.round(performance.now() - started),
        timeoutMs,
        maxOutputBytes: limits.maxOutputBytes,
        canceled: facts.aborted ? canceled() : undefined,
        interpret: dialect === undefined ? undefined : (name, outcome) => interpretDialectRun(name, outcome, dialect),
        warnings: expanded.problems,
      });
    } finally {
      release();
    }
  };

  const start: StartRun = (hook, input, done) => {
    const definition = hook.definition;
    if (!isKind(definition, 'http')) {
      done(bareRun(hook, 'failed', 0, `Hook "${hook.name}" is not an http hook`));
      return undefined;
    }
    return lifecycles.start(hook, done, (signal) => run(hook, definition, input, signal));
  };

  return {
    execute: startable(start),
    dispose: async () => {
      disposed = true;
      await lifecycles.abortAll(DISPOSED);
      agents.destroy();
    },
    get live() {
      return lifecycles.size;
    },
  };
};
