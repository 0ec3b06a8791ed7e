/**
 * Minimal structural types for OpenAI Chat Completions requests and responses (no SDK dependency).
 * Index signatures let every field the translator does not know pass through untouched.
 */

export interface OpenAIContentPart {
  type: string;
  text?: string;
  [key: string]: unknown;
}

export interface OpenAIToolCall {
  id: string;
  type: string;
  function?: { name: string; arguments: string };
  [key: string]: unknown;
}

export interface OpenAIMessage {
  role: 'system' | 'developer' | 'user' | 'assistant' | 'tool' | 'function';
  content?: string | OpenAIContentPart[] | null;
  name?: string;
  tool_calls?: OpenAIToolCall[];
  tool_call_id?: string;
  [key: string]: unknown;
}

export interface OpenAITool {
  type: string;
  function?: { name: string; [key: string]: unknown };
  custom?: { name: string; [key: string]: unknown };
  [key: string]: unknown;
}

export type OpenAIToolChoice =
  | 'none'
  | 'auto'
  | 'required'
  | {
      type: string;
      function?: { name: string };
      allowed_tools?: { mode?: string; tools?: Array<{ type?: string; function?: { name?: string } }> };
      [key: string]: unknown;
    };

export interface OpenAIRequest {
  model: string;
  messages: OpenAIMessage[];
  temperature?: number | null;
  max_tokens?: number | null;
  max_completion_tokens?: number | null;
  top_p?: number | null;
  n?: number | null;
  stop?: string | string[] | null;
  presence_penalty?: number | null;
  frequency_penalty?: number | null;
  tools?: OpenAITool[];
  tool_choice?: OpenAIToolChoice;
  [key: string]: unknown;
}

export interface OpenAIChoice {
  index: number;
  message: { role: 'assistant'; content: string | null; tool_calls?: OpenAIToolCall[]; [key: string]: unknown };
  finish_reason: string | null;
  [key: string]: unknown;
}

export interface OpenAIResponse {
  id: string;
  object?: string;
  created?: number;
  model?: string;
  choices: OpenAIChoice[];
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number; [key: string]: unknown };
  [key: string]: unknown;
}

export const isOpenAIText = (part: OpenAIContentPart): boolean => part.type === 'text' && typeof part.text === 'string';

export const freshOpenAIText = (text: string): OpenAIContentPart => ({ type: 'text', text });

/** The text of a message's content: a string as is, text parts joined, null or absent as ''. */
export function openaiText(content: OpenAIMessage['content']): string {
  if (typeof content === 'string') return content;
  return (content ?? [])
    .filter(isOpenAIText)
    .map((part) => part.text as string)
    .join('');
}
