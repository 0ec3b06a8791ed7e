/**
 * hookstream for the Vercel AI SDK (`ai` 6 and 7, LanguageModelV3 and V4): `hookstream/ai-sdk`. `ai` is an optional peer,
 * imported here for types only.
 *
 * @example
 * const model = wrapLanguageModel({ model: base, middleware: hookMiddleware(hooks) });
 * const result = await generateText({ model, tools: hookTools(hooks, tools), stopWhen: stepCountIs(8), prompt });
 * hookStopOf(result); // the hook's stop that ended the loop, if any
 */
export { hookMiddleware, type HookMiddlewareOptions } from './middleware.js';
export { hookStopOf, hookTools, stoppedByHook, type HookToolsOptions, type StepLike } from './tools.js';
export { aiSdkTranslator } from './translator.js';
export { StopsNotEnforcedError, ToolCallBlockedError } from '../common/toolErrors.js';
export type { HookStop } from '../common/stops.js';
export type { AiCallOptions, AiGenerateResult, AiStreamPart, AiStreamResult } from './types.js';
