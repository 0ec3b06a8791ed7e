/**
 * hookstream for the OpenAI Agents SDK (`@openai/agents` 0.14 to 0.20): `hookstream/openai-agents`. The SDK is an
 * optional peer; the values loaded from it are `Usage` (a synthetic response needs a real one), and `Handoff` and
 * `handoff`, with which `hookAgent` rebuilds an agent's handoffs.
 */
export { hookAgent } from './agent.js';
export { hookModel, hookStopOf, type HookModelOptions } from './model.js';
export type { HookStop } from '../common/stops.js';
export { hookTools, type HookToolsOptions } from './tools.js';
export { agentsTranslator } from './translator.js';
