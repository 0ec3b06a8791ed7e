/**
 * Translator between OpenAI Chat Completions requests/responses and the stable hook format.
 *
 * Round trips are exact: every stable message carries `ref` (`messages/<i>`) and whatever the stable format
 * cannot show is restored from the original. A hook's request counts as a partial over the
 * original's stable view (absent `model`, `messages`, `config` or `toolConfig` are unchanged). Messages correspond
 * by `ref`; one without a ref is new, unless no message has one: then they pair by position (alignMessages.ts).
 * What hooks cannot see or change (lossy):
 * - Content parts other than text (image_url, input_audio, file, refusal) and message fields other than role,
 *   content and name (tool_calls, tool_call_id, refusal, audio, …) are hidden; they stay attached to their own
 *   message through any edit. A message with no text (tool calls only, content null) shows `content: ''`.
 * - Several text parts of one message show joined without separator; an edit puts the new text in the first text
 *   part's place and drops the others. A string content stays a string.
 * - Roles: system and developer read as `system` (an edited developer message stays developer), assistant as
 *   `model`, tool and function as `tool` (a tool message's text is the tool result and can be edited). New
 *   messages are text only: `model`/`assistant` → assistant, `system` → system, `user` and `tool` → user (a tool
 *   message needs a call id a hook cannot give). Changing a role drops tool_call_id, and tool_calls unless the
 *   new role is assistant. System messages stay where they are placed.
 * - Config: temperature; maxOutputTokens ↔ max_completion_tokens (max_tokens when the request uses that name);
 *   topP ↔ top_p; stopSequences ↔ stop (a string reads as a one-item list and is written back as a string);
 *   candidateCount ↔ n; presencePenalty ↔ presence_penalty; frequencyPenalty ↔ frequency_penalty. topK has no
 *   OpenAI field and is ignored. Other fields (response_format, seed, stream, parallel_tool_calls, …) are hidden
 *   and kept. In an edited `config`, a missing or null field is removed; a value of the wrong type is ignored.
 * - `toolConfig` reflects tool_choice (none → NONE, auto → AUTO, required → ANY, a named function → ANY with
 *   that name, allowed_tools → its mode and names); editing it applies `applyToolConfig`. Tools are not shown.
 * - Responses: one candidate per choice, its `parts` the message content (none when null); tool_calls, refusal,
 *   annotations and logprobs are hidden and kept. finish_reason reads stop/tool_calls/function_call → STOP,
 *   length → MAX_TOKENS, content_filter → SAFETY, others → OTHER; an edited reason is written STOP → stop,
 *   MAX_TOKENS → length, SAFETY/RECITATION → content_filter, OTHER → stop (OpenAI's own names pass through).
 *   Usage shows the three token counts. id, created, model and system_fingerprint are hidden and kept; a synthetic
 *   response gets id `chatcmpl-hookstream`, the current time and the stable response's `model` (else '').
 */
import type { LLMTranslator } from './translator.js';
import type { OpenAIRequest, OpenAIResponse } from './openaiTypes.js';
import { openaiFromHookRequest, openaiToHookRequest } from './openaiRequest.js';
import { openaiFromHookResponse, openaiToHookResponse } from './openaiResponse.js';
import { openaiApplyToolConfig } from './openaiTools.js';

export type {
  OpenAIRequest,
  OpenAIResponse,
  OpenAIMessage,
  OpenAIContentPart,
  OpenAIChoice,
  OpenAITool,
  OpenAIToolCall,
  OpenAIToolChoice,
} from './openaiTypes.js';

export const openaiTranslator: LLMTranslator<OpenAIRequest, OpenAIResponse> = {
  name: 'openai',
  toHookRequest: openaiToHookRequest,
  fromHookRequest: openaiFromHookRequest,
  toHookResponse: openaiToHookResponse,
  fromHookResponse: openaiFromHookResponse,
  applyToolConfig: openaiApplyToolConfig,
};
