/** Tool restriction for GenAI requests: `functionCallingConfig` plus a filtered `functionDeclarations` list. */
import type { ToolSelection } from './translator.js';
import { effectiveSelection } from './toolSelection.js';
import { without } from './stableFormat.js';
import type { GenAIRequest, GenAITool } from './genaiTypes.js';

const declaredNames = (tools: readonly GenAITool[]): string[] =>
  tools.flatMap((tool) =>
    (tool.functionDeclarations ?? []).flatMap((d) => (typeof d.name === 'string' ? [d.name] : [])),
  );

/** Keeps the allowed declarations; a tool left with no declaration and nothing else is dropped. */
function filterTools(tools: readonly GenAITool[], kept: ReadonlySet<string>): GenAITool[] {
  return tools.flatMap((tool) => {
    if (tool.functionDeclarations === undefined) return [tool];
    const declarations = tool.functionDeclarations.filter((d) => typeof d.name === 'string' && kept.has(d.name));
    if (declarations.length === 0 && Object.keys(tool).length === 1) return [];
    return [{ ...tool, functionDeclarations: declarations }];
  });
}

/**
 * NONE → mode NONE (the declarations stay, so earlier function calls in the history remain valid); an allow-list →
 * only those declarations, and `allowedFunctionNames` when the mode is ANY (GenAI accepts it only then); ANY → a
 * call is required. A request that declares no function is returned as is.
 */
export function genaiApplyToolConfig(request: GenAIRequest, selection: ToolSelection): GenAIRequest {
  const tools = request.config?.tools ?? [];
  const declared = declaredNames(tools);
  if (declared.length === 0) return request;
  const { mode, kept } = effectiveSelection(declared, selection);
  const calling = without(request.config?.toolConfig?.functionCallingConfig ?? {}, 'allowedFunctionNames');
  const functionCallingConfig =
    mode === 'ANY' && kept ? { ...calling, mode, allowedFunctionNames: kept } : { ...calling, mode };
  return {
    ...request,
    config: {
      ...request.config,
      tools: kept ? filterTools(tools, new Set(kept)) : tools,
      toolConfig: { ...request.config?.toolConfig, functionCallingConfig },
    },
  };
}
