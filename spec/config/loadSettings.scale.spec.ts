/**
 * Loading stays linear in the file: 10 000 hooks each with an unknown key (10 000 problems, each needing a
 * line:column) took 21–35 s when every position re-split the text before it. The proof counts work instead of
 * timing it: one line index per document, and a logarithmic number of comparisons per problem.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { LineIndex } from '../../lib/diagnostics/lineIndex.js';
import { loadSettingsSync } from '../../lib/config/loadSettings.js';

const indexes = vi.hoisted((): LineIndex[] => []);
vi.mock('../../lib/diagnostics/lineIndex.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/diagnostics/lineIndex.js')>();
  return {
    createLineIndex: (text: string) => {
      const index = actual.createLineIndex(text);
      indexes.push(index);
      return index;
    },
  };
});

const scratch = mkdtempSync(join(tmpdir(), 'hookstream-scale-'));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describe('loading a large settings file', () => {
  it('locates 10 000 problems through one line index, in O(log lines) comparisons each', () => {
    const hooks = 10_000;
    const groups = Array.from({ length: hooks }, (_, index) => ({
      matcher: 'write_file',
      hooks: [{ type: 'command', command: `echo ${index}`, timeout: 5000, bogus: index }],
    }));
    const path = join(scratch, 'settings.json');
    const text = JSON.stringify({ tools: { enableHooks: true }, hooks: { BeforeTool: groups } }, null, 2);
    writeFileSync(path, text);
    const loaded = loadSettingsSync([{ scope: 'user', path }]);
    expect(loaded.entries).toHaveLength(hooks);
    expect(loaded.problems).toHaveLength(hooks);
    expect(loaded.problems[hooks - 1]).toMatchObject({ message: 'unknown key "bogus"; ignored' });
    expect(indexes).toHaveLength(1);
    const [index] = indexes as [LineIndex];
    expect(index.lines).toBe(text.split('\n').length);
    expect(index.probes).toBeLessThanOrEqual(hooks * (Math.ceil(Math.log2(index.lines)) + 1));
  });
});
