/**
 * Harnesses of docs/effects.md (see readmeHarnesses.ts for the shape): each block run as written, what it printed
 * compared line by line.
 */
import { expect } from 'vitest';
import type { Harness } from './readmeHarnesses.js';
import { lines } from './printedLines.js';

export const EFFECTS_HARNESSES: Readonly<Record<string, Harness>> = {
  'effects-register': {
    check: (stdout) => {
      expect(lines(stdout)).toEqual(['cat template > .env: blocked', 'cat .env: allowed', 'make deploy: blocked']);
    },
  },
  'effects-tool-input': {
    check: (stdout) => {
      expect(lines(stdout)).toEqual([
        'cat template > .env: blocked, .env is off limits',
        'cp template "$TARGET": blocked, cannot tell: writes($TARGET)',
        'cat .env: allowed',
      ]);
    },
  },
};
