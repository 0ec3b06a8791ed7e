import { describe, expect, it } from 'vitest';
import { firstValueFrom, from, lastValueFrom, toArray } from 'rxjs';
import { AgentStopSignal } from '../../lib/host/stopSignal.js';
import { executeToolWithHooks, withToolHooks, type ToolExecute } from '../../lib/host/toolHooks.js';
import type { ToolResult } from '../../lib/host/toolTypes.js';
import type { HookInput } from '../../lib/index.js';
import { KINDS, plainSystem, systemWith } from './hostHarness.js';

const writeEtc = { path: '/etc/passwd', content: 'root' };

/** A tool that records every input it receives. */
const recordingTool = (result: ToolResult = { llmContent: 'wrote 4 bytes', display: 'Wrote /etc/passwd' }) => {
  const inputs: Array<Record<string, unknown>> = [];
  const execute: ToolExecute = (input) => {
    inputs.push(input);
    return result;
  };
  return { inputs, execute };
};

const stopOf = async (promise: Promise<unknown>): Promise<AgentStopSignal> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AgentStopSignal);
  return error as AgentStopSignal;
};

describe.each(KINDS)('executeToolWithHooks with %s hooks', (kind) => {
  it('BeforeTool block: execute is never called and the model sees the reason as the tool output', async () => {
    const hooks = systemWith(kind, {
      BeforeTool: [{ matcher: 'write_file', output: { decision: 'block', reason: 'no /etc' } }],
    });
    const tool = recordingTool();
    const outcome = await executeToolWithHooks(hooks, 'write_file', writeEtc, tool.execute);
    expect(tool.inputs).toEqual([]);
    expect(outcome.blocked).toEqual({ reason: 'no /etc' });
    expect(outcome.isError).toBe(true);
    expect(outcome.llmContent).toContain('no /etc');
    expect(outcome.display).toContain('no /etc');
    expect(outcome.result).toBeUndefined();
    expect(outcome.hookResults.after).toBeUndefined();
  });

  it('BeforeTool modify: execute receives the modified input, merged onto the original', async () => {
    const hooks = systemWith(kind, {
      BeforeTool: [
        { output: { hookSpecificOutput: { hookEventName: 'BeforeTool', tool_input: { path: '/tmp/safe' } } } },
      ],
    });
    const tool = recordingTool();
    const outcome = await executeToolWithHooks(hooks, 'write_file', writeEtc, tool.execute);
    expect(tool.inputs).toEqual([{ path: '/tmp/safe', content: 'root' }]);
    expect(outcome.toolInput).toEqual({ path: '/tmp/safe', content: 'root' });
    expect(outcome.blocked).toBeUndefined();
  });

  it('BeforeTool stop: rejects with AgentStopSignal and never runs the tool', async () => {
    const hooks = systemWith(kind, { BeforeTool: [{ output: { continue: false, stopReason: 'budget spent' } }] });
    const tool = recordingTool();
    const signal = await stopOf(executeToolWithHooks(hooks, 'write_file', writeEtc, tool.execute));
    expect(signal).toMatchObject({ event: 'BeforeTool', reason: 'budget spent' });
    expect(signal.partial).toBeUndefined();
    expect(tool.inputs).toEqual([]);
  });

  it('AfterTool additionalContext is appended to what the model sees, not to what the user sees', async () => {
    const hooks = systemWith(kind, {
      AfterTool: [
        { output: { hookSpecificOutput: { hookEventName: 'AfterTool', additionalContext: 'Run the tests next.' } } },
      ],
    });
    const outcome = await executeToolWithHooks(hooks, 'write_file', writeEtc, recordingTool().execute);
    expect(outcome.llmContent).toBe('wrote 4 bytes\n\nRun the tests next.');
    expect(outcome.display).toBe('Wrote /etc/passwd');
  });

  it('AfterTool suppressOutput hides the result from the user but not from the model', async () => {
    const hooks = systemWith(kind, { AfterTool: [{ output: { suppressOutput: true } }] });
    const outcome = await executeToolWithHooks(hooks, 'write_file', writeEtc, recordingTool().execute);
    expect(outcome.suppressed).toBe(true);
    expect(outcome.display).toBeUndefined();
    expect(outcome.llmContent).toBe('wrote 4 bytes');
  });

  it('AfterTool systemMessage is surfaced', async () => {
    const hooks = systemWith(kind, { AfterTool: [{ output: { systemMessage: 'audit: write logged' } }] });
    const outcome = await executeToolWithHooks(hooks, 'write_file', writeEtc, recordingTool().execute);
    expect(outcome.systemMessages).toEqual(['audit: write logged']);
  });

  it('AfterTool stop: the tool ran once and the signal carries its outcome', async () => {
    const hooks = systemWith(kind, { AfterTool: [{ output: { continue: false, stopReason: 'review needed' } }] });
    const tool = recordingTool();
    const signal = await stopOf(executeToolWithHooks(hooks, 'write_file', writeEtc, tool.execute));
    expect(signal).toMatchObject({ event: 'AfterTool', reason: 'review needed' });
    expect(tool.inputs).toHaveLength(1);
    expect(signal.partial).toMatchObject({ llmContent: 'wrote 4 bytes', toolName: 'write_file' });
  });
});

