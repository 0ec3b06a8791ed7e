/** runPolicy: policies through the real engine (createHookSystem → register → fire → dispose), no marbles. */
import { describe, expect, it } from 'vitest';
import type { HookInputOf } from '../../lib/index.js';
import { BeforeToolHookOutput } from '../../lib/seed/index.js';
import {
  afterAgent,
  allow,
  beforeTool,
  beforeToolSelection,
  block,
  deny,
  functionHook,
  modifyToolInput,
  restrictTools,
  runPolicy,
  sessionStart,
} from '../../lib/testing/index.js';

const etc = beforeTool('write_file', { file_path: '/etc/passwd' });

describe('runPolicy', () => {
  it('returns the HookResult a host would get, decided by the real aggregator', async () => {
    const result = await runPolicy(
      functionHook('no-etc', (input: HookInputOf<'BeforeTool'>) =>
        String(input.tool_input.file_path).startsWith('/etc/') ? deny('not /etc') : undefined,
      ),
      etc,
    );
    expect(result).toMatchObject({
      event: 'BeforeTool',
      blocked: true,
      decision: 'deny',
      reason: 'not /etc',
      success: true,
    });
    expect(result.hooks).toMatchObject([{ name: 'no-etc', source: 'runtime', outcome: 'blocked' }]);
    expect(result.aggregated.finalOutput).toBeInstanceOf(BeforeToolHookOutput);
  });

  it('hands the hook the event exactly as built, base fields included', async () => {
    let seen: unknown;
    const event = sessionStart('resume', {
      session_id: 's-42',
      cwd: '/somewhere',
      timestamp: '2030-01-01T00:00:00.000Z',
    });
    await runPolicy(
      functionHook('spy', (input) => {
        seen = input;
      }),
      event,
    );
    expect(seen).toEqual(event);
  });

  it('runs several policies in plan order: any block wins, reasons of the blockers only', async () => {
    const result = await runPolicy(
      [
        functionHook('ok', () => allow('fine')),
        functionHook('a', () => block('A')),
        functionHook('b', () => deny('B')),
      ],
      etc,
    );
    expect(result).toMatchObject({ blocked: true, decision: 'deny', reason: 'A\nB' });
    expect(result.hooks.map((run) => run.name)).toEqual(['ok', 'a', 'b']);
  });

  it('chains outputs when sequential, and applies the matcher', async () => {
    const seen: unknown[] = [];
    const hooks = [
      functionHook('patch', () => modifyToolInput({ content: 'redacted' })),
      functionHook('spy', (input: HookInputOf<'BeforeTool'>) => void seen.push(input.tool_input)),
    ];
    const result = await runPolicy(hooks, etc, { sequential: true });
    expect(seen).toEqual([{ file_path: '/etc/passwd', content: 'redacted' }]);
    expect(result.toolInput).toEqual({ file_path: '/etc/passwd', content: 'redacted' });
    const skipped = await runPolicy(hooks, etc, { matcher: '^run_shell_command$' });
    expect(skipped.hooks).toEqual([]);
  });

  it('selects tools by union or intersection', async () => {
    const hooks = [
      functionHook('a', () => restrictTools(['read_file', 'glob'])),
      functionHook('b', () => restrictTools(['glob', 'write_file'])),
    ];
    const event = beforeToolSelection({ model: 'm' });
    expect((await runPolicy(hooks, event)).toolConfig).toEqual({
      mode: 'AUTO',
      allowedFunctionNames: ['glob', 'read_file', 'write_file'],
    });
    expect((await runPolicy(hooks, event, { toolSelection: 'intersection' })).toolConfig?.allowedFunctionNames).toEqual(
      ['glob'],
    );
  });

  it('fails open on a throwing policy, with a warning naming it', async () => {
    const result = await runPolicy(
      functionHook('broken', () => {
        throw new Error('boom');
      }),
      afterAgent('p', 'r'),
    );
    expect(result).toMatchObject({ blocked: false, success: false, warnings: ['Hook "broken" failed: boom'] });
  });
});
