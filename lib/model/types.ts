/**
 * The shared vocabulary of hookstream: hook definitions, planned hooks, run records, the executor
 * seam and the HookResult. Plain TypeScript types only: codecs stay in lib/events and lib/config.
 */
import type { Observable } from 'rxjs';
import type { EventName } from '../events/names.js';
import type { HookInput, HookToolConfig, LLMRequest, LLMResponse } from '../events/inputs.js';
import type { HookOutput, NormalizedDecision } from '../events/outputs.js';
import type { AggregatedView } from './aggregatedView.js';

/** `T` with its readonly modifiers removed: an object while it is being built, before it is frozen. */
export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Where a hook came from; also its priority, highest first. */
export type HookSource = 'runtime' | 'project' | 'user' | 'system' | 'extension';
export const HOOK_SOURCES: readonly HookSource[] = ['runtime', 'project', 'user', 'system', 'extension'];

/** A shell-command hook as written in settings (llxprt's fields plus x-code's). */
export interface CommandHookConfig {
  type: 'command';
  /** Shell form: run under `bash -c`. With `args`: exec form, the program to run without a shell. */
  command: string;
  args?: string[];
  /** Milliseconds, 1 … 2 147 483 647; default 60 000. */
  timeout?: number;
  env?: Record<string, string>;
  name?: string;
  description?: string;
  /** `block` turns every failure of this hook into a block (x-code `failurePolicy`). */
  failurePolicy?: 'allow' | 'block';
  /** Shown while the hook runs (Claude Code's `statusMessage`): on its `results$` start record and the dashboard. */
  statusMessage?: string;
  /** The hook must run: when it is not approved, cannot start, times out or crashes, the event is blocked. */
  required?: boolean;
  /**
   * Keep one worker process alive and send it one JSON line per request instead of spawning per event
   * (Node start-up alone costs ~70 ms; a worker answers in microseconds). See lib/executors/persistentExecutor.ts.
   */
  persistent?: boolean;
  /** Persistent hooks: worker processes serving concurrent events in parallel, 1 … 64; default 1. */
  workers?: number;
  /** Persistent hooks: start the workers when the hook is registered rather than on its first event. */
  prewarm?: boolean;
  /** Run in the background: see `ConfiguredHookCommon.async`. */
  async?: boolean;
  /** Background hooks: an exit 2 or a block wakes the host with its reason. */
  asyncRewake?: boolean;
}

export interface FunctionHookContext {
  /** Aborted when the run is unsubscribed (host cancellation, timeout, dispose). */
  signal: AbortSignal;
}

/** What a function hook may return: an output (or nothing), a Promise of one, or an Observable whose last value counts. */
// `void` lets a hook that only observes be written as `() => {}` or `async () => {}`.
/* eslint-disable @typescript-eslint/no-invalid-void-type */
export type FunctionHookReturn =
  HookOutput | void | undefined | Promise<HookOutput | void | undefined> | Observable<HookOutput>;
/* eslint-enable @typescript-eslint/no-invalid-void-type */

/** An in-process hook: a function run in the host's process, no spawn. */
export interface FunctionHook<I = HookInput> {
  type: 'function';
  name: string;
  run(input: I, context: FunctionHookContext): FunctionHookReturn;
  /** `block`: a failure of this hook (a throw, a timeout, bad output) blocks instead of failing open. */
  failurePolicy?: 'allow' | 'block';
  /** The hook must run: when it throws, times out or gives unusable output, the event is blocked. */
  required?: boolean;
  /** Logical deadline (virtual time in marble tests). */
  timeoutMs?: number;
  /** Shown while the hook runs: on its `results$` start record and the dashboard. */
  statusMessage?: string;
  description?: string;
}

/**
 * Fields every configured hook type shares besides `type`: the command hook's minus what only a
 * process has. Timeouts are milliseconds here; dialect readers convert their agent's unit.
 */
export interface ConfiguredHookCommon {
  timeout?: number;
  name?: string;
  description?: string;
  failurePolicy?: 'allow' | 'block';
  statusMessage?: string;
  required?: boolean;
  /**
   * Run in the background (Claude's and Codex's `async`): the event does not wait for it; its result arrives on
   * the hook system's `background$` stream and, through the host helpers, as context for the session's next turn.
   */
  async?: boolean;
  /** Background hooks: an exit 2 or a block wakes the host with its reason (Claude's `asyncRewake`). */
  asyncRewake?: boolean;
}

