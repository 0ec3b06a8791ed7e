/**
 * Session policies: (a) one BeforeTool event through 100 active rules (40 windowed limits, 30 repeats, 30
 * sequences) with 200 events already in the session, against the same event with no policy, in the same run;
 * (b) a 4 KiB tool input checked at a sink with 1 MiB of labelled tool output in the session; (c) the serialised
 * state of the example policy set after 100 000 events. Times are per event, p50 and p99 of single events.
 *
 * (a)'s two systems take turns, 500 events at a time, so that both meet the same moments of the machine. Its rows
 * are the steady state a host lives in: measured after `WARM_UP` events of each, by which V8 has optimised both
 * paths (the no-policy path's p99 settles last, after some 10,000 events). The p99 of a process's first 1,000
 * events is kept beside them (`earlyP99Microseconds`), so that the difference stays visible.
 */
import { createHookSystem, type HookSystem } from '../dist/lib/index.js';
import { flow, limit, repeat, sequence } from '../dist/lib/entry/compose.js';
import { round3, scaled } from './measure.js';

export interface PolicyFigures {
  description: string;
  microsecondsPerEvent: {
    noPolicy: { p50: number; p99: number };
    hundredRules: { p50: number; p99: number };
    taint4KiBvs1MiB: { p50: number; p99: number };
  };
  /** (a)'s p99 over the process's first 1,000 events (after 200), before the code is fully optimised. */
  earlyP99Microseconds: { noPolicy: number; hundredRules: number };
  /** Events of each system before (a)'s steady-state samples. */
  warmUpEvents: number;
  hundredRulesVsNoPolicy: number;
  stateBytesAfter100k: number;
}

/** Events per turn when the two systems of (a) take turns. */
const BLOCK = 500;
/** Events of each system between the early samples and the steady-state ones. */
const WARM_UP = 20_000;
const T0 = Date.parse('2026-11-28T09:00:00.000Z');
const system = (): HookSystem =>
  createHookSystem({ projectDir: '/tmp', trust: false, spawnHelper: false, sessionId: 'bench' });
const bash = (i: number) => ({
  tool_name: 'Bash',
  tool_input: { command: `make target${String(i % 7)}` },
  timestamp: new Date(T0 + i * 100).toISOString(),
});

type Percentiles = { p50: number; p99: number };

/** p50 and p99 (µs) of sorted times. */
const percentilesOf = (times: number[]): Percentiles => {
  times.sort((a, b) => a - b);
  return {
    p50: round3(times[Math.floor(times.length * 0.5)] ?? NaN),
    p99: round3(times[Math.floor(times.length * 0.99)] ?? NaN),
  };
};

/** p50 and p99 of `samples` single-event times of `fire`, in µs, after 200 unmeasured events. */
const percentiles = async (fire: (i: number) => Promise<unknown>, samples: number): Promise<Percentiles> => {
  const times: number[] = [];
  for (let i = 0; i < samples + 200; i++) {
    const started = performance.now();
    await fire(i);
    if (i >= 200) times.push((performance.now() - started) * 1000);
  }
  return percentilesOf(times);
};

/**
 * The same for two ways of handling the same event, in alternating blocks of `block` events: both meet the same
 * moments of a shared, noisy machine, while each block's collections stay mostly its own (event by event, the
 * baseline would pay for the garbage of the other).
 */
const alternating = async (
  fireA: (i: number) => Promise<unknown>,
  fireB: (i: number) => Promise<unknown>,
  samples: number,
  options: { readonly from: number; readonly warmUp: number },
): Promise<[Percentiles, Percentiles]> => {
  const a: number[] = [];
  const b: number[] = [];
  const end = options.from + options.warmUp + samples;
  for (let start = options.from; start < end; start += BLOCK)
    for (const [fire, times] of [
      [fireA, a],
      [fireB, b],
    ] as const)
      for (let i = start; i < Math.min(start + BLOCK, end); i++) {
        const started = performance.now();
        await fire(i);
        if (i >= options.from + options.warmUp) times.push((performance.now() - started) * 1000);
      }
  return [percentilesOf(a), percentilesOf(b)];
};

