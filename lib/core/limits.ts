/** Limits and defaults every folder shares: plain constants, no codec or library type. */

/** setTimeout overflows above 2^31-1 ms and then fires at once (`3e9` fired after 13 ms); 0 would mean "no timeout". */
export const MAX_TIMEOUT_MS = 2_147_483_647;

/** A command hook's timeout when neither the hook nor the host sets one. */
export const DEFAULT_TIMEOUT_MS = 60_000;

/** Time from SIGTERM to SIGKILL of a hook's process group. */
export const DEFAULT_FORCE_KILL_AFTER_MS = 5_000;

/** Cap per output stream of a command hook. */
export const DEFAULT_MAX_OUTPUT_BYTES = 1024 * 1024;

/** Live hook processes at once across all events; beyond 2–4 per core more only adds latency. */
export const DEFAULT_PROCESS_CONCURRENCY = 16;

/** Whether `value` is a usable timer delay: an integer 1 … MAX_TIMEOUT_MS. */
export const isValidTimeoutMs = (value: number | undefined): value is number =>
  value !== undefined && Number.isInteger(value) && value >= 1 && value <= MAX_TIMEOUT_MS;

/** `value` when it is a finite positive number, else `fallback`. */
export const positiveOr = (value: number | undefined, fallback: number): number =>
  value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;

/** After a hook's leader exits, how long its children may keep the pipes open before they are closed. */
export const DRAIN_MS = 250;

/** The hard deadline comes this long after SIGKILL was due: the run settles then, whatever holds its pipes. */
export const HARD_DEADLINE_SLACK_MS = 1000;

/** The process options a host may set, as given (any may be missing or out of range). */
export interface ProcessLimitOptions {
  processConcurrency?: number | undefined;
  defaultTimeoutMs?: number | undefined;
  forceKillAfterMs?: number | undefined;
  maxOutputBytes?: number | undefined;
}

/** The same options normalised once per executor: every value usable as is. */
export interface ProcessLimits {
  readonly processConcurrency: number;
  readonly defaultTimeoutMs: number;
  /** SIGTERM → SIGKILL grace, within the timer bound. */
  readonly killGraceMs: number;
  readonly maxOutputBytes: number;
}

/**
 * The one normalisation of process options, for every executor that starts hook processes: a missing or
 * unusable value falls back to its default (the hook's own `timeout` is checked per run by `hookTimeoutMs`).
 */
export const normalizeProcessLimits = (options: ProcessLimitOptions): ProcessLimits => ({
  processConcurrency: Math.max(1, Math.floor(positiveOr(options.processConcurrency, DEFAULT_PROCESS_CONCURRENCY))),
  defaultTimeoutMs: isValidTimeoutMs(options.defaultTimeoutMs) ? options.defaultTimeoutMs : DEFAULT_TIMEOUT_MS,
  killGraceMs: Math.min(positiveOr(options.forceKillAfterMs, DEFAULT_FORCE_KILL_AFTER_MS), MAX_TIMEOUT_MS),
  maxOutputBytes: Math.max(1, Math.floor(positiveOr(options.maxOutputBytes, DEFAULT_MAX_OUTPUT_BYTES))),
});

/** A hook's timeout: its own when the timers can hold it, else the executor's default. */
export const hookTimeoutMs = (own: number | undefined, limits: ProcessLimits): number =>
  isValidTimeoutMs(own) ? own : limits.defaultTimeoutMs;

/** Worker processes of one persistent hook when it sets no `workers`. */
export const DEFAULT_WORKERS = 1;

/** The most workers one persistent hook may ask for: each holds a slot of `processConcurrency` while it lives. */
export const MAX_WORKERS = 64;

/**
 * Steps one static read of a shell command may take (characters looked at, across every nested `bash -c`,
 * `eval`, `$(…)` and backtick body). Real hook commands take a few hundred; a read that runs out ends in
 * "cannot read" — the trust view says so and an `if` condition runs its hook — never in a loop.
 */
export const SHELL_READ_MAX_STEPS = 100_000;

/** Words one static read of a shell command may produce, across every nested read (real hooks: tens). */
export const SHELL_READ_MAX_WORDS = 4_000;

/**
 * Largest settings, hooks or manifest file hookstream reads. Real ones are kilobytes; without a bound a
 * settings path naming `/dev/zero` or a multi-GiB file exhausts memory before any approval is asked.
 */
export const MAX_SETTINGS_FILE_BYTES = 4 * 1024 * 1024;

/** Largest session env file read back (`CLAUDE_ENV_FILE`): hooks append a few `export` lines to it. */
export const MAX_ENV_FILE_BYTES = 1024 * 1024;

/**
 * Largest recording `replay`, `profile` and `readRecording` read whole. A long session records megabytes;
 * without a bound a recording path naming `/dev/zero` or a multi-GiB file exhausts memory.
 */
export const MAX_RECORDING_FILE_BYTES = 256 * 1024 * 1024;

/**
 * Longest line a followed recording (the dashboard) holds while waiting for its newline. A recorded event
 * carries each hook's capped output, so real lines stay well under this; a writer that never ends its line
 * must not grow the buffer without end.
 */
export const MAX_RECORDING_LINE_BYTES = 32 * 1024 * 1024;
