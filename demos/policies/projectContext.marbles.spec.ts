/** Policy 6 (project context) in virtual time: a slow read delays the result, a deadline or an unsubscription aborts it. */
import { map, timer } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { addContext, decideWith, entry, fakeExecutor, sessionStart, summarize } from '../../lib/testing/index.js';
import { projectContextHook, type ContextReader } from './projectContext.js';
import { testScheduler } from './testSupport.js';

/** A reader that answers after `frames` of virtual time and remembers the signals it was given. */
const slowReader = (frames: number) => {
  const signals: AbortSignal[] = [];
  const read: ContextReader = (_dir, _files, _max, signal) => {
    signals.push(signal);
    return timer(frames).pipe(map(() => [{ name: 'CONTEXT.md', text: 'Use pnpm.' }]));
  };
  return { read, signals };
};
const CONTEXT = "Project context (from the project's own files):\n\n## CONTEXT.md\nUse pnpm.";
const start = { s: sessionStart('startup', { cwd: '/work/proj' }) };

describe('project context (marbles)', () => {
  it('answers when the read finishes, joined with another hook’s context in plan order', () => {
    const scheduler = testScheduler();
    const reader = slowReader(3);
    scheduler.run(({ cold, expectObservable }) => {
      const entries = [
        entry('SessionStart', projectContextHook({ read: reader.read })),
        entry('SessionStart', 'git-status.sh', { source: 'project' }),
      ];
      const fallback = fakeExecutor({ 'git-status.sh': cold('-a|', { a: addContext('branch: main') }) });
      const results = cold('s|', start).pipe(
        decideWith(entries, { scheduler, fallback }),
        map((r) => summarize(r, { timing: true })),
      );
      expectObservable(results).toBe('---(a|)', {
        a: {
          event: 'SessionStart',
          blocked: false,
          additionalContext: `${CONTEXT}\nbranch: main`,
          outcomes: ['project-context:success', 'git-status.sh:success'],
          durationMs: 3,
        },
      });
    });
    expect(reader.signals.map((signal) => signal.aborted)).toEqual([false]);
  });

  it('a read past the deadline times out, fails open with a warning, and aborts the read', () => {
    const scheduler = testScheduler();
    const reader = slowReader(50);
    scheduler.run(({ cold, expectObservable }) => {
      const entries = [entry('SessionStart', projectContextHook({ read: reader.read, timeoutMs: 10 }))];
      const results = cold('s|', start).pipe(
        decideWith(entries, { scheduler }),
        map((r) => summarize(r)),
      );
      expectObservable(results).toBe('----------(a|)', {
        a: {
          event: 'SessionStart',
          blocked: false,
          warnings: ['Hook "project-context" timed out after 10ms'],
          outcomes: ['project-context:timeout'],
        },
      });
    });
    expect(reader.signals.map((signal) => signal.aborted)).toEqual([true]);
  });

  it('unsubscribing while the read is running (the host cancelled the session start) aborts its signal', () => {
    const scheduler = testScheduler();
    const reader = slowReader(50);
    scheduler.run(({ cold, expectObservable }) => {
      const results = cold('s|', start).pipe(
        decideWith([entry('SessionStart', projectContextHook({ read: reader.read }))], { scheduler }),
      );
      expectObservable(results, '--!').toBe('');
    });
    expect(reader.signals.map((signal) => signal.aborted)).toEqual([true]);
  });

  it('the matcher can limit it to fresh sessions: a resumed session plans nothing', () => {
    const scheduler = testScheduler();
    const reader = slowReader(1);
    scheduler.run(({ cold, expectObservable }) => {
      const hook = entry('SessionStart', projectContextHook({ read: reader.read }), { matcher: '^(startup|clear)$' });
      const events = cold('s-r|', { ...start, r: sessionStart('resume') });
      expectObservable(
        events.pipe(
          decideWith([hook], { scheduler }),
          map((r) => r.hooks.length),
        ),
      ).toBe('-ab|', { a: 1, b: 0 });
    });
  });
});