export const benchPolicies = async (): Promise<PolicyFigures> => {
  const samples = scaled(20_000, 500);
  const none = system();
  const rules = system();
  for (let k = 0; k < 40; k++)
    rules.sessionPolicy(
      `limit-${String(k)}`,
      limit({ match: k % 2 === 0 ? 'Bash' : `tool${String(k)}`, count: 1_000_000, per: '1m' }),
    );
  for (let k = 0; k < 30; k++)
    rules.sessionPolicy(
      `repeat-${String(k)}`,
      repeat({ match: k % 3 === 0 ? 'Bash' : `tool${String(k)}`, times: 1_000_000 }),
    );
  for (let k = 0; k < 30; k++)
    rules.sessionPolicy(
      `sequence-${String(k)}`,
      sequence({ after: `edit${String(k)}`, refuse: { tool: 'Bash', input: { command: '^git push' } } }),
    );
  // The 200-event window: events already in the session.
  for (let i = 0; i < 200; i++) await rules.fire('BeforeTool', bash(i));
  const withNone = (i: number) => none.fire('BeforeTool', bash(i));
  const withRules = (i: number) => rules.fire('BeforeTool', bash(200 + i));
  // The early events first, in this fresh code's first use (1,000 after 200); the steady state goes on from there.
  const [earlyNone, earlyRules] = await alternating(withNone, withRules, 1000, { from: 0, warmUp: 200 });
  const warmUpEvents = scaled(WARM_UP, 2000);
  const [noPolicy, hundredRules] = await alternating(withNone, withRules, samples, {
    from: 1200,
    warmUp: warmUpEvents,
  });

  const taint = system();
  taint.sessionPolicy(
    'flow',
    flow({
      label: [{ match: 'web_fetch', labels: ['untrusted'] }],
      sink: [{ match: 'send_email', refuse: ['untrusted'] }],
    }),
  );
  const chunk = (seed: number): string => {
    let text = '';
    let x = seed * 2654435761;
    while (text.length < 4096) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      text += x.toString(36);
    }
    return text.slice(0, 4096);
  };
  for (let i = 0; i < 256; i++)
    await taint.fire('AfterTool', {
      tool_name: 'web_fetch',
      tool_input: { url: `u${String(i)}` },
      tool_response: chunk(i + 1),
    });
  const body = chunk(100_000);
  const taint4KiBvs1MiB = await percentiles(
    () => taint.fire('BeforeTool', { tool_name: 'send_email', tool_input: { body } }),
    scaled(5_000, 200),
  );

  const example = system();
  example.sessionPolicy('shell-budget', limit({ match: 'Bash', count: 30, per: '1m' }));
  example.sessionPolicy('loop-guard', repeat({ match: '.*', times: 3, same: 'failure', decision: 'stop' }));
  example.sessionPolicy(
    'push-after-tests',
    sequence({
      after: '^(Edit|Write)$',
      refuse: { tool: 'Bash', input: { command: '^git push' } },
      until: { event: 'AfterTool', tool: 'Bash', input: { command: 'npm test' }, failed: false },
    }),
  );
  example.sessionPolicy(
    'data-flow',
    flow({
      label: [{ match: '^(web_fetch|read_inbox)$', labels: ['untrusted'] }],
      sink: [{ match: '^(send_email|http_post)$', refuse: ['untrusted'] }],
    }),
  );
  const total = scaled(100_000, 10_000);
  for (let i = 0; i < total; i++) {
    const at = new Date(T0 + i * 1000).toISOString();
    if (i % 10 === 0)
      await example.fire('AfterTool', {
        tool_name: 'web_fetch',
        tool_input: { url: `u${String(i)}` },
        tool_response: `page ${String(i)} ${chunk(i).slice(0, 512)}`,
        timestamp: at,
      });
    else if (i % 10 === 1)
      await example.fire('BeforeTool', {
        tool_name: 'send_email',
        tool_input: { body: `hello ${String(i)}` },
        timestamp: at,
      });
    else await example.fire('BeforeTool', { ...bash(i), timestamp: at });
  }
  const stateBytesAfter100k = Buffer.byteLength(JSON.stringify(example.sessionState('bench')));
  await Promise.all([none.dispose(), rules.dispose(), taint.dispose(), example.dispose()]);
  return {
    description:
      'single-event p50/p99 through fire(); state = JSON of sessionState() for the example set (the flow rule keeps up to 1,000,000 bytes of it)',
    microsecondsPerEvent: { noPolicy, hundredRules, taint4KiBvs1MiB },
    earlyP99Microseconds: { noPolicy: earlyNone.p99, hundredRules: earlyRules.p99 },
    warmUpEvents: 1200 + warmUpEvents,
    hundredRulesVsNoPolicy: round3(hundredRules.p99 / noPolicy.p99),
    stateBytesAfter100k,
  };
};

if (process.argv[1]?.endsWith('policies.bench.ts'))
  process.stdout.write(`${JSON.stringify(await benchPolicies(), null, 2)}\n`);
