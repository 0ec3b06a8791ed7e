/**
 * The small pure pieces the observers share: readable hook names, the one-line input digest, nearest-rank
 * latency figures, and the loud problem class of a run.
 */
import { describe, expect, it } from 'vitest';
import { hookLabel, LABEL_MAX_LENGTH, scriptNameOf } from '../../lib/observe/hookLabel.js';
import { DIGEST_MAX_LENGTH, inputDigest } from '../../lib/observe/inputDigest.js';
import { latencyStats, percentile } from '../../lib/tools/latency.js';
import { runProblem } from '../../lib/tools/runProblem.js';

describe('hookLabel', () => {
  it('is the configured name when there is one', () => {
    expect(hookLabel('protect-paths', 'node "$DIR/hook.mjs" protect-paths')).toBe('protect-paths');
    expect(hookLabel('protect-paths')).toBe('protect-paths');
  });

  it('is the script file name for a hook named by its command', () => {
    const command = 'node "$HOOKSTREAM_DEMO_DIR/policies/bin/hook.mjs" protect-paths';
    expect(hookLabel(command, command)).toBe('hook.mjs');
    expect(hookLabel(command)).toBe('hook.mjs');
    expect(hookLabel('./hooks/guard.sh', './hooks/guard.sh')).toBe('guard.sh');
    expect(hookLabel('FOO=1 /usr/bin/env python3 -u check.py --strict')).toBe('check.py');
    expect(hookLabel("bash -c 'exit 0'")).toBe("bash -c 'exit 0'");
  });

  it('shortens a command that names no script', () => {
    const long = 'jq -e \'.tool_input.path | test("^/etc/") | not\' > /dev/null && echo ok || echo denied';
    const label = hookLabel(long, long);
    expect(label).toHaveLength(LABEL_MAX_LENGTH);
    expect(label.endsWith('…')).toBe(true);
    expect(scriptNameOf(long)).toBeUndefined();
  });

  it('takes an exec-form command line for the command (the name is its program)', () => {
    expect(hookLabel('node', 'node hooks/a.mjs --x')).toBe('a.mjs');
  });
});

describe('inputDigest', () => {
  it('says what an event was about in one line', () => {
    expect(inputDigest('BeforeTool', { tool_name: 'write_file', tool_input: { path: 'a.txt' } })).toBe(
      'write_file {"path":"a.txt"}',
    );
    expect(inputDigest('SessionStart', { source: 'startup' })).toBe('startup');
    expect(inputDigest('BeforeAgent', { prompt: 'fix\nthe bug' })).toBe('"fix\\nthe bug"');
    expect(
      inputDigest('BeforeModel', { llm_request: { model: 'm-1', messages: [{ role: 'user', content: 'x' }] } }),
    ).toBe('model m-1 · 1 message');
    expect(inputDigest('TurnComplete', { turn: 3 })).toBe('{"turn":3}');
  });

  it('is cut, and survives values JSON cannot hold', () => {
    const digest = inputDigest('BeforeTool', { tool_name: 'write_file', tool_input: { content: 'x'.repeat(10_000) } });
    expect(digest).toHaveLength(DIGEST_MAX_LENGTH);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(inputDigest('BeforeTool', { tool_name: 't', tool_input: cyclic })).toBe('t [object Object]');
  });
});

describe('latencyStats', () => {
  it('uses nearest-rank percentiles: values that were measured', () => {
    const twenty = Array.from({ length: 20 }, (_, index) => 20 - index);
    expect(latencyStats(twenty)).toEqual({ count: 20, p50: 10, p95: 19, max: 20 });
    expect(latencyStats([7])).toEqual({ count: 1, p50: 7, p95: 7, max: 7 });
    expect(latencyStats([])).toEqual({ count: 0, p50: 0, p95: 0, max: 0 });
    expect(percentile([1, 2, 3, 4], 50)).toBe(2);
  });
});

describe('runProblem', () => {
  it('names the ways a hook silently does not work, and nothing else', () => {
    expect(runProblem({ outcome: 'warning', exitCode: 127 })?.kind).toBe('not-found');
    expect(runProblem({ outcome: 'failed', exitCode: 126 })?.kind).toBe('not-executable');
    expect(runProblem({ outcome: 'untrusted' })?.kind).toBe('untrusted');
    expect(runProblem({ outcome: 'timeout' })?.kind).toBe('timeout');
    expect(runProblem({ outcome: 'blocked', exitCode: 3, strictFailure: 'warning' })?.label).toBe('exit 3');
    expect(runProblem({ outcome: 'blocked', internal: true })?.kind).toBe('internal');
    for (const outcome of ['success', 'blocked', 'canceled', 'skipped'] as const) {
      expect(runProblem({ outcome, exitCode: outcome === 'blocked' ? 2 : 0 })).toBeUndefined();
    }
  });
});
