/**
 * Policy 3 — secrets are kept out of what the user sees and what the model receives and says.
 * AfterTool cannot change a tool result (functional spec §8), so the one hook acts at three events:
 * AfterTool hides the result and warns the model, BeforeModel rewrites secrets out of the request's
 * messages, AfterModel rewrites them out of the response. The decisions are the shared core
 * (bin/core/secrets.mjs).
 */
import type { EventName, FunctionHook } from '../../lib/index.js';
import { decideSecrets, type RedactSecretsOptions } from './bin/core/secrets.mjs';

export {
  decideRequest,
  decideResponse,
  decideSecrets,
  decideToolResult,
  findSecrets,
  redactText,
  type RedactSecretsOptions,
} from './bin/core/secrets.mjs';

/** Register the hook for each of these events. */
export const REDACT_SECRETS_EVENTS = ['AfterTool', 'BeforeModel', 'AfterModel'] as const satisfies readonly EventName[];

/**
 * The policy as a function hook. For AfterModel, register it after any other hook that replaces the
 * response (field replacement: the last writer in plan order wins), or make the event sequential.
 */
export const redactSecretsHook = (options: RedactSecretsOptions = {}): FunctionHook => ({
  type: 'function',
  name: 'redact-secrets',
  description: 'Hides and redacts AWS keys, GitHub tokens, private keys and .env secrets',
  run: (input) => decideSecrets(input, options),
});
