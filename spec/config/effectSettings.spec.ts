/**
 * A hook group's `effects` read from a settings file fails closed: a matcher that cannot be read whole (an unknown
 * class beside a good one, an empty list, a failing example) is not applied in part, so the group runs on every
 * tool call its tool matcher lets through, with the error at its JSON pointer and a warning saying so.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSettingsSync } from '../../lib/config/index.js';

const dir = mkdtempSync(join(tmpdir(), 'hs-effect-settings-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const load = (name: string, effects: unknown) => {
  const path = join(dir, name);
  const settings = {
    tools: { enableHooks: true },
    hooks: { BeforeTool: [{ matcher: 'Bash|Write', effects, hooks: [{ type: 'command', command: 'echo guard' }] }] },
  };
  writeFileSync(path, JSON.stringify(settings, null, 2));
  return { path, loaded: loadSettingsSync([{ path, scope: 'user' }]) };
};

/** Whether the group's condition lets the call through (no condition: it always runs). */
const runs = (loaded: ReturnType<typeof loadSettingsSync>, command: string): boolean =>
  loaded.entries[0]?.condition?.test({ tool_name: 'Bash', tool_input: { command }, cwd: dir }) ?? true;

describe('effects in settings fail closed', () => {
  it('a whole matcher is applied: a harmless call is left out', () => {
    const { loaded } = load('good.json', { writes: ['.env*'], egress: '*' });
    expect(loaded.problems).toEqual([]);
    expect(runs(loaded, 'ls -la')).toBe(false);
    expect(runs(loaded, 'cat x > .env')).toBe(true);
  });

  it.each([
    ['an unknown class beside a good one', { writes: ['.env*'], egres: '*' }, '/egres'],
    ['an empty pattern list', { writes: ['.env*'], egress: [] }, '/egress'],
    ['a failing example', { writes: ['.env*'], examples: { match: ['ls -la'] } }, '/examples'],
  ])('%s: the error names its pointer and the hooks run on every call', (_, effects, at) => {
    const { path, loaded } = load('broken.json', effects);
    const errors = loaded.problems.filter((problem) => problem.severity === 'error');
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]?.file).toBe(path);
    expect(errors[0]?.pointer.startsWith(`/hooks/BeforeTool/0/effects${at}`)).toBe(true);
    expect(loaded.problems).toContainEqual(
      expect.objectContaining({
        severity: 'warning',
        pointer: '/hooks/BeforeTool/0/effects',
        message: expect.stringContaining('the hooks run on every call') as unknown,
      }),
    );
    // Read in part, the matcher would have left this call out; failing closed, the guard sees it.
    expect(runs(loaded, 'ls -la')).toBe(true);
  });
});