/** POSTs the hook's input JSON to `url`; the response body is read as a command hook's stdout. */
export interface HttpHookConfig extends ConfiguredHookCommon {
  type: 'http';
  url: string;
  /** Header values may reference `$VAR`/`${VAR}`, only for names in `allowedEnvVars`. */
  headers?: Record<string, string>;
  allowedEnvVars?: string[];
}

/** A single-turn judgement by the host's model (`evaluatePrompt`); `$ARGUMENTS` is the hook input JSON. */
export interface PromptHookConfig extends ConfiguredHookCommon {
  type: 'prompt';
  prompt: string;
  model?: string;
}

/** A verifier agent run by the host (`runAgentHook`); `$ARGUMENTS` is the hook input JSON. */
export interface AgentHookConfig extends ConfiguredHookCommon {
  type: 'agent';
  prompt: string;
  model?: string;
}

/** Calls `tool` of the connected MCP server `server` through the host (`callMcpTool`). */
export interface McpToolHookConfig extends ConfiguredHookCommon {
  type: 'mcp_tool';
  server: string;
  tool: string;
  /** Tool arguments; string values may hold `${path.in.input}` references (`${tool_input.file_path}`). */
  input?: Record<string, unknown>;
}

/** Hooks the host evaluates through a callback given to `createHookSystem`. */
export type CallbackHookConfig = PromptHookConfig | AgentHookConfig | McpToolHookConfig;

/** A hook that a settings file can hold. */
export type ConfiguredHookConfig = CommandHookConfig | HttpHookConfig | CallbackHookConfig;

export type HookDefinition = ConfiguredHookConfig | FunctionHook;

/** Where a configured hook was written: for messages, `hookstream list` and run records. */
export interface HookOrigin {
  source: HookSource;
  /** Settings file, when the hook came from a file. */
  file?: string;
  /** JSON pointer of the hook entry inside the settings, e.g. `/hooks/BeforeTool/0/hooks/1`. */
  pointer?: string;
  /** The agent whose file the hook came from (lib/config/dialects); absent: hookstream's own format. */
  dialect?: 'hookstream' | 'claude' | 'gemini' | 'cursor' | 'copilot' | 'codex' | 'xcode' | 'ollm';
  /** The event name it was configured under in that dialect (`UserPromptSubmit`): what its stdin says. */
  nativeEvent?: string;
  /** The Claude Code plugin or Gemini CLI extension it came with: `CLAUDE_PLUGIN_ROOT`, `${extensionPath}`. */
  bundle?: { readonly root: string; readonly dataDir?: string; readonly id?: string };
}

/** A per-hook condition tested on the event's input before the hook is spawned (Claude Code's `if`). */
export interface HookCondition {
  /** As written, for messages and `hookstream list`. */
  readonly rule: string;
  test(input: Readonly<Record<string, unknown>>): boolean;
}

/** Compiled matcher: `test` is linear-time or bounded (lib/plan/matcher.ts). */
export interface Matcher {
  readonly pattern: string;
  test(target: string): boolean;
}

/** One registered hook: its definition, the group settings that apply to it, and its provenance. */
export interface HookEntry {
  readonly id: number;
  readonly event: EventName;
  readonly definition: HookDefinition;
  readonly origin: HookOrigin;
  /** Absent: matches everything. */
  readonly matcher?: Matcher;
  /** Absent: no condition. Tested per event after the matcher, before any spawn. */
  readonly condition?: HookCondition;
  readonly sequential: boolean;
  /** Display name: the configured name, else the command, else the function name. */
  readonly name: string;
}

/** The plan for one event: which hooks run, in plan order, and how. */
export interface HookPlan {
  readonly event: EventName;
  /** The hooks the event waits for, in plan order. */
  readonly hooks: readonly HookEntry[];
  /** Whether `hooks` run as a chain (background hooks never take part). */
  readonly sequential: boolean;
  /**
   * Background hooks (`async: true` or `asyncRewake: true`), in plan order: started with the event, never
   * waited for, never part of its decision (lib/engine/background.ts). Absent when the event has none.
   */
  readonly background?: readonly HookEntry[] | undefined;
}

export type HookOutcome =
  'success' | 'blocked' | 'warning' | 'timeout' | 'failed' | 'canceled' | 'untrusted' | 'skipped';

