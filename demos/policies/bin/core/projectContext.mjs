/**
 * Policy core: at SessionStart, project context from files such as CONTEXT.md or README.md is given to
 * the model (`additionalContext`), capped in bytes so a huge README cannot flood the context window.
 */
import { open } from 'node:fs/promises';
import path from 'node:path';

export const DEFAULT_CONTEXT_FILES = Object.freeze(['CONTEXT.md', 'README.md']);
export const DEFAULT_MAX_BYTES = 8 * 1024;

/** The longest prefix of `text` within `maxBytes` of UTF-8, never splitting a character. */
export function clipUtf8(text, maxBytes) {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return { text, clipped: 0 };
  let end = maxBytes;
  while (end > 0 && (bytes[end] & 0xc0) === 0x80) end -= 1;
  return { text: bytes.subarray(0, end).toString('utf8'), clipped: bytes.length - end };
}

/**
 * The SessionStart output for the loaded files (in order), or undefined when there are none.
 *
 * @param {{ name: string, text: string }[]} files
 * @param {{ maxBytes?: number }} [options]
 */
export function decideContext(files, options = {}) {
  let budget = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const sections = [];
  for (const file of files) {
    const text = file.text.trim();
    if (text === '' || budget <= 0) continue;
    const { text: kept, clipped } = clipUtf8(text, budget);
    budget -= Buffer.byteLength(kept, 'utf8');
    sections.push(`## ${file.name}\n${kept}${clipped > 0 ? '\n[… truncated]' : ''}`);
  }
  if (sections.length === 0) return undefined;
  return {
    hookSpecificOutput: {
      hookEventName: 'SessionStart',
      additionalContext: `Project context (from the project's own files):\n\n${sections.join('\n\n')}`,
    },
  };
}

/**
 * Reads at most `maxBytes` (+4 to see that there is more) of each file that exists, in order.
 * Names are resolved inside `projectDir`; a name that escapes it is skipped.
 */
export async function readContextFiles(
  projectDir,
  names = DEFAULT_CONTEXT_FILES,
  maxBytes = DEFAULT_MAX_BYTES,
  signal,
) {
  const root = path.resolve(projectDir);
  const files = [];
  for (const name of names) {
    signal?.throwIfAborted();
    const file = path.resolve(root, name);
    if (!file.startsWith(`${root}${path.sep}`)) continue;
    let handle;
    try {
      handle = await open(file, 'r');
      const buffer = Buffer.alloc(maxBytes + 4);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      files.push({ name, text: buffer.subarray(0, bytesRead).toString('utf8') });
    } catch (error) {
      if (error?.code !== 'ENOENT' && error?.code !== 'EISDIR') throw error;
    } finally {
      await handle?.close();
    }
  }
  return files;
}
