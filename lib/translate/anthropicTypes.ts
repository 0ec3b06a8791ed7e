/**
 * Minimal structural types for Anthropic Messages requests and responses (no SDK dependency).
 * Index signatures let every field the translator does not know pass through untouched.
 */

/** A content block: text, image, document, tool_use, tool_result, thinking, … */
export interface AnthropicBlock {
  type: string;
  text?: string;
  [key: string]: unknown;
}

export interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: string | AnthropicBlock[];
  [key: string]: unknown;
}

export interface AnthropicTool {
  name: string;
  [key: string]: unknown;
}

export interface AnthropicToolChoice {
  type: 'auto' | 'any' | 'tool' | 'none';
  name?: string;
  disable_parallel_tool_use?: boolean;
  [key: string]: unknown;
}

export interface AnthropicRequest {
  model: string;
  system?: string | AnthropicBlock[];
  messages: AnthropicMessage[];
  max_tokens: number;
  temperature?: number;
  top_p?: number;
  top_k?: number;
  stop_sequences?: string[];
  tools?: AnthropicTool[];
  tool_choice?: AnthropicToolChoice;
  [key: string]: unknown;
}

export interface AnthropicResponse {
  id: string;
  type: 'message';
  role: 'assistant';
  model?: string;
  content: AnthropicBlock[];
  stop_reason: string | null;
  stop_sequence?: string | null;
  usage: { input_tokens: number; output_tokens: number; [key: string]: unknown };
  [key: string]: unknown;
}

export const isAnthropicText = (block: AnthropicBlock): boolean =>
  block.type === 'text' && typeof block.text === 'string';

export const freshAnthropicText = (text: string): AnthropicBlock => ({ type: 'text', text });

/** The text of a content: a string as is, text blocks joined. */
export const anthropicText = (content: string | readonly AnthropicBlock[]): string =>
  typeof content === 'string'
    ? content
    : content
        .filter(isAnthropicText)
        .map((block) => block.text as string)
        .join('');
