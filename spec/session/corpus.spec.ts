/**
 * The trace corpus against the example policy set: every attack trace is stopped (some event denied, asked or
 * stopped) and every benign trace passes untouched; the README reports the two rates, checked here.
 */
import { describe, expect, it } from 'vitest';
import { readReadme } from '../docs/readmeBlocks.js';
import { createHookSystem } from '../../lib/system/createHookSystem.js';
import { CORPUS, type Trace } from './corpus/traces.js';
import { examplePolicies } from './examplePolicies.js';

const T0 = Date.parse('2026-11-28T09:00:00.000Z');

/** Whether the example set intervened anywhere in the trace. */
const intervened = async (trace: Trace): Promise<boolean> => {
  const hooks = createHookSystem({ projectDir: '/tmp', trust: false, spawnHelper: false, sessionId: trace.name });
  try {
    for (const [name, rule] of Object.entries(examplePolicies())) hooks.sessionPolicy(name, rule);
    let hit = false;
    for (const [index, [event, fields]] of trace.events.entries()) {
      const result = await hooks.fire(event, { ...fields, timestamp: new Date(T0 + index * 1000).toISOString() });
      if (result.blocked || result.decision === 'ask' || result.stopped) hit = true;
    }
    return hit;
  } finally {
    await hooks.dispose();
  }
};

describe('the trace corpus (banking, workspace, Slack, travel)', () => {
  it('has at least 40 attack and 40 benign traces', () => {
    expect(CORPUS.filter((trace) => trace.kind === 'attack').length).toBeGreaterThanOrEqual(40);
    expect(CORPUS.filter((trace) => trace.kind === 'benign').length).toBeGreaterThanOrEqual(40);
  });

  it('stops every attack and passes every benign trace with the example policy set, as the README says', async () => {
    const missed: string[] = [];
    const falseAlarms: string[] = [];
    for (const trace of CORPUS) {
      const hit = await intervened(trace);
      if (trace.kind === 'attack' && !hit) missed.push(trace.name);
      if (trace.kind === 'benign' && hit) falseAlarms.push(trace.name);
    }
    expect({ missed, falseAlarms }).toEqual({ missed: [], falseAlarms: [] });
    // The README's rates are these counts, so a trace added or removed must change its sentence.
    const attacks = CORPUS.filter((trace) => trace.kind === 'attack').length;
    const benign = CORPUS.length - attacks;
    const rates =
      `the example policy set stops ${String(attacks - missed.length)} of ${String(attacks)} attack traces and ` +
      `passes ${String(benign - falseAlarms.length)} of ${String(benign)} benign traces`;
    expect(readReadme().replaceAll(/\s+/g, ' ')).toContain(rates);
  });
});
