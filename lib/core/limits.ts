/** Limits and defaults every folder shares: plain constants, no codec or library type (DESIGN §4 `lib/core/`). */

/** setTimeout overflows above 2^31-1 ms (FACTS: `3e9` fires after 13 ms); 0 would mean "no timeout". */
export const MAX_TIMEOUT_MS = 2_147_483_647;
