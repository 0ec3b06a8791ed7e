/**
 * Policy core: a Stop-hook (AfterAgent) guard that sends the agent back to work while its answer lacks
 * a completion marker (e.g. "tests pass") — but never more than `maxContinuations` times in a row, so
 * it cannot loop forever. The state is the caller's, one per session.
 *
 * A stop is a continuation of the guard's own re-prompt when the host says so (`stop_hook_active`) or,
 * for hosts that do not set it, when the prompt is the run's prompt or the guard's last reason. Only a
 * fresh stop or the marker resets the count; after giving up the guard stays quiet until then.
 */

export const DEFAULT_MARKER = 'tests pass';
export const DEFAULT_MAX_CONTINUATIONS = 3;

const FRESH = Object.freeze({ count: 0 });

/**
 * The decision and the next state for one AfterAgent input.
 *
 * @param {object} input AfterAgent hook input.
 * @param {{ count: number, prompt?: string, reason?: string }} [state] This session's state (fresh when absent).
 * @param {{ marker?: string, maxContinuations?: number }} [options]
 */
export function decideStop(input, state = FRESH, options = {}) {
  const marker = options.marker ?? DEFAULT_MARKER;
  const max = options.maxContinuations ?? DEFAULT_MAX_CONTINUATIONS;
  const continuation =
    input.stop_hook_active === true ||
    (state.count > 0 && (input.prompt === state.prompt || input.prompt === state.reason));
  const count = continuation ? state.count : 0;
  const prompt = continuation ? (state.prompt ?? input.prompt) : input.prompt;
  if (
    String(input.prompt_response ?? '')
      .toLowerCase()
      .includes(marker.toLowerCase())
  )
    return { output: undefined, state: FRESH };
  if (count >= max) {
    const output =
      count === max && max > 0
        ? {
            systemMessage: `Loop guard: stopped after ${max} extra turns without "${marker}"; please check the result yourself.`,
          }
        : undefined;
    return { output, state: { count: max + 1, prompt } };
  }
  const reason =
    `Your answer does not confirm "${marker}". Run the test suite, fix what fails, and end your answer with ` +
    `"${marker}" once it does (extra turn ${count + 1} of ${max}).`;
  return { output: { decision: 'block', reason }, state: { count: count + 1, prompt, reason } };
}
