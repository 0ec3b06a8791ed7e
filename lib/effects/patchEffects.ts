/**
 * The files a patch touches: Codex's `apply_patch` format (`*** Add File:`, `*** Update File:` with an
 * optional `*** Move to:`, `*** Delete File:`) and unified diffs (`--- a/x` / `+++ b/x`, `/dev/null` for an
 * added or deleted file). One pass over the lines, looking only at their starts: a 1,000-line patch is read
 * well under a millisecond. A body that is neither format is unknown.
 */
import type { EffectSink } from './sink.js';

/** Patterns made once: a regex literal in the line loop was a new object per line. */
const SIDE_PREFIX = /^[ab]\//;
const TAB_TAIL = /\t.*$/;
const TRAILING_CR = /\r$/;
const CODEX_HEADER = /^\*\*\* (Add File|Update File|Delete File|Move to|Begin Patch|End Patch|End of File)(?:: (.*))?$/;

const stripPrefix = (path: string): string => path.replace(SIDE_PREFIX, '').replace(TAB_TAIL, '').trim();

/** Adds the effects of patch text `patch` to `sink`. */
export const patchEffects = (patch: string, sink: EffectSink): void => {
  let at = 0;
  let format: 'codex' | 'diff' | undefined;
  let from: string | undefined;
  let updating: string | undefined;
  while (at < patch.length) {
    const end = patch.indexOf('\n', at);
    const line = patch.slice(at, end === -1 ? patch.length : end).replace(TRAILING_CR, '');
    at = end === -1 ? patch.length : end + 1;
    if (line.charCodeAt(0) !== 42 && line.charCodeAt(0) !== 45 && line.charCodeAt(0) !== 43) continue;
    if (line.startsWith('*** ')) {
      const header = CODEX_HEADER.exec(line);
      if (header === null) continue;
      format = 'codex';
      const path = header[2]?.trim();
      if (path === undefined || path === '') continue;
      if (header[1] === 'Add File') sink.path('writes', { text: path, known: true });
      else if (header[1] === 'Delete File') sink.path('deletes', { text: path, known: true });
      else if (header[1] === 'Update File') {
        sink.path('writes', { text: path, known: true });
        updating = path;
      } else if (header[1] === 'Move to') {
        if (updating !== undefined) sink.path('deletes', { text: updating, known: true });
        sink.path('writes', { text: path, known: true });
      }
    } else if (format === 'codex') {
      // Inside a Codex patch, `---`/`+++` lines are hunk lines, never file headers.
      continue;
    } else if (line.startsWith('--- ')) {
      from = stripPrefix(line.slice(4));
    } else if (line.startsWith('+++ ') && from !== undefined) {
      format ??= 'diff';
      const to = stripPrefix(line.slice(4));
      if (to === '/dev/null') sink.path('deletes', { text: from, known: true });
      else {
        if (from !== '/dev/null' && from !== to) sink.path('deletes', { text: from, known: true });
        sink.path('writes', { text: to, known: true });
      }
      from = undefined;
    }
  }
  if (format === undefined) sink.unknown('a patch in no known format');
};
