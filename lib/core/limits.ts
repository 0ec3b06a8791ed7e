/** Limits and defaults every folder shares: plain constants, no codec or library type (DESIGN §4 `lib/core/`). */

/** setTimeout overflows above 2^31-1 ms (FACTS: `3e9` fires after 13 ms); 0 would mean "no timeout". */
export const MAX_TIMEOUT_MS = 2_147_483_647;

/** A command hook's timeout when neither the hook nor the host sets one. */
export const DEFAULT_TIMEOUT_MS = 60_000;

/** Time from SIGTERM to SIGKILL of a hook's process group. */
export const DEFAULT_FORCE_KILL_AFTER_MS = 5_000;

/** Cap per output stream of a command hook. */
export const DEFAULT_MAX_OUTPUT_BYTES = 1024 * 1024;

/** Live hook processes at once across all events; beyond 2–4 per core more only adds latency (FACTS.md). */
export const DEFAULT_PROCESS_CONCURRENCY = 16;

/** Whether `value` is a usable timer delay: an integer 1 … MAX_TIMEOUT_MS. */
export const isValidTimeoutMs = (value: number | undefined): value is number =>
  value !== undefined && Number.isInteger(value) && value >= 1 && value <= MAX_TIMEOUT_MS;

/** `value` when it is a finite positive number, else `fallback`. */
export const positiveOr = (value: number | undefined, fallback: number): number =>
  value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
