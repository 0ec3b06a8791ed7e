/**
 * Turning a hook's raw output bytes into text. A lenient decoder silently replaces invalid UTF-8 with
 * U+FFFD, which can change what a decision says; decoding strictly lets the protocol refuse such
 * stdout (the run fails, commandProtocol.ts) while stderr, only ever a message, is kept readable.
 */

export interface DecodedText {
  text: string;
  /** The bytes were not valid UTF-8; `text` holds U+FFFD where they failed. */
  invalid: boolean;
}

// `ignoreBOM: false` (the default) makes the decoder drop one leading BOM itself.
const strict = new TextDecoder('utf-8', { fatal: true });
const lenient = new TextDecoder('utf-8');

/** Decodes strictly, falling back to a lossy decode flagged `invalid`; strips a leading BOM. */
export const decodeOutput = (bytes: Uint8Array): DecodedText => {
  try {
    return { text: strict.decode(bytes), invalid: false };
  } catch {
    return { text: lenient.decode(bytes), invalid: true };
  }
};

/** Run records keep at most this many bytes of each stream. */
export const RECORD_LIMIT_BYTES = 4096;
const MARKER = '\n…[truncated]';

/** Cuts `text` to at most `limit` UTF-8 bytes (marker included) without splitting a character. */
export const clipForRecord = (text: string, limit: number = RECORD_LIMIT_BYTES): string => {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= limit) return text;
  let end = Math.max(0, limit - Buffer.byteLength(MARKER));
  // Step back over continuation bytes (10xxxxxx) to a character boundary.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end).toString('utf8') + MARKER;
};
