/** Policy 2 (dangerous commands) in virtual time: beside the path policy and a slow remote check, plan order, strict timeouts. */
import { map } from 'rxjs';
import { describe, it } from 'vitest';
import { allow, beforeTool, decideWith, deny, entry, fakeExecutor, summarize } from '../../lib/testing/index.js';
import { DANGEROUS_COMMANDS_MATCHER, dangerousCommandsHook } from './dangerousCommands.js';
import { PROTECT_PATHS_MATCHER, protectPathsHook } from './protectPaths.js';
import { testScheduler } from './testSupport.js';

const options = { homeDir: '/home/dev' };
const shellPolicy = entry('BeforeTool', dangerousCommandsHook(options), { matcher: DANGEROUS_COMMANDS_MATCHER });
const pathPolicy = entry('BeforeTool', protectPathsHook(options), { matcher: PROTECT_PATHS_MATCHER });
const values = {
  r: beforeTool('run_shell_command', { command: 'rm -rf /' }, { cwd: '/work/proj' }),
  b: beforeTool('run_shell_command', { command: 'rm -rf ./build' }, { cwd: '/work/proj' }),
  w: beforeTool('write_file', { file_path: '/etc/x' }, { cwd: '/work/proj' }),
};

describe('dangerous-commands (marbles)', () => {
  it('with the path policy registered too, each tool plans only its policy, with no added latency', () => {
    const scheduler = testScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const events = cold('r-b-w|', values);
      const results = events.pipe(
        decideWith([pathPolicy, shellPolicy], { scheduler }),
        map((r) => [r.blocked, ...summarize(r).outcomes]),
      );
      expectObservable(results).toBe('a-b-c|', {
        a: [true, 'dangerous-commands:blocked'],
        b: [false, 'dangerous-commands:success'],
        c: [true, 'protect-paths:blocked'],
      });
    });
  });

  it('two blocking policies in parallel give their reasons in plan order, not completion order', () => {
    const scheduler = testScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const remote = cold('---a|', { a: deny('org policy: no deletes on shared hosts') });
      const entries = [entry('BeforeTool', 'org-policy.sh', { source: 'project' }), shellPolicy];
      const results = cold('r|', values).pipe(
        decideWith(entries, { scheduler, fallback: fakeExecutor({ 'org-policy.sh': remote }) }),
        map((r) => r.reason?.split('\n').map((line) => line.split(':')[0])),
      );
      // dangerous-commands answered at frame 0 and org-policy at 3; the plan puts runtime hooks first.
      expectObservable(results).toBe('---(a|)', {
        a: ['Blocked dangerous shell command', 'org policy'],
      });
    });
  });

  it('a strict remote check that times out blocks; a lenient one fails open and the local policy still decides', () => {
    const scheduler = testScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const timeoutRun = (strict: boolean) => ({
        name: 'remote',
        source: 'project' as const,
        outcome: strict ? ('blocked' as const) : ('timeout' as const),
        durationMs: 5,
        message: strict ? 'Hook "remote" failed (strict): timed out after 5ms' : 'Hook "remote" timed out after 5ms',
        ...(strict
          ? { output: { decision: 'block' as const, reason: 'Hook "remote" failed (strict): timed out after 5ms' } }
          : {}),
      });
      const entries = [shellPolicy, entry('BeforeTool', 'remote', { source: 'project' })];
      const lenient = fakeExecutor({ remote: cold('-----a|', { a: timeoutRun(false) }) });
      const strict = fakeExecutor({ remote: cold('-----a|', { a: timeoutRun(true) }) });
      const summary = map((r: Parameters<typeof summarize>[0]) => [r.blocked, r.reason ?? '', r.warnings.length]);
      expectObservable(cold('b|', values).pipe(decideWith(entries, { scheduler, fallback: lenient }), summary)).toBe(
        '-----(a|)',
        {
          a: [false, '', 1],
        },
      );
      expectObservable(cold('b|', values).pipe(decideWith(entries, { scheduler, fallback: strict }), summary)).toBe(
        '-----(a|)',
        {
          a: [true, 'Hook "remote" failed (strict): timed out after 5ms', 0],
        },
      );
      expectObservable(
        cold('b|', values).pipe(
          decideWith(entries, { scheduler, fallback: fakeExecutor({ remote: allow() }) }),
          summary,
        ),
      ).toBe('a|', { a: [false, '', 0] });
    });
  });
});
