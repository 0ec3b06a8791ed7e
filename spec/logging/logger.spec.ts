import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createHookSystem, type Logger } from '../../lib/index.js';
import { debugPatterns, isDebugLogging } from '../../lib/logging/logger.js';

const run = promisify(execFile);

/** A winston-compatible logger that records every line with the metadata of its child chain. */
const recordingLogger = (
  lines: { level: string; message: string; meta: Record<string, unknown> }[],
  base = {},
): Logger => {
  const at =
    (level: string) =>
    (message: string, meta: Record<string, unknown> = {}) =>
      lines.push({ level, message, meta: { ...base, ...meta } });
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: (meta) => recordingLogger(lines, { ...base, ...meta }),
  };
};

describe('logging', () => {
  it('logs through one child logger per component: selection, runs, aggregation, and warn for fail-open', async () => {
    const lines: { level: string; message: string; meta: Record<string, unknown> }[] = [];
    const hooks = createHookSystem({ projectDir: '/tmp', logger: recordingLogger(lines) });
    hooks.register('AfterTool', { type: 'function', name: 'broken', run: () => Promise.reject(new Error('nope')) });
    await hooks.fire('AfterTool', { tool_name: 'ls', tool_input: {}, tool_response: {} });
    await hooks.dispose();
    expect(lines.map((l) => [l.meta.component, l.level, l.message])).toEqual([
      ['planner', 'debug', 'hooks selected'],
      ['runner', 'debug', 'hook start'],
      ['runner', 'debug', 'hook finish'],
      ['runner', 'warn', 'Hook "broken" failed: nope'],
      ['aggregator', 'debug', 'aggregated'],
    ]);
    expect(lines[2]?.meta).toMatchObject({
      hook: 'broken',
      outcome: 'failed',
      durationMs: expect.any(Number) as number,
    });
    expect(lines.some((l) => l.level === 'info')).toBe(false);
  });

  it('is silent by default and logs nothing on the fast path', () => {
    const silent = { silent: true, ...recordingLogger([]) };
    expect(isDebugLogging(silent)).toBe(false);
    expect(debugPatterns(undefined)).toEqual([]);
    expect(debugPatterns('hookstream:*,-other').map((p) => p.test('hookstream:runner'))).toEqual([true]);
  });

  it('prints debug lines to stderr under DEBUG=hookstream:*', async () => {
    const script = `
      import { createHookSystem } from './lib/index.js';
      const hooks = createHookSystem({ projectDir: '/tmp' });
      hooks.register('BeforeTool', { type: 'function', name: 'allow-all', run: () => ({ decision: 'allow' }) });
      await hooks.fire('BeforeTool', { tool_name: 'ls', tool_input: {} });
      await hooks.dispose();`;
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { ...process.env, DEBUG: 'hookstream:*' },
      timeout: 60_000,
    });
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^hookstream:planner debug hooks selected .*"allow-all"/m);
    expect(stderr).toMatch(/^hookstream:runner debug hook finish .*"outcome":"success"/m);
    expect(stderr).toMatch(/^hookstream:aggregator debug aggregated/m);
  });
});
