/**
 * AI SDK stream parts for the streaming wrapper: where their text is (`text-delta`), the generate result they
 * add up to (for AfterModel), and the parts of a response that never streamed (a BeforeModel block).
 */
import type { StreamText } from '../../host/tailRelease.js';
import { emptyUsage } from './translator.js';
import type { AiContent, AiFinishReason, AiGenerateResult, AiStreamPart } from './types.js';

/** Text lives in `text-delta` parts; released text goes out as deltas of the same text block. */
export const AI_STREAM_TEXT: StreamText<AiStreamPart> = {
  textOf: (part) => (part.type === 'text-delta' ? part.delta : undefined),
  withText: (template, text) => ({ ...(template as Extract<AiStreamPart, { type: 'text-delta' }>), delta: text }),
};

/** The generate result a stream adds up to: text blocks joined per id, tool calls, the finish part's data. */
export function assembleParts(parts: readonly AiStreamPart[]): AiGenerateResult {
  const content: AiContent[] = [];
  const texts = new Map<string, { type: 'text'; text: string }>();
  let finishReason: AiFinishReason = { unified: 'other', raw: undefined };
  let usage = emptyUsage();
  for (const part of parts) {
    if (part.type === 'text-delta') {
      let block = texts.get(part.id);
      if (block === undefined) {
        block = { type: 'text', text: '' };
        texts.set(part.id, block);
        content.push(block);
      }
      block.text += part.delta;
    } else if (
      part.type === 'tool-call' ||
      part.type === 'tool-result' ||
      part.type === 'file' ||
      part.type === 'source'
    ) {
      content.push(part);
    } else if (part.type === 'finish') {
      finishReason = part.finishReason;
      usage = part.usage;
    }
  }
  return { content, finishReason, usage, warnings: [] };
}

/** The stream of a response that was never streamed (a BeforeModel block's answer). */
export function partsOf(result: AiGenerateResult): AiStreamPart[] {
  const parts: AiStreamPart[] = [{ type: 'stream-start', warnings: [] }];
  result.content.forEach((content, i) => {
    if (content.type === 'text') {
      const id = `hookstream-${i}`;
      parts.push({ type: 'text-start', id }, { type: 'text-delta', id, delta: content.text }, { type: 'text-end', id });
    } else if (content.type === 'tool-call') parts.push(content);
  });
  parts.push({ type: 'finish', finishReason: result.finishReason, usage: result.usage });
  return parts;
}
