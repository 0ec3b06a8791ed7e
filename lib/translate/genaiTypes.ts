/**
 * Minimal structural types for the Google GenAI `generateContent` request and response (no SDK dependency).
 * Index signatures let every field the translator does not know pass through untouched.
 */

export interface GenAIPart {
  text?: string;
  /** A thought summary: not part of the answer's text. */
  thought?: boolean;
  inlineData?: { mimeType?: string; data?: string };
  fileData?: { mimeType?: string; fileUri?: string };
  functionCall?: { id?: string; name?: string; args?: Record<string, unknown> };
  functionResponse?: { id?: string; name?: string; response?: Record<string, unknown> };
  [key: string]: unknown;
}

export interface GenAIContent {
  role?: string;
  parts?: GenAIPart[];
  [key: string]: unknown;
}

export interface GenAITool {
  functionDeclarations?: Array<{ name?: string; [key: string]: unknown }>;
  [key: string]: unknown;
}

export interface GenAIToolConfig {
  functionCallingConfig?: { mode?: string; allowedFunctionNames?: string[]; [key: string]: unknown };
  [key: string]: unknown;
}

export interface GenAIConfig {
  temperature?: number;
  maxOutputTokens?: number;
  topP?: number;
  topK?: number;
  stopSequences?: string[];
  candidateCount?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  /** A string, a content, or a part list. */
  systemInstruction?: string | GenAIContent | GenAIPart[];
  tools?: GenAITool[];
  toolConfig?: GenAIToolConfig;
  [key: string]: unknown;
}

export interface GenAIRequest {
  model: string;
  contents: GenAIContent[];
  config?: GenAIConfig;
}

export interface GenAICandidate {
  content?: GenAIContent;
  finishReason?: string;
  index?: number;
  safetyRatings?: Array<{ category?: string; probability?: string; blocked?: boolean; [key: string]: unknown }>;
  [key: string]: unknown;
}

export interface GenAIResponse {
  candidates?: GenAICandidate[];
  usageMetadata?: {
    promptTokenCount?: number;
    candidatesTokenCount?: number;
    totalTokenCount?: number;
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

/** A text part of the answer (thought summaries are not). */
export const isGenAIText = (part: GenAIPart): boolean => typeof part.text === 'string' && part.thought !== true;

export const genaiText = (parts: readonly GenAIPart[] | undefined): string[] =>
  (parts ?? []).filter(isGenAIText).map((part) => part.text as string);

export const freshGenAIText = (text: string): GenAIPart => ({ text });
