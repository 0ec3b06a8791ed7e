/** Policy 1 (protect paths) in virtual time: no added latency, plan order beside a slow hook, chaining, cancellation. */
import { map } from 'rxjs';
import { describe, it } from 'vitest';
import {
  allow,
  beforeTool,
  decideWith,
  entry,
  fakeExecutor,
  modifyToolInput,
  summarize,
} from '../../lib/testing/index.js';
import { PROTECT_PATHS_MATCHER, protectPathsHook } from './protectPaths.js';
import { testScheduler } from './testSupport.js';

const at = { cwd: '/work/proj' };
const values = {
  e: beforeTool('write_file', { file_path: '/etc/hosts' }, at),
  s: beforeTool('write_file', { file_path: 'src/a.ts' }, at),
  r: beforeTool('read_file', { file_path: '/etc/hosts' }, at),
};
const ETC_REASON =
  'Blocked write_file to /etc/hosts: it matches the protected path "/etc/" (version-control internals, secrets or ' +
  'system/credential files). Do not modify it; if the change is really needed, tell the user what to change and why.';
const policy = entry('BeforeTool', protectPathsHook({ homeDir: '/home/dev' }), { matcher: PROTECT_PATHS_MATCHER });

describe('protect-paths (marbles)', () => {
  it('decides each event in the frame it arrives, and other tools plan no hook at all', () => {
    const scheduler = testScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const events = cold('-e-s-r|', values);
      const expected = '   -a-b-c|';
      expectObservable(
        events.pipe(
          decideWith([policy], { scheduler }),
          map((r) => summarize(r)),
        ),
      ).toBe(expected, {
        a: {
          event: 'BeforeTool',
          blocked: true,
          decision: 'deny',
          reason: ETC_REASON,
          outcomes: ['protect-paths:blocked'],
        },
        b: { event: 'BeforeTool', blocked: false, outcomes: ['protect-paths:success'] },
        c: { event: 'BeforeTool', blocked: false, outcomes: [] },
      });
    });
  });

  it('beside a slow audit hook: the result waits for the slowest, lists runs in plan order, and keeps event order', () => {
    const scheduler = testScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const audit = cold('    ----a|', { a: allow('logged') });
      const fallback = fakeExecutor({ 'audit.sh': audit });
      const entries = [entry('BeforeTool', 'audit.sh', { source: 'project' }), policy];
      const events = cold('  -es|', values);
      const expected = '     -----a(b|)';
      const results = events.pipe(
        decideWith(entries, { scheduler, fallback }),
        map((r) => summarize(r, { timing: true })),
      );
      expectObservable(results).toBe(expected, {
        a: {
          event: 'BeforeTool',
          blocked: true,
          decision: 'deny',
          reason: ETC_REASON,
          outcomes: ['protect-paths:blocked', 'audit.sh:success'],
          durationMs: 4,
        },
        b: {
          event: 'BeforeTool',
          blocked: false,
          decision: 'allow',
          reason: 'logged',
          outcomes: ['protect-paths:success', 'audit.sh:success'],
          durationMs: 4,
        },
      });
      expectSubscriptions(audit.subscriptions).toBe(['-^---!', '--^---!']);
    });
  });

  it('sees the chained input: a sequential hook that redirects a write into /etc is caught', () => {
    const scheduler = testScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const redirect = cold('--a|', { a: modifyToolInput({ file_path: '/etc/cron.d/job' }) });
      const entries = [entry('BeforeTool', 'redirect.sh', { source: 'project', sequential: true }), policy];
      // Runtime hooks plan first: protect-paths checks the original path, then the redirect runs…
      const events = cold('s|', values);
      expectObservable(
        events.pipe(
          decideWith(entries, { scheduler, fallback: fakeExecutor({ 'redirect.sh': redirect }) }),
          map((r) => r.toolInput),
        ),
      ).toBe('--(a|)', { a: { file_path: '/etc/cron.d/job' } });
      // …so put the path check last (here: after the redirect, from a lower-priority source) to see the rewrite.
      const last = entry('BeforeTool', protectPathsHook({ homeDir: '/home/dev' }), {
        source: 'user',
        sequential: true,
      });
      const ordered = [entry('BeforeTool', 'redirect.sh', { source: 'project', sequential: true }), last];
      expectObservable(
        events.pipe(
          decideWith(ordered, { scheduler, fallback: fakeExecutor({ 'redirect.sh': redirect }) }),
          map((r) => [r.blocked, r.hooks.map((h) => h.outcome)]),
        ),
      ).toBe('--(a|)', { a: [true, ['success', 'blocked']] });
    });
  });

  it('unsubscribing mid-event cancels the slow hook and emits nothing', () => {
    const scheduler = testScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const audit = cold('------a|', { a: allow() });
      const entries = [policy, entry('BeforeTool', 'audit.sh', { source: 'project' })];
      const events = cold('e|', values);
      expectObservable(
        events.pipe(decideWith(entries, { scheduler, fallback: fakeExecutor({ 'audit.sh': audit }) })),
        '---!',
      ).toBe('');
      expectSubscriptions(audit.subscriptions).toBe('^--!');
    });
  });
});
