/**
 * hookstream for the Vercel AI SDK (`ai` 6, LanguageModelV3): `hookstream/ai-sdk`. `ai` is an optional peer,
 * imported here for types only.
 *
 * @example
 * const model = wrapLanguageModel({ model: base, middleware: hookMiddleware(hooks) });
 * await generateText({ model, tools: hookTools(hooks, tools), stopWhen: [stepCountIs(8), stoppedByHook(hooks)], prompt });
 */
export { hookMiddleware, type HookMiddlewareOptions } from './middleware.js';
export { hookTools, stoppedByHook, type HookToolsOptions } from './tools.js';
export { aiSdkTranslator } from './translator.js';
export { ToolCallBlockedError } from '../common/toolErrors.js';
export type { AiCallOptions, AiGenerateResult, AiStreamPart, AiStreamResult } from './types.js';
