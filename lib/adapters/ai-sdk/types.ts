/**
 * The AI SDK (v6, LanguageModelV3) shapes the adapter works on, derived from the middleware type `ai` exports,
 * so the adapter names one peer (`ai`) and imports it for types only: nothing of it is loaded at run time.
 */
import type { LanguageModelMiddleware } from 'ai';

type WrapGenerate = NonNullable<LanguageModelMiddleware['wrapGenerate']>;
type WrapStream = NonNullable<LanguageModelMiddleware['wrapStream']>;

/** The call options of one model call (`LanguageModelV3CallOptions`). */
export type AiCallOptions = Parameters<WrapGenerate>[0]['params'];
/** The language model being wrapped (`LanguageModelV3`). */
export type AiModel = Parameters<WrapGenerate>[0]['model'];
/** A generate result (`LanguageModelV3GenerateResult`). */
export type AiGenerateResult = Awaited<ReturnType<WrapGenerate>>;
/** A stream result (`LanguageModelV3StreamResult`). */
export type AiStreamResult = Awaited<ReturnType<WrapStream>>;
/** One part of a model stream (`LanguageModelV3StreamPart`). */
export type AiStreamPart = AiStreamResult['stream'] extends ReadableStream<infer P> ? P : never;
export type AiMessage = AiCallOptions['prompt'][number];
export type AiContent = AiGenerateResult['content'][number];
export type AiUsage = AiGenerateResult['usage'];
export type AiFinishReason = AiGenerateResult['finishReason'];
