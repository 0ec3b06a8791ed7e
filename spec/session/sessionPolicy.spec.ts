/**
 * Session policies through the facade: a verdict joins the event's aggregation (deny before any hook runs, ask,
 * allow with context beside the hooks' own, stop) with a reason naming the policy and the triggering events; a
 * limit counts calls in flight; state is per session, serialisable and restored; no policy, no change.
 */
import { filter, firstValueFrom, from, map, scan, toArray } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createHookSystem } from '../../lib/system/createHookSystem.js';
import type { HookSystem } from '../../lib/system/hookSystem.js';
import type { PolicyVerdict, SessionPolicy, SessionStep } from '../../lib/session/types.js';
import { limit } from '../../lib/session/rules/limit.js';
import { sequence } from '../../lib/session/rules/sequence.js';

const bash = (command: string) => ({ tool_name: 'Bash', tool_input: { command } });

/** Denies every Bash call after the `n`th, naming the calls it counted. */
const afterN =
  (n: number): SessionPolicy =>
  (step$) =>
    step$.pipe(
      filter((step: SessionStep) => step.kind === 'call' && step.tool === 'Bash'),
      scan((seqs: number[], step) => [...seqs, step.seq], []),
      map((seqs): PolicyVerdict | undefined =>
        seqs.length > n
          ? { decision: 'deny', reason: `over ${String(n)} shell calls`, because: seqs.slice(0, n) }
          : undefined,
      ),
    );

let hooks: HookSystem | undefined;
const system = (): HookSystem =>
  (hooks = createHookSystem({ projectDir: '/tmp', trust: false, spawnHelper: false, sessionId: 'S' }));
afterEach(async () => {
  await hooks?.dispose();
  hooks = undefined;
});

describe('sessionPolicy (facade)', () => {
  it('denies with the policy and the triggering events in the reason, before any hook runs', async () => {
    const h = system();
    let ran = 0;
    h.register('BeforeTool', {
      type: 'function',
      name: 'count',
      run: () => {
        ran++;
      },
    });
    h.sessionPolicy('two-shells', afterN(2));
    expect((await h.fire('BeforeTool', bash('ls'))).blocked).toBe(false);
    expect((await h.fire('BeforeTool', bash('pwd'))).blocked).toBe(false);
    const third = await h.fire('BeforeTool', bash('id'));
    expect(third.blocked).toBe(true);
    expect(third.decision).toBe('deny');
    expect(third.reason).toBe('session policy "two-shells": over 2 shell calls (after events #1, #2)');
    expect(third.hooks.map((run) => run.name)).toEqual(['policy:two-shells']);
    expect(ran).toBe(2);
  });

  it('joins ask, context and stop with the hooks’ results', async () => {
    const h = system();
    h.register('BeforeTool', {
      type: 'function',
      name: 'ctx',
      run: () => ({ hookSpecificOutput: { additionalContext: 'from the hook' } }),
    });
    const answers: (PolicyVerdict | undefined)[] = [
      { decision: 'ask', reason: 'confirm' },
      { decision: 'allow', reason: 'noted', context: 'from the policy' },
      { decision: 'stop', reason: 'enough' },
    ];
    h.sessionPolicy('scripted', (step$) =>
      step$.pipe(
        filter((step) => step.kind === 'call'),
        map((step) => answers[step.seq - 1]),
      ),
    );
    const asked = await h.fire('BeforeTool', bash('a'));
    expect([asked.decision, asked.blocked, asked.reason]).toEqual(['ask', false, 'session policy "scripted": confirm']);
    const context = await h.fire('BeforeTool', bash('b'));
    expect(context.additionalContext).toBe('from the hook\nfrom the policy');
    const stopped = await h.fire('BeforeTool', bash('c'));
    expect([stopped.stopped, stopped.stopReason]).toEqual([true, 'session policy "scripted": enough']);
  });

  it('counts calls in flight: a limit of one refuses a second call while the first still runs', async () => {
    const h = system();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    h.register('BeforeTool', { type: 'function', name: 'slow', run: () => held });
    h.sessionPolicy('one-at-a-time', limit({ match: 'Bash', count: 1, per: '1h' }));
    const first = h.fire('BeforeTool', bash('make'));
    const second = await h.fire('BeforeTool', bash('make'));
    expect(second.blocked).toBe(true);
    expect(second.reason).toContain('more than 1 matching call per 1h (after event #1)');
    release();
    expect((await first).blocked).toBe(false);
  });

  it('keeps state per session_id, serialises it and restores it in another system', async () => {
    const h = system();
    h.sessionPolicy('two-shells', afterN(2));
    h.sessionPolicy(
      'no-push-after-edit',
      sequence({ after: 'Edit', refuse: { tool: 'Bash', input: { command: 'git push' } } }),
    );
    await h.fire('BeforeTool', { ...bash('ls'), session_id: 'A' });
    await h.fire('BeforeTool', { tool_name: 'Edit', tool_input: { file: 'a' }, session_id: 'A' });
    await h.fire('BeforeTool', { ...bash('ls'), session_id: 'B' });
    const state = h.sessionState('A');
    expect(state?.seq).toBe(2);
    const copy = JSON.parse(JSON.stringify(state)) as NonNullable<typeof state>;
    await h.dispose();

    const resumed = system();
    resumed.sessionPolicy('two-shells', afterN(2));
    resumed.sessionPolicy(
      'no-push-after-edit',
      sequence({ after: 'Edit', refuse: { tool: 'Bash', input: { command: 'git push' } } }),
    );
    resumed.restoreSession(copy);
    const push = await resumed.fire('BeforeTool', { ...bash('git push'), session_id: 'A' });
    expect(push.reason).toBe('session policy "no-push-after-edit": refused after an earlier event (after event #2)');
    const third = await resumed.fire('BeforeTool', { ...bash('id'), session_id: 'A' });
    expect(third.reason).toContain('over 2 shell calls');
    expect(resumed.sessionState('A')?.seq).toBe(4);
  });

  it('goes through decide and fire$ too, and changes nothing without a policy', async () => {
    const h = system();
    const plain = await h.fire('BeforeTool', bash('ls'));
    expect(plain.hooks).toEqual([]);
    expect(h.sessionState('S')).toBeUndefined();
    const registration = h.sessionPolicy('two-shells', afterN(2));
    const decided = await firstValueFrom(
      from([bash('a'), bash('b'), bash('c')]).pipe(h.decide('BeforeTool'), toArray()),
    );
    expect(decided.map((result) => result.blocked)).toEqual([false, false, true]);
    expect((await firstValueFrom(h.fire$('BeforeTool', bash('d')))).blocked).toBe(true);
    expect(registration.unregister()).toBe(true);
    expect((await h.fire('BeforeTool', bash('e'))).blocked).toBe(false);
    expect(() => h.sessionPolicy('', afterN(1))).toThrow(/non-empty/);
  });

  it('fails closed when a policy throws', async () => {
    const h = system();
    h.sessionPolicy('broken', (step$) =>
      step$.pipe(
        map(() => {
          throw new Error('boom');
        }),
      ),
    );
    const result = await h.fire('BeforeTool', bash('ls'));
    expect(result.blocked).toBe(true);
    expect(result.reason).toContain('session policy "broken": the policy failed (boom)');
  });
});