describe('executeToolWithHooks with command hooks: exit codes', () => {
  it('exit 2 blocks with stderr as the reason', async () => {
    const hooks = systemWith('command', {
      BeforeTool: [{ command: 'cat >/dev/null; echo "protected path" >&2; exit 2' }],
    });
    const tool = recordingTool();
    const outcome = await executeToolWithHooks(hooks, 'write_file', writeEtc, tool.execute);
    expect(tool.inputs).toEqual([]);
    expect(outcome.blocked?.reason).toBe('protected path');
  });

  it('exit 1 fails open: the tool runs and the outcome carries a warning', async () => {
    const hooks = systemWith('command', { BeforeTool: [{ command: 'cat >/dev/null; echo oops >&2; exit 1' }] });
    const tool = recordingTool();
    const outcome = await executeToolWithHooks(hooks, 'write_file', writeEtc, tool.execute);
    expect(tool.inputs).toEqual([writeEtc]);
    expect(outcome.warnings.length).toBeGreaterThan(0);
  });

  it('AfterTool hooks receive the tool response on stdin', async () => {
    const hooks = systemWith('command', {
      AfterTool: [
        {
          command: `node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const i=JSON.parse(s);console.log(JSON.stringify({systemMessage:i.tool_response.llmContent+"|"+i.tool_input.path}))})'`,
        },
      ],
    });
    const outcome = await executeToolWithHooks(hooks, 'write_file', writeEtc, recordingTool().execute);
    expect(outcome.systemMessages).toEqual(['wrote 4 bytes|/etc/passwd']);
  });
});

