/**
 * The AI SDK's own test model for the installed `ai`: `ai` 7 has the LanguageModelV4 mock its types expect; `ai` 6
 * (the lowest version the adapter matrix runs) has only the V3 one. The adapter specs run unchanged on both.
 */
import * as aiTest from 'ai/test';

export const MockLanguageModel = ((aiTest as Record<string, unknown>).MockLanguageModelV4 ??
  aiTest.MockLanguageModelV3) as typeof aiTest.MockLanguageModelV4;
