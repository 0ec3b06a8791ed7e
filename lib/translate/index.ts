/** Translators between SDK request/response shapes and the stable hook LLM format. */
export type { LLMTranslator, ToolSelection } from './translator.js';
export { genaiTranslator } from './genai.js';
export type * from './genai.js';
export { openaiTranslator } from './openai.js';
export type * from './openai.js';
export { anthropicTranslator } from './anthropic.js';
export type * from './anthropic.js';
export { emptyResponse } from './stableFormat.js';
export {
  createTranslator,
  type RequestField,
  type StableAnswer,
  type StableMessage,
  type StableUsage,
  type TranslatorSpec,
} from './createTranslator.js';
export { normalizeHookRequest, normalizeHookResponse } from './legacyContents.js';
