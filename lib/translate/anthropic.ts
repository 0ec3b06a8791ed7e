/**
 * Translator between Anthropic Messages requests/responses and the stable hook format.
 *
 * Round trips are exact: every stable message carries `ref` (`system`, `messages/<i>`) and whatever the stable
 * format cannot show is restored from the original. A hook's request counts as a partial over the
 * original's stable view (absent `model`, `messages`, `config` or `toolConfig` are unchanged). Messages correspond
 * by `ref`; one without a ref is new, unless no message has one: then they pair by position (alignMessages.ts).
 * What hooks cannot see or change (lossy):
 * - Content blocks other than text (image, document, tool_use, tool_result, thinking, …) are hidden; they stay
 *   attached to their own message through any edit. A message with no text block shows `content: ''`; giving it
 *   text adds a text block before its other blocks. Text inside tool_result blocks is not shown.
 * - Several text blocks of one message show joined without separator; an edit puts the new text in the first
 *   text block's place (keeping its citations and cache_control) and drops the others. A string content stays a
 *   string. Emptying the text of a message with other blocks removes its text blocks.
 * - Roles: assistant reads as `model`, user as `user` (tool results travel in user messages). New messages are
 *   text only: `model`/`assistant` → assistant, anything else → user. Consecutive same-role messages are not
 *   merged.
 * - `system` is the message with ref `system`. Every system-role message, wherever placed, goes to `system` in
 *   order: a string (joined by a blank line) when it was a string or absent, otherwise its blocks plus one text
 *   block per new message. Moving a message into or out of the system role keeps its text only. `name` is
 *   ignored.
 * - Config: maxOutputTokens ↔ max_tokens (required: deleting it keeps the original), temperature, topP ↔ top_p,
 *   topK ↔ top_k, stopSequences ↔ stop_sequences. candidateCount, presencePenalty and frequencyPenalty have no
 *   Anthropic field and are ignored. Other fields (metadata, thinking, stream, service_tier, …) are hidden and
 *   kept. In an edited `config`, a missing or null field is removed; a value of the wrong type is ignored.
 * - `toolConfig` reflects tool_choice (auto → AUTO, any → ANY, tool → ANY with its name, none → NONE); editing it
 *   applies `applyToolConfig`. Tools are not shown.
 * - Responses: one candidate (index 0); its `parts` are the text blocks, other blocks (tool_use, thinking, …) are
 *   hidden and kept. Candidates after the first are ignored. stop_reason reads end_turn/stop_sequence/tool_use →
 *   STOP, max_tokens/model_context_window_exceeded → MAX_TOKENS, refusal → SAFETY, others → OTHER; an edited
 *   reason is written STOP → end_turn, MAX_TOKENS → max_tokens, SAFETY/RECITATION → refusal, OTHER → end_turn
 *   (Anthropic's own names pass through). Usage shows input, output and their sum; the sum cannot be edited, and
 *   cache token counts are hidden. id, model and stop_sequence are hidden and kept; a synthetic response gets id
 *   `msg_hookstream` and the stable response's `model` (else '').
 */
import type { LLMTranslator } from './translator.js';
import type { AnthropicRequest, AnthropicResponse } from './anthropicTypes.js';
import { anthropicFromHookRequest, anthropicToHookRequest } from './anthropicRequest.js';
import { anthropicFromHookResponse, anthropicToHookResponse } from './anthropicResponse.js';
import { anthropicApplyToolConfig } from './anthropicTools.js';

export type {
  AnthropicRequest,
  AnthropicResponse,
  AnthropicMessage,
  AnthropicBlock,
  AnthropicTool,
  AnthropicToolChoice,
} from './anthropicTypes.js';

export const anthropicTranslator: LLMTranslator<AnthropicRequest, AnthropicResponse> = {
  name: 'anthropic',
  toHookRequest: anthropicToHookRequest,
  fromHookRequest: anthropicFromHookRequest,
  toHookResponse: anthropicToHookResponse,
  fromHookResponse: anthropicFromHookResponse,
  applyToolConfig: anthropicApplyToolConfig,
};
