/**
 * Policy core: during a read-only phase (planning, review, an audit) the model is offered only tools
 * that cannot change anything (BeforeToolSelection). It never widens the request's own allow-list,
 * and with no read-only tool left the mode becomes NONE.
 */

/** Read-only tools of Gemini CLI / LLxprt and Claude Code. */
export const READ_ONLY_TOOLS = Object.freeze([
  'read_file',
  'read_many_files',
  'list_directory',
  'glob',
  'search_file_content',
  'google_web_search',
  'web_fetch',
  'Read',
  'Glob',
  'Grep',
  'LS',
  'WebFetch',
  'WebSearch',
]);

/**
 * The tool restriction for a BeforeToolSelection input, or undefined outside the read-only phase.
 *
 * @param {object} input BeforeToolSelection hook input.
 * @param {{ readOnly: boolean, tools?: readonly string[], mode?: 'AUTO' | 'ANY' | 'NONE' }} options
 */
export function decideToolSelection(input, options) {
  if (!options.readOnly) return undefined;
  const already = input.llm_request?.toolConfig?.allowedFunctionNames;
  const tools = options.tools ?? READ_ONLY_TOOLS;
  // An empty list sets no restriction (as in Gemini's functionCallingConfig); a non-empty one is never widened.
  const narrowed =
    Array.isArray(already) && already.length > 0 ? tools.filter((tool) => already.includes(tool)) : tools;
  const allowed = [...new Set(narrowed)].sort();
  const mode = allowed.length === 0 ? 'NONE' : (options.mode ?? 'AUTO');
  return {
    hookSpecificOutput: {
      hookEventName: 'BeforeToolSelection',
      toolConfig: { mode, allowedFunctionNames: mode === 'NONE' ? [] : allowed },
    },
  };
}
