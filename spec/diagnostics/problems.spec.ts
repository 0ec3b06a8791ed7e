import { describe, expect, it } from 'vitest';
import {
  SettingsError,
  assertNoSettingsErrors,
  describeReceived,
  formatProblem,
} from '../../lib/diagnostics/problems.js';
import type { ConfigProblem } from '../../lib/diagnostics/problems.js';

const timeout: ConfigProblem = {
  severity: 'error',
  file: '/p/.hookstream/settings.json',
  pointer: '/hooks/BeforeTool/0/hooks/0/timeout',
  line: 7,
  column: 49,
  message: 'invalid value for "timeout"; hook dropped',
  expected: 'a positive integer number of milliseconds',
  received: '"5s"',
};
const unknownKey: ConfigProblem = {
  severity: 'warning',
  file: '<object>',
  pointer: '/theme',
  message: 'unknown key "theme"; ignored',
};

describe('formatProblem', () => {
  it('formats file:line:column pointer: message (expected X, received Y)', () => {
    expect(formatProblem(timeout)).toBe(
      '/p/.hookstream/settings.json:7:49 /hooks/BeforeTool/0/hooks/0/timeout: invalid value for "timeout"; hook dropped ' +
        '(expected a positive integer number of milliseconds, received "5s")',
    );
  });

  it('leaves out what is unknown', () => {
    expect(formatProblem(unknownKey)).toBe('<object> /theme: unknown key "theme"; ignored');
    expect(formatProblem({ ...unknownKey, pointer: '', received: '3' })).toBe(
      '<object>: unknown key "theme"; ignored (received 3)',
    );
  });
});

describe('SettingsError', () => {
  it('carries every problem and lists the errors in its message', () => {
    const error = new SettingsError([timeout, unknownKey]);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('SettingsError');
    expect(error.problems).toEqual([timeout, unknownKey]);
    expect(error.message).toBe(`Invalid hook settings (1 error):\n  ${formatProblem(timeout)}`);
  });

  it('is thrown by assertNoSettingsErrors only when there is an error', () => {
    expect(() => {
      assertNoSettingsErrors([unknownKey]);
    }).not.toThrow();
    expect(() => {
      assertNoSettingsErrors([unknownKey, timeout]);
    }).toThrow(SettingsError);
  });
});

describe('describeReceived', () => {
  it('shows JSON, shortened, and nothing for a missing value', () => {
    expect(describeReceived('5s')).toBe('"5s"');
    expect(describeReceived(undefined)).toBe('nothing');
    expect(describeReceived({ a: [1] })).toBe('{"a":[1]}');
    const long = describeReceived('x'.repeat(500));
    expect(long).toHaveLength(80);
    expect(long.endsWith('…')).toBe(true);
  });
});
