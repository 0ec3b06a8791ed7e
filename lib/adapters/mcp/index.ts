/**
 * hookstream for the Model Context Protocol TypeScript SDK (`@modelcontextprotocol/sdk` 1.x): `hookstream/mcp`.
 * The SDK is an optional peer, imported here for types only.
 */
export {
  hookClient,
  hookSamplingHandler,
  type HookClientOptions,
  type SamplingAnswer,
  type SamplingHandler,
} from './client.js';
export { hookToolHandler, type ToolHandler } from './server.js';
export { hookStopOf, isStoppedResult } from './results.js';
export { mcpSamplingTranslator, type SamplingParams, type SamplingResult } from './translator.js';
export type { HookStop } from '../common/stops.js';
