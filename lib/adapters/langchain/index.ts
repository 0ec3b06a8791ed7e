/**
 * hookstream for LangChain.js (`langchain` 1.x `createAgent`): `hookstream/langchain`. `langchain` and
 * `@langchain/core` are optional peers; `@langchain/core/messages` is the one module loaded at run time.
 */
export { hookMiddleware, hookStopOf, type LangChainHookOptions } from './middleware.js';
export type { HookStop } from '../common/stops.js';
export { langchainTranslator } from './translator.js';
export type { LangChainModelRequest } from './types.js';
