/** How any thrown value reads in a message or a run record: an Error's message, anything else as text. */
export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Any thrown value as an Error, for promise rejections (an Error passes through unchanged). */
export const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));
