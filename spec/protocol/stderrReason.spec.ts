/**
 * The reason line of a failed hook: what real runtimes print on stderr (captured from node and python3, so a
 * new runtime version that changes its layout shows up here), and the layouts of other tools.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { stderrReason } from '../../lib/protocol/stderrReason.js';

const fixture = (name: string): string => fileURLToPath(new URL(`../fixtures/protocol/${name}`, import.meta.url));

/** The stderr of `command args`, run for real. */
const stderrOf = (command: string, args: string[]): string => {
  const run = spawnSync(command, args, { encoding: 'utf8', timeout: 20_000 });
  expect(run.status, run.stderr).not.toBe(0);
  return run.stderr;
};

const hasPython = spawnSync('python3', ['--version']).status === 0;

describe('stderrReason, on what runtimes really print', () => {
  it('names the missing script of `node missing.js`, not node:internal/modules/cjs/loader', () => {
    const stderr = stderrOf(process.execPath, [fixture('no-such-hook.js')]);
    expect(stderr.split('\n')[0]).toMatch(/^node:internal/);
    expect(stderrReason(stderr)).toBe(`Error: Cannot find module '${fixture('no-such-hook.js')}'`);
  });

  it("names the missing import of an ES module, with Node's error code", () => {
    expect(stderrReason(stderrOf(process.execPath, [fixture('imports-missing.mjs')]))).toMatch(
      /^Error \[ERR_MODULE_NOT_FOUND\]: Cannot find module '.*missing-dependency\.mjs' imported from /,
    );
  });

  it('gives the thrown error of a crashing script, not its file:line or source echo', () => {
    expect(stderrReason(stderrOf(process.execPath, [fixture('throws.mjs')]))).toBe('Error: boom in hook');
  });

  it.runIf(hasPython)("gives a Python traceback's last line", () => {
    expect(stderrReason(stderrOf('python3', [fixture('imports-missing.py')]))).toBe(
      "ModuleNotFoundError: No module named 'missing_dependency_of_hook'",
    );
  });

  it("gives bash's own complaint", () => {
    expect(stderrReason(stderrOf('bash', ['-c', 'no-such-command-for-hookstream']))).toBe(
      'bash: line 1: no-such-command-for-hookstream: command not found',
    );
  });
});

describe('stderrReason, on layouts', () => {
  it('gives the first line when nothing marks an error, and undefined for blank stderr', () => {
    expect(stderrReason('\n  permission denied: /etc/x  \nsecond\n')).toBe('permission denied: /etc/x');
    expect(stderrReason(' \n\t\n')).toBeUndefined();
    expect(stderrReason('')).toBeUndefined();
  });

  it('prefers error lines of tools (error:, fatal:, panic:) over what precedes them', () => {
    expect(stderrReason('Cloning…\nfatal: not a git repository\n')).toBe('fatal: not a git repository');
    expect(stderrReason('goroutine 1 [running]:\npanic: nil map\n')).toBe('panic: nil map');
  });

  it('skips process warnings, stack frames and banners when no line names an error', () => {
    const stderr = [
      '(node:123) ExperimentalWarning: something',
      '/work/hook.js:3',
      'doThing();',
      '    ^',
      'the real problem',
      '    at x (/work/hook.js:3:1)',
      'Node.js v20.0.0',
    ].join('\n');
    expect(stderrReason(stderr)).toBe('the real problem');
  });

  it('takes the last error of a chained Python traceback', () => {
    const stderr = [
      'Traceback (most recent call last):',
      '  File "h.py", line 2, in <module>',
      'KeyError: 1',
      '',
      'During handling of the above exception, another exception occurred:',
      '',
      'Traceback (most recent call last):',
      '  File "h.py", line 4, in <module>',
      'RuntimeError: lookup failed',
    ].join('\n');
    expect(stderrReason(stderr)).toBe('RuntimeError: lookup failed');
  });

  it('reads the start and the end of a runaway stderr, and clips a long line', () => {
    const flood = `${'noise line\n'.repeat(50_000)}TypeError: at the end\n`;
    expect(stderrReason(flood)).toBe('TypeError: at the end');
    const long = stderrReason(`Error: ${'x'.repeat(2000)}`) ?? '';
    expect(long).toHaveLength(500);
    expect(long.endsWith('…')).toBe(true);
  });
});
