/**
 * Sequential chaining: after a hook exits 0 with output, the next hook's input
 * carries its changes. BeforeTool and PermissionRequest shallow-merge `tool_input` — or take it whole when the
 * hook said `replaceToolInput` (Claude Code's `updatedInput`) —, BeforeModel shallow-merges `llm_request`
 * (one level deeper for `config`), AfterTool replaces `tool_response`, BeforeAgent appends
 * `"\n\n" + additionalContext` to `prompt`.
 */
import type { HookInput } from '../events/inputs.js';
import { isRecord } from '../core/guards.js';
import { type HookOutput } from '../events/outputs.js';
import { mergeFields } from './mergeFields.js';
import { mergeRequestPatch } from './requestPatch.js';

/**
 * A copy of `input` to overwrite one field of. The field exists in every valid input of the event, so the
 * clone keeps the input's shape (~0.1 µs); adding a key to a clone, or `{ ...a, k }` with a new `k`, would
 * cost a new hidden class per object on Node 20.
 */
const copyOf = <I extends HookInput>(input: I): I => ({ ...input });

/** The input the next hook in a chain receives; `input` itself is never mutated. */
export const applyHookOutputToInput = (input: HookInput, output: HookOutput | undefined): HookInput => {
  const specific = output?.hookSpecificOutput;
  if (!specific) return input;
  switch (input.hook_event_name) {
    case 'BeforeTool':
    case 'PermissionRequest': {
      if (!isRecord(specific.tool_input)) return input;
      const next = copyOf(input);
      next.tool_input =
        specific.replaceToolInput === true ? specific.tool_input : mergeFields(input.tool_input, specific.tool_input);
      return next;
    }
    case 'BeforeModel': {
      const patch = specific.llm_request;
      if (!isRecord(patch)) return input;
      const next = copyOf(input);
      next.llm_request = mergeRequestPatch(input.llm_request, patch);
      return next;
    }
    case 'AfterTool': {
      // A replaced result is what the next hook judges (a redaction, then a size check on the redacted text).
      if (specific.tool_response === undefined || specific.tool_response === null) return input;
      const next = copyOf(input);
      next.tool_response = specific.tool_response;
      return next;
    }
    case 'BeforeAgent': {
      const context = specific.additionalContext;
      if (typeof context !== 'string' || context === '') return input;
      const next = copyOf(input);
      next.prompt = `${input.prompt}\n\n${context}`;
      return next;
    }
    default:
      return input;
  }
};
