/** Options of `createHookSystem`. Units are in the names; concurrency is `processConcurrency` / `hookConcurrency`. */
import type { SettingsFile } from '../config/loadSettings.js';
import type { HookExecutor } from '../model/types.js';
import type { InternalFailurePolicy } from '../executors/startRun.js';
import type { CallMcpTool, EvaluatePrompt, RunAgentHook } from '../executors/callbackTypes.js';
import type { Logger } from '../logging/logger.js';
import type { TrustOptions } from '../trust/trustGate.js';
import type { EnvPolicy } from '../policy/envPolicy.js';
import type { HttpHookOptions } from '../executors/httpExecutor.js';
import type { RecordOptions } from '../observe/recorder.js';
import type { TelemetryOptions } from '../observe/telemetryTypes.js';
import type { LedgerOptions } from '../ledger/ledgerTrace.js';

/**
 * Settings as a parsed object, or a list of files at their scopes (earlier files have no priority over later ones;
 * scope decides), or `'standard'`: the files the `hookstream` command reads, `standardSettingsFiles(projectDir)`.
 * The switches of an object (the host's own settings) and of user and system files reach every hook; those of a
 * project or extension file only that file's hooks (lib/config/mergeScopes.ts).
 */
export type SettingsSource = Record<string, unknown> | readonly SettingsFile[] | 'standard';

export interface HookSystemOptions {
  /** Default: none, the hooks come from `register` (no file is read unless asked: `'standard'` reads the CLI's). */
  settings?: SettingsSource;
  /** The project directory: hooks' cwd, `cwd` of inputs, `*_PROJECT_DIR` variables. Default `process.cwd()`. */
  projectDir?: string;
  /** Default: a random UUID. */
  sessionId?: string;
  transcriptPath?: string;
  /** A winston-compatible logger; default silent (`DEBUG=hookstream:*` prints debug lines to stderr). */
  logger?: Logger;
  /**
   * Overrides `tools.enableHooks`. Without settings the system is enabled (its hooks come from
   * `register`); with settings, `tools.enableHooks` decides and defaults to false.
   */
  enabled?: boolean;
  /** Live hook processes at once across all events (default 16); the rest queue. */
  processConcurrency?: number;
  /** Hooks of one event running at once in parallel mode (default: all). */
  hookConcurrency?: number;
  /** Command hook timeout when the hook sets none (default 60 000 ms). */
  defaultTimeoutMs?: number;
  /** Time from SIGTERM to SIGKILL of a hook's process group (default 5 000 ms). */
  forceKillAfterMs?: number;
  /**
   * Spawn command hooks through a small long-lived helper process (default `true` on Linux and macOS): the
   * fork's cost stays flat however large the host grows, and the host's event loop is never blocked by it.
   * `false` spawns from the host itself.
   */
  spawnHelper?: boolean;
  /** Cap per output stream of a command hook (default 1 MiB). */
  maxOutputBytes?: number;
  /** BeforeToolSelection: `union` (default, seed) or `intersection` of allowed function names. */
  toolSelection?: 'union' | 'intersection';
  /**
   * Approval of command hooks from project and extension settings files: they run
   * only once approved. Default: the store `~/.hookstream/trusted-hooks.json` and no approval callback, so
   * unapproved hooks are skipped (outcome `untrusted`). `false` turns trust off: every hook runs.
   */
  trust?: TrustOptions | false;
  /**
   * Replaces the leaf executor (every kind of hook, or those its `handles(hook)` accepts when it has one, as the
   * broker's does); trust, the failure policy and `results$` still apply.
   */
  executor?: HookExecutor;
  /**
   * A failure of hookstream itself (not of a hook: a broken executor, a throwing matcher) is logged at
   * `error` and blocks the event (`block`, the default: a guard that could not run never lets a call
   * through); `allow` fails open with a warning instead.
   */
  internalFailurePolicy?: InternalFailurePolicy;
  /** `register()` always returns its problems (an invalid matcher, …); `throw` makes them an `InvalidHookError`. */
  registrationProblems?: 'return' | 'throw';
  /**
   * The environment of project and extension hooks (lib/policy/envPolicy.ts): `{ mode: 'no-secrets' }` drops
   * variables that look like secrets (`*TOKEN*`, `*KEY*`, `AWS_*`, …), `{ mode: 'allowlist', allow }` keeps only
   * the basics and `allow`. Replaces the settings' `hooksConfig.env`. Default: the settings', else `inherit`.
   */
  envPolicy?: EnvPolicy;
  /**
   * Appends every decided event — its fields and its result — to a JSON-lines file, for `hookstream replay`
   * and `hookstream profile`; `redact` lists JSON paths whose values are never written (lib/observe/recorder.ts).
   */
  record?: string | RecordOptions;
  /**
   * A tamper-evident decision ledger: one hash-chained record per decided event, with every guard the event
   * planned and why each did or did not decide (lib/ledger/). `hookstream audit verify` checks it offline.
   */
  ledger?: string | LedgerOptions;
  /**
   * Runs `type: "prompt"` hooks: one turn of the host's model on the hook's prompt (`$ARGUMENTS` = the input JSON),
   * answering `{ ok, reason }`; `ok: false` blocks. Without it, prompt hooks are skipped (said once).
   */
  evaluatePrompt?: EvaluatePrompt;
  /** Runs `type: "agent"` hooks: a verifier agent with tools, answering `{ ok, reason }`. Without it they are skipped. */
  runAgentHook?: RunAgentHook;
  /**
   * Runs `type: "mcp_tool"` hooks: calls `tool` on the host's connected MCP server `server`; the result's text is read
   * as a command hook's stdout. Without it they are skipped (said once).
   */
  callMcpTool?: CallMcpTool;
  /**
   * HTTP hooks (`type: "http"`): `allowedUrls` (`*` wildcards) and `allowedEnvVars` restrict them on top of the
   * settings' lists; `allowLoopbackHttp` lets hooks that can block use plain http:// to 127.0.0.1, ::1 or
   * localhost; `ca` trusts a private CA instead of Node's roots; `maxConcurrentRequests` (default 16).
   */
  http?: HttpHookOptions;
  /** Sessions whose policy state is kept at once (least recently used dropped first); default 256. */
  maxPolicySessions?: number;
  /** OpenTelemetry: a span per event, a child span per hook. Pass `{ api }` (`@opentelemetry/api`); nothing is loaded otherwise. */
  telemetry?: TelemetryOptions;
}
