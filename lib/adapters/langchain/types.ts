/** The LangChain shapes the adapter works on, from `langchain`'s own middleware types (imported for types only). */
import type { WrapModelCallHook, WrapToolCallHook } from 'langchain';

export type LangChainModelRequest = Parameters<WrapModelCallHook>[0];
export type LangChainModelHandler = Parameters<WrapModelCallHook>[1];
export type LangChainToolRequest = Parameters<WrapToolCallHook>[0];
export type LangChainToolHandler = Parameters<WrapToolCallHook>[1];
export type LangChainToolResult = Awaited<ReturnType<LangChainToolHandler>>;
