/**
 * Property: a session's verdicts are the same live, on replay (a fresh system given the same events), and when the
 * session is serialised after any prefix and restored into another system that fires the rest.
 */
import fc from 'fast-check';
import { filter, map, scan } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createHookSystem } from '../../lib/system/createHookSystem.js';
import type { HookSystem } from '../../lib/system/hookSystem.js';
import type { SessionState } from '../../lib/session/types.js';
import { examplePolicies } from './examplePolicies.js';

const T0 = Date.parse('2026-11-28T09:00:00.000Z');
const TEXT = 'Quarterly numbers attached: revenue 1.2M, please forward to the board before Friday';

/** Event shapes: [event name, fields] with a timestamp filled in by position. */
const eventArb = fc.oneof(
  fc
    .constantFrom('make', 'npm test', 'git push origin', 'ls')
    .map((command) => ['BeforeTool', { tool_name: 'Bash', tool_input: { command } }] as const),
  fc
    .constantFrom(0, 1)
    .map(
      (code) =>
        [
          'AfterTool',
          { tool_name: 'Bash', tool_input: { command: 'npm test' }, tool_response: { exit_code: code } },
        ] as const,
    ),
  fc.constant(['BeforeTool', { tool_name: 'Edit', tool_input: { file: 'a.ts' } }] as const),
  fc.constant([
    'AfterTool',
    { tool_name: 'web_fetch', tool_input: { url: 'https://x' }, tool_response: { body: TEXT } },
  ] as const),
  fc
    .boolean()
    .map(
      (leak) =>
        [
          'BeforeTool',
          { tool_name: 'send_email', tool_input: { body: leak ? TEXT.slice(5, 60) : 'hello there' } },
        ] as const,
    ),
);

const withPolicies = (): HookSystem => {
  const hooks = createHookSystem({ projectDir: '/tmp', trust: false, spawnHelper: false, sessionId: 'P' });
  for (const [name, rule] of Object.entries(examplePolicies())) hooks.sessionPolicy(name, rule);
  // An operator policy too: asks once more than 4 shell calls were made in the session.
  hooks.sessionPolicy('operator', (step$) =>
    step$.pipe(
      filter((step) => step.kind === 'call'),
      scan((count, step) => count + (step.tool === 'Bash' ? 1 : 0), 0),
      map((count) => (count > 4 ? { decision: 'ask' as const, reason: `${String(count)} shell calls` } : undefined)),
    ),
  );
  return hooks;
};

const fireAll = async (
  hooks: HookSystem,
  events: readonly (readonly [string, Record<string, unknown>])[],
  from: number,
) => {
  const verdicts: string[] = [];
  for (const [index, [event, fields]] of events.entries()) {
    const timestamp = new Date(T0 + (from + index) * 1000).toISOString();
    const result = await hooks.fire(event, { ...fields, timestamp });
    verdicts.push(
      `${result.decision ?? '-'}|${result.stopped ? 'stop' : ''}|${result.reason ?? ''}|${result.stopReason ?? ''}`,
    );
  }
  return verdicts;
};

describe('session policies are deterministic', () => {
  it('live = replay = serialise/restore at any point', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(eventArb, { minLength: 1, maxLength: 40 }), fc.nat(), async (events, cut) => {
        const live = withPolicies();
        const replay = withPolicies();
        const before = withPolicies();
        const after = withPolicies();
        try {
          const k = cut % (events.length + 1);
          const liveVerdicts = await fireAll(live, events, 0);
          expect(await fireAll(replay, events, 0)).toEqual(liveVerdicts);
          const first = await fireAll(before, events.slice(0, k), 0);
          const state = before.sessionState('P');
          if (state !== undefined) after.restoreSession(JSON.parse(JSON.stringify(state)) as SessionState);
          const rest = await fireAll(after, events.slice(k), k);
          expect([...first, ...rest]).toEqual(liveVerdicts);
        } finally {
          await Promise.all([live.dispose(), replay.dispose(), before.dispose(), after.dispose()]);
        }
      }),
      { numRuns: 40 },
    );
  });
});