describe('executeToolWithHooks without hooks and with failing tools', () => {
  it('passes the original input through untouched when no hook is registered', async () => {
    const hooks = plainSystem();
    const tool = recordingTool({ llmContent: 'ok' });
    const outcome = await executeToolWithHooks(hooks, 'read_file', writeEtc, tool.execute);
    expect(tool.inputs[0]).toBe(writeEtc);
    expect(outcome).toMatchObject({
      llmContent: 'ok',
      display: 'ok',
      isError: false,
      suppressed: false,
      systemMessages: [],
      warnings: [],
    });
  });

  it('turns a throwing tool into an error result that AfterTool hooks see', async () => {
    const seen: HookInput[] = [];
    const hooks = systemWith('function', { AfterTool: [{ run: (input) => void seen.push(input) }] });
    const outcome = await executeToolWithHooks(hooks, 'read_file', { path: 'x' }, () => {
      throw new Error('ENOENT: x');
    });
    expect(outcome).toMatchObject({ isError: true, llmContent: 'Tool "read_file" failed: ENOENT: x' });
    expect(seen[0]).toMatchObject({
      tool_response: { isError: true, llmContent: 'Tool "read_file" failed: ENOENT: x' },
    });
  });

  it('passes the tool call id to hooks and accepts a string result', async () => {
    const seen: HookInput[] = [];
    const hooks = systemWith('function', { BeforeTool: [{ run: (input) => void seen.push(input) }] });
    const outcome = await executeToolWithHooks(hooks, 'read_file', { path: 'x' }, () => 'text', {
      toolCallId: 'call-7',
    });
    expect(seen[0]).toMatchObject({ tool_call_id: 'call-7', tool_name: 'read_file' });
    expect(outcome.llmContent).toBe('text');
  });

  it('uses formatBlocked for the model-facing block message', async () => {
    const hooks = systemWith('function', { BeforeTool: [{ output: { decision: 'deny', reason: 'nope' } }] });
    const outcome = await executeToolWithHooks(hooks, 'write_file', {}, () => 'never', {
      formatBlocked: (name, reason) => `${name}: ${reason}`,
    });
    expect(outcome.llmContent).toBe('write_file: nope');
  });

  it('rejects with the abort reason when the signal aborts while a hook runs', async () => {
    const hooks = systemWith('function', { BeforeTool: [{ run: () => new Promise(() => undefined) }] });
    const controller = new AbortController();
    const pending = executeToolWithHooks(hooks, 'write_file', {}, () => 'never', { signal: controller.signal });
    controller.abort(new Error('user pressed Esc'));
    await expect(pending).rejects.toThrow('user pressed Esc');
  });
});

describe('withToolHooks', () => {
  const calls = [
    { toolName: 'slow', toolInput: { n: 1 } },
    { toolName: 'write_file', toolInput: { path: '/etc/x' } },
    { toolName: 'fast', toolInput: { n: 3 } },
  ];

  it('emits one outcome per call in call order while calls run concurrently', async () => {
    const hooks = systemWith('function', {
      BeforeTool: [{ matcher: 'write_file', output: { decision: 'block', reason: 'no /etc' } }],
    });
    let releaseSlow!: () => void;
    let fastStarted!: () => void;
    const fastRan = new Promise<void>((resolve) => (fastStarted = resolve));
    const execute: ToolExecute = (input, { toolName }) => {
      if (toolName === 'fast') fastStarted();
      if (toolName !== 'slow') return `${toolName} done`;
      return new Promise<string>(
        (resolve) =>
          (releaseSlow = () => {
            resolve('slow done');
          }),
      );
    };
    const done = lastValueFrom(from(calls).pipe(withToolHooks(hooks, execute), toArray()));
    // The fast call runs while the slow one is still pending (else this never resolves): concurrency.
    await fastRan;
    releaseSlow();
    const outcomes = await done;
    expect(outcomes.map((o) => o.llmContent)).toEqual(['slow done', expect.stringContaining('no /etc'), 'fast done']);
  });

  it('errors the stream with AgentStopSignal when a hook stops the agent', async () => {
    const hooks = systemWith('command', {
      AfterTool: [{ matcher: 'fast', output: { continue: false, stopReason: 'halt' } }],
    });
    const outcomes$ = from(calls).pipe(withToolHooks(hooks, () => 'ok'));
    await expect(lastValueFrom(outcomes$)).rejects.toMatchObject({
      name: 'AgentStopSignal',
      event: 'AfterTool',
      reason: 'halt',
    });
  });

  it('completes empty for no calls', async () => {
    const hooks = plainSystem();
    await expect(
      firstValueFrom(
        from([]).pipe(
          withToolHooks(hooks, () => 'x'),
          toArray(),
        ),
      ),
    ).resolves.toEqual([]);
  });
});
