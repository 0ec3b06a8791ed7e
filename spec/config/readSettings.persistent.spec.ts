/** The `persistent` field of a command hook: a boolean, kept on the definition; anything else drops the hook. */
import { describe, expect, it } from 'vitest';
import { loadSettingsSync } from '../../lib/config/loadSettings.js';

const withHooks = (hooks: unknown[]) => ({ tools: { enableHooks: true }, hooks: { BeforeTool: [{ hooks }] } });

describe('persistent', () => {
  it('keeps true and false on the definition', () => {
    const settings = loadSettingsSync(
      withHooks([
        { command: 'a', persistent: true },
        { command: 'b', persistent: false },
      ]),
    );
    expect(settings.problems).toEqual([]);
    expect(settings.entries.map((entry) => entry.definition)).toEqual([
      { type: 'command', command: 'a', persistent: true },
      { type: 'command', command: 'b', persistent: false },
    ]);
  });

  it('drops a hook whose persistent is not a boolean, naming the pointer', () => {
    const settings = loadSettingsSync(withHooks([{ command: 'a', persistent: 'yes' }, { command: 'kept' }]));
    expect(settings.entries.map((entry) => entry.name)).toEqual(['kept']);
    expect(settings.problems).toEqual([
      expect.objectContaining({
        severity: 'error',
        pointer: '/hooks/BeforeTool/0/hooks/0/persistent',
        message: 'invalid value for "persistent"; hook dropped',
        expected: 'true or false',
        received: '"yes"',
      }),
    ]);
  });
});
