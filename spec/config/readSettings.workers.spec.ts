/**
 * The pool keys of a persistent hook: `workers` (an integer 1…64) and `prewarm` (a boolean), kept on the
 * definition; a bad value drops the hook with a problem naming its pointer, what was expected and what came.
 */
import { describe, expect, it } from 'vitest';
import { loadSettingsSync } from '../../lib/config/loadSettings.js';

const withHooks = (hooks: unknown[]) => ({ tools: { enableHooks: true }, hooks: { BeforeTool: [{ hooks }] } });

describe('workers and prewarm', () => {
  it('keeps them on the definition', () => {
    const settings = loadSettingsSync(
      withHooks([
        { command: 'a', persistent: true, workers: 4, prewarm: true },
        { command: 'b', persistent: true, workers: 64, prewarm: false },
      ]),
    );
    expect(settings.problems).toEqual([]);
    expect(settings.entries.map((entry) => entry.definition)).toEqual([
      { type: 'command', command: 'a', persistent: true, workers: 4, prewarm: true },
      { type: 'command', command: 'b', persistent: true, workers: 64, prewarm: false },
    ]);
  });

  it.each([
    [0, '0'],
    [2.5, '2.5'],
    [65, '65'],
    [-1, '-1'],
    ['2', '"2"'],
  ])('drops a hook with workers %j, saying what a pool size is', (workers, received) => {
    const settings = loadSettingsSync(withHooks([{ command: 'a', persistent: true, workers }, { command: 'kept' }]));
    expect(settings.entries.map((entry) => entry.name)).toEqual(['kept']);
    expect(settings.problems).toEqual([
      expect.objectContaining({
        severity: 'error',
        pointer: '/hooks/BeforeTool/0/hooks/0/workers',
        message: 'invalid value for "workers"; hook dropped',
        expected: 'a positive integer number of workers (1…64)',
        received,
      }),
    ]);
  });

  it('drops a hook whose prewarm is not a boolean', () => {
    const settings = loadSettingsSync(withHooks([{ command: 'a', persistent: true, prewarm: 'yes' }]));
    expect(settings.entries).toEqual([]);
    expect(settings.problems).toEqual([
      expect.objectContaining({ pointer: '/hooks/BeforeTool/0/hooks/0/prewarm', expected: 'true or false' }),
    ]);
  });
});
