/** `type: 'mcp_tool'`: a tool of a connected MCP server, called through the host (`callMcpTool`). */
import type { McpToolHookConfig } from '../model/types.js';
import { JsonObject, NonEmptyString } from './fieldCodecs.js';
import type { HookKind } from './kind.js';

export const MCP_TOOL: HookKind<McpToolHookConfig> = {
  type: 'mcp_tool',
  fields: { server: NonEmptyString, tool: NonEmptyString, input: JsonObject },
  shape: "{ type: 'mcp_tool', server, tool }",
  required: ['server', 'tool'],
  check: undefined,
  key: (definition) =>
    `mcp_tool:${definition.server}\u0000${definition.tool}\u0000${JSON.stringify(definition.input ?? {})}`,
  label: (definition) => `mcp_tool: ${definition.server}/${definition.tool}`,
  program: undefined,
  subject: (definition) => Object.assign({}, definition, { type: definition.type }),
  approval: () => ({}),
};