/** The record of one hook run (an entry of `HookResult.hooks`). Failures are values, never stream errors. */
export interface HookRun {
  name: string;
  command?: string;
  source: HookSource;
  outcome: HookOutcome;
  exitCode?: number;
  signal?: string;
  durationMs: number;
  /** Decoded output, when the hook produced one that applies. */
  output?: HookOutput;
  stdout?: string;
  stderr?: string;
  /** Why the run failed or was blocked, one line, for `warnings` and block reasons. */
  message?: string;
  /** Output decode warnings (dropped fields): non-fatal. */
  outputWarnings?: string[];
  /** Set when a strict hook's failure (this outcome) was turned into a block. */
  strictFailure?: HookOutcome;
  /**
   * Set when hookstream itself failed while running this hook (an executor broke its contract), not the
   * hook: such a run fails closed unless `internalFailurePolicy: 'allow'`. `cause` holds what was thrown.
   */
  internal?: true;
  cause?: unknown;
}

/** The executor seam: a cold Observable of exactly one run record; unsubscribing cancels. */
export type HookExecutor = (hook: HookEntry, input: HookInput) => Observable<HookRun>;

/** A run lifecycle record on `results$`, for dashboards and telemetry. */
export type HookActivity =
  | {
      type: 'start';
      event: EventName;
      eventId: number;
      hook: string;
      source: HookSource;
      at: number;
      /** The hook's `statusMessage`, when it declares one: what it is doing, while it runs. */
      statusMessage?: string;
    }
  | { type: 'finish'; event: EventName; eventId: number; hook: string; source: HookSource; at: number; run: HookRun };

export type { NormalizedDecision } from '../events/outputs.js';

/**
 * The one decision for an event. Every result is frozen at run time — the fast path's
 * and an assembled one alike, with its `warnings`, `hooks` and each run record — and typed readonly.
 */
export interface HookResult {
  readonly event: EventName;
  readonly decision?: NormalizedDecision;
  readonly blocked: boolean;
  readonly reason?: string;
  readonly stopped: boolean;
  readonly stopReason?: string;
  readonly systemMessage?: string;
  readonly additionalContext?: string;
  readonly suppressOutput: boolean;
  readonly warnings: readonly string[];
  /**
   * BeforeTool, PermissionRequest: the arguments the tool must receive (the host's own object when no hook changed
   * them); a Claude hook's `updatedInput` replaced them, a `tool_input` patch was merged.
   */
  readonly toolInput?: Readonly<Record<string, unknown>>;
  readonly llmRequest?: Readonly<LLMRequest>;
  readonly llmResponse?: Readonly<LLMResponse>;
  /**
   * AfterTool: the tool's result as a hook replaced it (`hookSpecificOutput.tool_response`, last writer in plan
   * order), in the shape hooks received it (any JSON value); absent when no hook replaced it.
   */
  readonly toolResponse?: unknown;
  readonly toolConfig?: {
    readonly mode: NonNullable<HookToolConfig['mode']>;
    readonly allowedFunctionNames: readonly string[];
  };
  /** PermissionRequest: permission updates hooks asked for with an allow (Claude's objects), in plan order. */
  readonly updatedPermissions?: readonly Readonly<Record<string, unknown>>[];
  /** Elicitation, ElicitationResult: the hooks' answer to the MCP server; a block declines. Absent: ask the user. */
  readonly elicitation?: {
    readonly action: 'accept' | 'decline' | 'cancel';
    readonly content?: Readonly<Record<string, unknown>>;
  };
  /** WorktreeCreate: the directory a hook created the worktree in (last writer). */
  readonly worktreePath?: string;
  /** PermissionDenied: a hook asked to let the model retry the denied call. */
  readonly retry?: true;
  /** SessionStart, CwdChanged, FileChanged: paths to watch for FileChanged (sorted union). */
  readonly watchPaths?: readonly string[];
  readonly hooks: readonly Readonly<HookRun>[];
  readonly success: boolean;
  readonly durationMs: number;
  /** Set when hookstream itself failed on this event (see `HookRun.internal`); `reason` says what failed. */
  readonly internal?: true;
  /** The seed's AggregatedHookResult, `finalOutput` being the event's output class (in JSON too). */
  readonly aggregated: AggregatedView;
}
