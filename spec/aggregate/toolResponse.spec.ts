/**
 * AfterTool result replacement in the fold (DESIGN §5 "AfterTool can replace the tool's result"): the canonical
 * field is `hookSpecificOutput.tool_response`, folded last-writer in plan order (never completion order).
 */
import { describe, expect, it } from 'vitest';
import { assembleHookResult } from '../../lib/aggregate/hookResult.js';
import { decodeHookOutput } from '../../lib/events/outputs.js';
import type { HookInput } from '../../lib/events/inputs.js';
import type { HookOutput } from '../../lib/events/outputs.js';
import type { HookRun } from '../../lib/model/types.js';
import { afterTool } from '../../lib/testing/index.js';
import { blockedRun, okRun } from '../helpers/marbles.js';

const input = afterTool('read_env', { name: 'AWS' }, { llmContent: 'AKIAABCDEFGHIJKLMNOP' });
const assemble = (runs: HookRun[], event: HookInput = input) =>
  assembleHookResult(event.hook_event_name, event, runs, { durationMs: 1 });
const replace = (llmContent: string): HookOutput => ({ hookSpecificOutput: { tool_response: { llmContent } } });

describe('AfterTool tool_response replacement', () => {
  it('is absent when no hook replaced the result', () => {
    const result = assemble([okRun('h1', { hookSpecificOutput: { additionalContext: 'checked' } })]);
    expect(result.toolResponse).toBeUndefined();
    expect(result.additionalContext).toBe('checked');
  });

  it('takes the last writer in plan order, whatever order the runs finished in', () => {
    const result = assemble([okRun('h1', replace('first')), okRun('h2', {}), okRun('h3', replace('[redacted]'))]);
    expect(result.toolResponse).toEqual({ llmContent: '[redacted]' });
    expect(result.aggregated.finalOutput?.hookSpecificOutput).toMatchObject({
      tool_response: { llmContent: '[redacted]' },
    });
  });

  it('keeps a replacement beside a block and the context (the host decides what the model sees)', () => {
    const result = assemble([
      okRun('redact', replace('[redacted]')),
      blockedRun('guard', 'secrets in output'),
      okRun('ctx', { hookSpecificOutput: { additionalContext: 'rotate the key' } }),
    ]);
    expect(result).toMatchObject({
      blocked: true,
      reason: 'secrets in output',
      additionalContext: 'rotate the key',
      toolResponse: { llmContent: '[redacted]' },
    });
  });

  it('is ignored on other events', () => {
    const before = { ...input, hook_event_name: 'BeforeTool' } as unknown as HookInput;
    expect(assemble([okRun('h1', replace('x'))], before).toolResponse).toBeUndefined();
  });
});

describe('decoding the field', () => {
  it("accepts any JSON value but null (the result in the agent's own shape: MCP content blocks, text …)", () => {
    for (const value of [{ llmContent: 'ok' }, [{ type: 'text', text: 'ok' }], 'text', 0, false]) {
      expect(decodeHookOutput({ hookSpecificOutput: { tool_response: value } }).output).toEqual({
        hookSpecificOutput: { tool_response: value },
      });
    }
    const bad = decodeHookOutput({ hookSpecificOutput: { tool_response: null } });
    expect(bad.output.hookSpecificOutput).toEqual({});
    expect(bad.warnings).toEqual([expect.stringContaining('field "hookSpecificOutput.tool_response": expected')]);
  });

  it('folds a non-object replacement like any other (last writer in plan order)', () => {
    const blocks = [{ type: 'text', text: '[redacted]' }];
    const result = assemble([
      okRun('h1', replace('first')),
      okRun('h2', { hookSpecificOutput: { tool_response: blocks } }),
    ]);
    expect(result.toolResponse).toEqual(blocks);
  });

  it("reads x-code's `output` of a modify decision as the replacement (a string is its llmContent)", () => {
    expect(decodeHookOutput({ decision: 'modify', output: 'short' })).toEqual({
      output: { hookSpecificOutput: { tool_response: { llmContent: 'short' } } },
      warnings: [],
    });
    expect(decodeHookOutput({ decision: 'modify', output: { rows: 2 } }).output.hookSpecificOutput).toEqual({
      tool_response: { rows: 2 },
    });
  });
});
