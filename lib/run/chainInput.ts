/**
 * Sequential chaining (DESIGN §3 "Chaining"): after a hook exits 0 with output, the next hook's input
 * carries its changes. BeforeTool shallow-merges `tool_input`, BeforeModel shallow-merges `llm_request`
 * (one level deeper for `config`), BeforeAgent appends `"\n\n" + additionalContext` to `prompt`.
 */
import type { HookInput } from '../events/inputs.js';
import type { HookOutput } from '../events/outputs.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The input the next hook in a chain receives; `input` itself is never mutated. */
export const applyHookOutputToInput = (input: HookInput, output: HookOutput | undefined): HookInput => {
  const specific = output?.hookSpecificOutput;
  if (!specific) return input;
  switch (input.hook_event_name) {
    case 'BeforeTool':
      return isObject(specific.tool_input)
        ? { ...input, tool_input: { ...input.tool_input, ...specific.tool_input } }
        : input;
    case 'BeforeModel': {
      const patch = specific.llm_request;
      if (!isObject(patch)) return input;
      // `config` merges one level deeper; a `config` that is not an object is no patch (as in aggregation).
      const { config, ...rest } = patch;
      const original = input.llm_request.config;
      const merged = isObject(config) ? { config: isObject(original) ? { ...original, ...config } : config } : {};
      return { ...input, llm_request: { ...input.llm_request, ...rest, ...merged } };
    }
    case 'BeforeAgent': {
      const context = specific.additionalContext;
      return typeof context === 'string' && context !== ''
        ? { ...input, prompt: `${input.prompt}\n\n${context}` }
        : input;
    }
    default:
      return input;
  }
};
