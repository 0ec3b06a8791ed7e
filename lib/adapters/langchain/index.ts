/**
 * hookstream for LangChain.js (`langchain` 1.x `createAgent`): `hookstream/langchain`. `langchain` and
 * `@langchain/core` are optional peers; only `@langchain/core` modules are loaded at run time (messages, and the
 * chat-model base the live-streaming wrapper extends).
 */
export { hookMiddleware, hookStopOf, type LangChainHookOptions } from './middleware.js';
export type { HookStop } from '../common/stops.js';
export { langchainTranslator } from './translator.js';
export type { LangChainModelRequest } from './types.js';
