/**
 * The AI SDK (v6 and v7, LanguageModelV3 and V4) shapes the adapter works on, derived from the middleware type `ai`
 * exports, so the adapter names one peer (`ai`) and imports it for types only: nothing of it is loaded at run time.
 * Written out on `LanguageModelMiddleware` rather than through local aliases, which the public types would name
 * without the entry point exporting them.
 */
import type { LanguageModelMiddleware } from 'ai';

/** The call options of one model call (`LanguageModelV3CallOptions`). */
export type AiCallOptions = Parameters<NonNullable<LanguageModelMiddleware['wrapGenerate']>>[0]['params'];
/** The language model being wrapped (`LanguageModelV3`). */
export type AiModel = Parameters<NonNullable<LanguageModelMiddleware['wrapGenerate']>>[0]['model'];
/** A generate result (`LanguageModelV3GenerateResult`). */
export type AiGenerateResult = Awaited<ReturnType<NonNullable<LanguageModelMiddleware['wrapGenerate']>>>;
/** A stream result (`LanguageModelV3StreamResult`). */
export type AiStreamResult = Awaited<ReturnType<NonNullable<LanguageModelMiddleware['wrapStream']>>>;
/** One part of a model stream (`LanguageModelV3StreamPart`). */
export type AiStreamPart = AiStreamResult['stream'] extends ReadableStream<infer P> ? P : never;
export type AiMessage = AiCallOptions['prompt'][number];
export type AiContent = AiGenerateResult['content'][number];
export type AiUsage = AiGenerateResult['usage'];
export type AiFinishReason = AiGenerateResult['finishReason'];
