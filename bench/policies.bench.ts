/**
 * Session policies: (a) one BeforeTool event through 100 active rules (40 windowed limits, 30 repeats, 30
 * sequences) with 200 events already in the session, against the same event with no policy, in the same run;
 * (b) a 4 KiB tool input checked at a sink with 1 MiB of labelled tool output in the session; (c) the serialised
 * state of the example policy set after 100 000 events. Times are per event, p50 and p99 of single events.
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
  hundredRulesVsNoPolicy: number;
  stateBytesAfter100k: number;
}

const T0 = Date.parse('2026-11-28T09:00:00.000Z');
const system = (): HookSystem =>
  createHookSystem({ projectDir: '/tmp', trust: false, spawnHelper: false, sessionId: 'bench' });
const bash = (i: number) => ({
  tool_name: 'Bash',
  tool_input: { command: `make target${String(i % 7)}` },
  timestamp: new Date(T0 + i * 100).toISOString(),
});

/** p50 and p99 of `samples` single-event times of `fire`, in µs. */
const percentiles = async (
  fire: (i: number) => Promise<unknown>,
  samples: number,
): Promise<{ p50: number; p99: number }> => {
  const times: number[] = [];
  for (let i = 0; i < samples + 200; i++) {
    const started = performance.now();
    await fire(i);
    if (i >= 200) times.push((performance.now() - started) * 1000);
  }
  times.sort((a, b) => a - b);
  return {
    p50: round3(times[Math.floor(times.length * 0.5)] ?? NaN),
    p99: round3(times[Math.floor(times.length * 0.99)] ?? NaN),
  };
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
  const noPolicy = await percentiles((i) => none.fire('BeforeTool', bash(i)), samples);
  const hundredRules = await percentiles((i) => rules.fire('BeforeTool', bash(200 + i)), samples);

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
    hundredRulesVsNoPolicy: round3(hundredRules.p99 / noPolicy.p99),
    stateBytesAfter100k,
  };
};

if (process.argv[1]?.endsWith('policies.bench.ts'))
  process.stdout.write(`${JSON.stringify(await benchPolicies(), null, 2)}\n`);
