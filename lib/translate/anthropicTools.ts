/** Tool restriction for Anthropic Messages: `tool_choice` plus a filtered `tools` list. */
import type { LLMRequest } from '../events/inputs.js';
import type { ToolSelection } from './translator.js';
import { effectiveSelection } from './toolSelection.js';
import type { AnthropicRequest, AnthropicToolChoice } from './anthropicTypes.js';

/** `tool_choice` in stable terms: auto → AUTO, any → ANY, a named tool → ANY with that name, none → NONE. */
export function anthropicToolConfig(choice: AnthropicToolChoice | undefined): LLMRequest['toolConfig'] {
  switch (choice?.type) {
    case 'auto':
      return { mode: 'AUTO' };
    case 'any':
      return { mode: 'ANY' };
    case 'none':
      return { mode: 'NONE' };
    case 'tool':
      return typeof choice.name === 'string' ? { mode: 'ANY', allowedFunctionNames: [choice.name] } : { mode: 'ANY' };
    default:
      return undefined;
  }
}

/**
 * NONE → `tool_choice: { type: 'none' }` (the tools stay listed, so tool_use blocks in the history remain valid);
 * an allow-list → only those tools stay in `tools`; ANY → `any`, or `tool` with the one allowed name. The
 * original `disable_parallel_tool_use` is kept. A request without tools is returned as is.
 */
export function anthropicApplyToolConfig(request: AnthropicRequest, selection: ToolSelection): AnthropicRequest {
  const tools = request.tools ?? [];
  if (tools.length === 0) return request;
  const { mode, kept } = effectiveSelection(
    tools.map((tool) => tool.name),
    selection,
  );
  const parallel = request.tool_choice?.disable_parallel_tool_use;
  const extra = parallel === undefined ? {} : { disable_parallel_tool_use: parallel };
  const only = kept?.length === 1 ? kept[0] : undefined;
  const choice: AnthropicToolChoice =
    mode === 'NONE'
      ? { type: 'none' }
      : mode === 'AUTO'
        ? { type: 'auto', ...extra }
        : only !== undefined
          ? { type: 'tool', name: only, ...extra }
          : { type: 'any', ...extra };
  const allowed = new Set(kept);
  return { ...request, tools: kept ? tools.filter((tool) => allowed.has(tool.name)) : tools, tool_choice: choice };
}
