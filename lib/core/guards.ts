/** Guards and error coercions every folder shares: one definition each. */

/** A plain JSON-like object (not null, not an array). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** How any thrown value reads in a message or a run record: an Error's message, anything else as text. */
export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Any thrown value as an Error, for promise rejections (an Error passes through unchanged). */
export const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));
