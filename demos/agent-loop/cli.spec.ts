/**
 * `npm run demo -- --help` prints the demo's usage and exits 0 (it used to crash with a parseArgs stack trace);
 * an unknown option prints a one-line error and the usage on stderr and exits 2. Neither starts a session.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

const demo = async (...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> => {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'demos/agent-loop/main.ts', ...args], {
      env: { ...process.env, NO_COLOR: '1' },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code?: number; stdout?: string; stderr?: string };
    return { code: code ?? -1, stdout: stdout ?? '', stderr: stderr ?? '' };
  }
};

describe('demo command line', () => {
  it.each(['--help', '-h'])(
    '%s prints the usage on stdout and exits 0, running nothing',
    async (flag) => {
      const { code, stdout, stderr } = await demo(flag);
      expect(code).toBe(0);
      expect(stdout).toMatch(/^usage: npm run demo -- \[options\]/);
      for (const option of ['--settings FILE', '--keep-project', '--dashboard', '--port PORT', '--record FILE'])
        expect(stdout).toContain(option);
      expect(stdout).not.toContain('hookstream demo:');
      expect(stderr).not.toMatch(/at .*\(.*:\d+:\d+\)/);
    },
    60_000,
  );

  it('an unknown option: a clear error and the usage on stderr, exit 2, no stack trace', async () => {
    const { code, stdout, stderr } = await demo('--bogus');
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n')[0]).toMatch(/^demo: Unknown option '--bogus'/);
    expect(stderr).toContain('usage: npm run demo -- [options]');
    expect(stderr).not.toMatch(/^\s+at /m);
  }, 60_000);
});
