/** Tool restriction for OpenAI Chat Completions: `tool_choice` plus a filtered `tools` list. */
import type { LLMRequest } from '../events/inputs.js';
import type { ToolSelection } from './translator.js';
import { effectiveSelection } from './toolSelection.js';
import type { OpenAIRequest, OpenAITool, OpenAIToolChoice } from './openaiTypes.js';

const toolName = (tool: OpenAITool): string | undefined => tool.function?.name ?? tool.custom?.name;

/** `tool_choice` in stable terms: none → NONE, auto → AUTO, required → ANY, a named tool → ANY with that name. */
export function openaiToolConfig(choice: OpenAIToolChoice | undefined): LLMRequest['toolConfig'] {
  if (choice === 'none') return { mode: 'NONE' };
  if (choice === 'auto') return { mode: 'AUTO' };
  if (choice === 'required') return { mode: 'ANY' };
  if (choice?.type === 'function' && choice.function !== undefined) {
    return { mode: 'ANY', allowedFunctionNames: [choice.function.name] };
  }
  if (choice?.type === 'allowed_tools' && choice.allowed_tools !== undefined) {
    const names = (choice.allowed_tools.tools ?? []).flatMap((t) =>
      typeof t.function?.name === 'string' ? [t.function.name] : [],
    );
    return { mode: choice.allowed_tools.mode === 'required' ? 'ANY' : 'AUTO', allowedFunctionNames: names };
  }
  return undefined;
}

/** Forces the named tool: `{ type: 'function', function: { name } }`, or the `custom` form for a custom tool. */
const namedChoice = (tools: readonly OpenAITool[], name: string): OpenAIToolChoice =>
  tools.some((tool) => tool.custom?.name === name && tool.function === undefined)
    ? { type: 'custom', custom: { name } }
    : { type: 'function', function: { name } };

/**
 * NONE → `tool_choice: 'none'` (the tools stay listed, so earlier tool calls in the history remain valid); an
 * allow-list → only those tools stay in `tools`; ANY → `required`, or the one allowed function by name. A request
 * without tools is returned as is (OpenAI rejects `tool_choice` without tools).
 */
export function openaiApplyToolConfig(request: OpenAIRequest, selection: ToolSelection): OpenAIRequest {
  const tools = request.tools ?? [];
  const declared = tools.flatMap((tool) => toolName(tool) ?? []);
  if (tools.length === 0) return request;
  const { mode, kept } = effectiveSelection(declared, selection);
  const only = kept?.length === 1 ? kept[0] : undefined;
  const choice: OpenAIToolChoice =
    mode === 'NONE' ? 'none' : mode === 'AUTO' ? 'auto' : only !== undefined ? namedChoice(tools, only) : 'required';
  const allowed = new Set(kept);
  const filtered = kept ? tools.filter((tool) => allowed.has(toolName(tool) ?? '')) : tools;
  return { ...request, tools: filtered, tool_choice: choice };
}
