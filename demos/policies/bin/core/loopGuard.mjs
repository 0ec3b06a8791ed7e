/**
 * Policy core: a Stop-hook (AfterAgent) guard that sends the agent back to work while its answer lacks
 * a completion marker (e.g. "tests pass") — but never more than `maxContinuations` times in a row, so
 * it cannot loop forever. The count is the caller's state, keyed by session: a fresh stop
 * (`stop_hook_active` false) starts from zero.
 */

export const DEFAULT_MARKER = 'tests pass';
export const DEFAULT_MAX_CONTINUATIONS = 3;

/**
 * The decision and the next count for one AfterAgent input.
 *
 * @param {object} input AfterAgent hook input.
 * @param {number} count Continuations this guard already forced in the current run of stops.
 * @param {{ marker?: string, maxContinuations?: number }} [options]
 * @returns {{ output: object | undefined, count: number }}
 */
export function decideStop(input, count, options = {}) {
  const marker = options.marker ?? DEFAULT_MARKER;
  const max = options.maxContinuations ?? DEFAULT_MAX_CONTINUATIONS;
  const forced = input.stop_hook_active ? count : 0;
  if (
    String(input.prompt_response ?? '')
      .toLowerCase()
      .includes(marker.toLowerCase())
  )
    return { output: undefined, count: 0 };
  if (forced >= max) {
    return {
      output: {
        systemMessage: `Loop guard: stopped after ${max} extra turns without "${marker}"; please check the result yourself.`,
      },
      count: 0,
    };
  }
  return {
    output: {
      decision: 'block',
      reason:
        `Your answer does not confirm "${marker}". Run the test suite, fix what fails, and end your answer with ` +
        `"${marker}" once it does (extra turn ${forced + 1} of ${max}).`,
    },
    count: forced + 1,
  };
}
