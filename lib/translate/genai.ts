/**
 * Translator between Google GenAI `generateContent` requests/responses and the stable hook format.
 *
 * Round trips are exact: every stable message carries `ref` (`system`, `contents/<i>`) and whatever the stable
 * format cannot show is restored from the original. A hook's request counts as a partial over the
 * original's stable view (absent `model`, `messages`, `config` or `toolConfig` are unchanged). Messages correspond
 * by `ref`; one without a ref is new, unless no message has one: then they pair by position (alignMessages.ts).
 * What hooks cannot see or change (lossy):
 * - Message parts other than answer text (inlineData, fileData, functionCall, functionResponse, thought parts,
 *   code execution, …) are hidden; they stay attached to their own message through any edit. A message with no
 *   text shows `content: ''`; giving it text adds a text part before its other parts.
 * - Several text parts of one message show joined without separator; an edit puts the new text in the first text
 *   part's place and drops the others. Emptying the text of a message with other parts removes its text parts.
 * - New messages (and copies of a message beyond its first) are text only; their role `model`/`assistant` becomes
 *   `model`, anything else `user`. Roles other than `model` read as `user` (`function`/`tool` as `tool`).
 * - `config.systemInstruction` is the message with ref `system`. Every system-role message, wherever placed,
 *   goes to `systemInstruction` in order: a string (joined by a blank line) when it was a string or absent,
 *   otherwise its parts plus one text part per new message. Moving a message into or out of the system role
 *   keeps its text only. `name` is ignored.
 * - Config: the eight stable fields only (same names). Other config (tools, safetySettings, thinkingConfig,
 *   responseSchema, …) is hidden and kept. In an edited `config`, a missing or null field is removed; a value of
 *   the wrong type is ignored.
 * - `toolConfig` shows `functionCallingConfig.mode` (AUTO, ANY or NONE only) and `allowedFunctionNames`; editing
 *   it applies `applyToolConfig`. Tool declarations are not shown.
 * - Responses: `text` and candidate `parts` are the non-thought text parts; other parts are hidden and kept.
 *   Candidates correspond by position. Safety ratings show `category` and `probability` only; usage shows the
 *   three token counts. Other response fields (promptFeedback, modelVersion, citation and grounding metadata, …)
 *   are hidden: kept from the original, absent from a synthetic response.
 */
import type { LLMTranslator } from './translator.js';
import type { GenAIRequest, GenAIResponse } from './genaiTypes.js';
import { genaiFromHookRequest, genaiToHookRequest } from './genaiRequest.js';
import { genaiFromHookResponse, genaiToHookResponse } from './genaiResponse.js';
import { genaiApplyToolConfig } from './genaiTools.js';

export type {
  GenAIRequest,
  GenAIResponse,
  GenAIContent,
  GenAIPart,
  GenAICandidate,
  GenAIConfig,
  GenAITool,
  GenAIToolConfig,
} from './genaiTypes.js';

export const genaiTranslator: LLMTranslator<GenAIRequest, GenAIResponse> = {
  name: 'genai',
  toHookRequest: genaiToHookRequest,
  fromHookRequest: genaiFromHookRequest,
  toHookResponse: genaiToHookResponse,
  fromHookResponse: genaiFromHookResponse,
  applyToolConfig: genaiApplyToolConfig,
};
