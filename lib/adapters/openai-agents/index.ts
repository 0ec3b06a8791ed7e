/**
 * hookstream for the OpenAI Agents SDK (`@openai/agents` 0.14 to 0.20): `hookstream/openai-agents`. The SDK is an
 * optional peer; its `Usage` class is the one value loaded from it (a synthetic response needs a real one).
 */
export { hookModel, hookStopOf, type HookModelOptions } from './model.js';
export type { HookStop } from '../common/stops.js';
export { hookTools, type HookToolsOptions } from './tools.js';
export { agentsTranslator } from './translator.js';
