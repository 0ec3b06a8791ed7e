import { describe, expect, it } from 'vitest';
import { fastPathResult } from '../../lib/aggregate/fastPath.js';
import { assembleHookResult, emptyHookResult } from '../../lib/aggregate/hookResult.js';
import type { HookInput } from '../../lib/events/inputs.js';
import type { HookOutput } from '../../lib/events/outputs.js';
import { applyHookOutputToInput } from '../../lib/rules/chainInput.js';
import type { HookRun } from '../../lib/model/types.js';
import {
  beforeModel,
  beforeTool,
  beforeToolSelection,
  blockedRun,
  inputOf,
  okRun,
  runOf,
  warningRun,
} from '../helpers/marbles.js';

const assemble = (input: HookInput, runs: HookRun[], toolSelection?: 'union' | 'intersection') =>
  assembleHookResult(input.hook_event_name, input, runs, {
    durationMs: 7,
    ...(toolSelection ? { toolSelection } : {}),
  });

/** Runs named h1, h2, … that exited 0 with the given outputs, in plan order. */
const outputs = (...list: HookOutput[]) => list.map((output, index) => okRun(`h${index + 1}`, output));

describe('assembleHookResult', () => {
  describe('functional spec §8.1 conflict examples', () => {
    it('BeforeToolSelection: NONE beats an allow-list and empties it', () => {
      const result = assemble(
        beforeToolSelection(),
        outputs(
          { hookSpecificOutput: { toolConfig: { mode: 'NONE' } } },
          { hookSpecificOutput: { toolConfig: { mode: 'AUTO', allowedFunctionNames: ['read_file', 'write_file'] } } },
        ),
      );
      expect(result.toolConfig).toEqual({ mode: 'NONE', allowedFunctionNames: [] });
    });

    it('BeforeModel in parallel: the later hook in plan order wins the temperature', () => {
      const request = beforeModel({ model: 'm-1', config: { temperature: 0.5, topP: 0.9 } });
      const zero = { hookSpecificOutput: { llm_request: { config: { temperature: 0.0 } } } };
      const one = { hookSpecificOutput: { llm_request: { config: { temperature: 1.0 } } } };
      expect(assemble(request, outputs(zero, one)).llmRequest).toEqual({
        model: 'm-1',
        config: { temperature: 1.0, topP: 0.9 },
      });
      expect(assemble(request, outputs(one, zero)).llmRequest).toEqual({
        model: 'm-1',
        config: { temperature: 0.0, topP: 0.9 },
      });
    });

    it('BeforeTool: allow plus block is blocked with the blocking reason', () => {
      const result = assemble(
        beforeTool(),
        outputs({ decision: 'allow' }, { decision: 'block', reason: 'Policy violation' }),
      );
      expect(result).toMatchObject({ blocked: true, decision: 'block', reason: 'Policy violation' });
    });
  });

  describe('decisions', () => {
    it('keeps blocking sticky: BeforeModel deny then allow is still blocked', () => {
      const result = assemble(beforeModel(), outputs({ decision: 'deny', reason: 'no model' }, { decision: 'allow' }));
      expect(result).toMatchObject({ blocked: true, decision: 'deny', reason: 'no model' });
    });

    it('lets ask beat allow but lose to block', () => {
      expect(
        assemble(beforeTool(), outputs({ decision: 'allow' }, { decision: 'ask', reason: 'sure?' })),
      ).toMatchObject({
        blocked: false,
        decision: 'ask',
        reason: 'sure?',
      });
      const blocked = assemble(
        beforeTool(),
        outputs({ decision: 'ask', reason: 'sure?' }, { decision: 'block', reason: 'no' }),
      );
      expect(blocked).toMatchObject({ blocked: true, decision: 'block', reason: 'no' });
    });

    it("normalizes decision 'approve' to 'allow'", () => {
      const result = assemble(beforeTool(), outputs({ decision: 'approve' }));
      expect(result.decision).toBe('allow');
      expect(result.blocked).toBe(false);
    });

    it('has no decision when no hook expressed one', () => {
      const result = assemble(beforeTool(), outputs({ systemMessage: 'hi' }, {}));
      expect(result.decision).toBeUndefined();
      expect(result.reason).toBeUndefined();
    });

    it('joins the reasons of every blocking hook, and only theirs', () => {
      const result = assemble(
        beforeTool(),
        outputs(
          { decision: 'allow', reason: 'fine by me' },
          { decision: 'block', reason: 'first' },
          { decision: 'deny', reason: 'second' },
        ),
      );
      expect(result.reason).toBe('first\nsecond');
    });

    it('joins every reason when nothing blocks', () => {
      const result = assemble(beforeTool(), outputs({ decision: 'allow', reason: 'a' }, { reason: 'b' }));
      expect(result.reason).toBe('a\nb');
    });

    it('uses the run message, then a default, as the reason of a block without one', () => {
      const exitTwo = runOf('h1', 'blocked', { exitCode: 2, message: 'stderr said no' });
      const silent = okRun('h2', { decision: 'block' });
      expect(assemble(beforeTool(), [exitTwo, silent]).reason).toBe('stderr said no\nBlocked by hook "h2"');
    });

    it('detects a compatibility-only permissionDecision block during a multi-hook merge', () => {
      const result = assemble(
        beforeTool(),
        outputs(
          { decision: 'allow' },
          { hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'compat says no' } },
        ),
      );
      expect(result).toMatchObject({ blocked: true, decision: 'deny', reason: 'compat says no' });
    });

    it('lets the top-level decision override permissionDecision', () => {
      const result = assemble(
        beforeTool(),
        outputs({ decision: 'allow', hookSpecificOutput: { permissionDecision: 'deny' } }),
      );
      expect(result).toMatchObject({ blocked: false, decision: 'allow' });
    });

    it('ignores permissionDecision outside BeforeTool', () => {
      const result = assemble(beforeModel(), outputs({ hookSpecificOutput: { permissionDecision: 'deny' } }));
      expect(result.blocked).toBe(false);
    });
  });

  describe('common fields', () => {
    it('stops when any hook says continue: false, joining the stop reasons', () => {
      const result = assemble(
        beforeTool(),
        outputs({ continue: false, stopReason: 'one' }, { continue: true }, { continue: false, stopReason: 'two' }),
      );
      expect(result).toMatchObject({ stopped: true, stopReason: 'one\ntwo' });
      expect(assemble(beforeTool(), outputs({ continue: true })).stopped).toBe(false);
    });

    it('ORs suppressOutput', () => {
      expect(assemble(beforeTool(), outputs({ suppressOutput: false }, { suppressOutput: true })).suppressOutput).toBe(
        true,
      );
      expect(assemble(beforeTool(), outputs({ suppressOutput: false }, {})).suppressOutput).toBe(false);
    });

    it('joins system messages and additional context in plan order, skipping blanks', () => {
      const result = assemble(
        beforeTool(),
        outputs(
          { systemMessage: 'first', hookSpecificOutput: { additionalContext: 'ctx 1' } },
          { systemMessage: '  ' },
          { systemMessage: 'second', hookSpecificOutput: { additionalContext: 'ctx 2' } },
        ),
      );
      expect(result.systemMessage).toBe('first\nsecond');
      expect(result.additionalContext).toBe('ctx 1\nctx 2');
    });

    it('lists one warning line per failed run and per dropped output field', () => {
      const result = assemble(beforeTool(), [
        warningRun('h1', 'Hook "h1" exited with code 1: boom'),
        runOf('h2', 'timeout', { message: 'Hook "h2" timed out after 500 ms' }),
        runOf('h3', 'untrusted'),
        okRun('h4', { systemMessage: 'ok' }),
        { ...okRun('h5'), outputWarnings: ['field "continue": expected boolean, received "yes"; ignored'] },
      ]);
      expect(result.warnings).toEqual([
        'Hook "h1" exited with code 1: boom',
        'Hook "h2" timed out after 500 ms',
        'Hook "h3" untrusted',
        'Hook "h5": field "continue": expected boolean, received "yes"; ignored',
      ]);
      expect(result.blocked).toBe(false);
    });
  });

  describe('success (execution health, not policy)', () => {
    it('is false when a hook exited 2', () => {
      expect(assemble(beforeTool(), [okRun('h1'), blockedRun('h2', 'no')]).success).toBe(false);
    });

    it('is true for a block given as a decision at exit 0', () => {
      const result = assemble(beforeTool(), outputs({ decision: 'block', reason: 'no' }));
      expect(result).toMatchObject({ success: true, blocked: true });
    });

    it('is false when a hook failed open, and true for skipped hooks', () => {
      expect(assemble(beforeTool(), [okRun('h1'), warningRun('h2')]).success).toBe(false);
      expect(assemble(beforeTool(), [blockedRun('h1', 'no'), runOf('h2', 'skipped')]).success).toBe(false);
      expect(assemble(beforeTool(), [okRun('h1', { decision: 'deny' }), runOf('h2', 'skipped')]).success).toBe(true);
    });

    it('is false for a strict hook whose failure became a block', () => {
      const reason = 'Hook "h1" failed (strict): timed out after 500ms';
      const strict = runOf('h1', 'blocked', {
        message: reason,
        output: { decision: 'block', reason },
        strictFailure: 'timeout',
      });
      expect(assemble(beforeTool(), [strict])).toMatchObject({ success: false, blocked: true, reason });
    });

    it('is true when nothing ran', () => {
      expect(assemble(beforeTool(), []).success).toBe(true);
    });
  });

  describe('event fields', () => {
    it('BeforeTool: shallow-merges tool_input patches onto the original in plan order', () => {
      const input = beforeTool('write_file', { path: 'a.txt', content: 'x' });
      const result = assemble(
        input,
        outputs(
          { hookSpecificOutput: { tool_input: { path: 'b.txt' } } },
          { hookSpecificOutput: { tool_input: { path: 'c.txt', mode: 'w' } } },
        ),
      );
      expect(result.toolInput).toEqual({ path: 'c.txt', content: 'x', mode: 'w' });
      expect(input.tool_input).toEqual({ path: 'a.txt', content: 'x' });
    });

    it('BeforeTool: passes the original tool_input through when no hook changed it', () => {
      const input = beforeTool('write_file', { path: 'a.txt' });
      expect(assemble(input, outputs({ decision: 'allow' })).toolInput).toEqual({ path: 'a.txt' });
    });

    it('BeforeModel: a config that is not an object never wipes the original config', () => {
      const request = beforeModel({ model: 'm-1', config: { temperature: 0.5 } });
      const result = assemble(
        request,
        outputs({ hookSpecificOutput: { llm_request: { model: 'm-2', config: undefined } } }),
      );
      expect(result.llmRequest).toStrictEqual({ model: 'm-2', config: { temperature: 0.5 } });
    });

    it('BeforeModel: parallel and sequential give the same request (aggregation matches the chain)', () => {
      const request = beforeModel({ model: 'm-1', config: { temperature: 0.5, topP: 1 } });
      const patches = [{ config: { temperature: 0 } }, { model: 'm-2' }, { config: { topK: 3 } }];
      const chained = patches.reduce<HookInput>(
        (input, llm_request) => applyHookOutputToInput(input, { hookSpecificOutput: { llm_request } }),
        request,
      );
      const result = assemble(
        request,
        outputs(...patches.map((llm_request) => ({ hookSpecificOutput: { llm_request } }))),
      );
      expect(chained.hook_event_name === 'BeforeModel' && chained.llm_request).toEqual(result.llmRequest);
      expect(result.llmRequest).toEqual({ model: 'm-2', config: { temperature: 0, topP: 1, topK: 3 } });
    });

    it('BeforeModel: a synthetic llm_response is the last writer', () => {
      const result = assemble(
        beforeModel(),
        outputs(
          { hookSpecificOutput: { llm_response: { text: 'first' } } },
          { hookSpecificOutput: { llm_response: { text: 'second' } } },
          {},
        ),
      );
      expect(result.llmResponse).toEqual({ text: 'second' });
    });

    it('AfterModel: the last writer replaces the response; otherwise the original passes through', () => {
      const input = inputOf('AfterModel', { llm_request: { model: 'm' }, llm_response: { text: 'original' } });
      expect(
        assemble(input, outputs({ hookSpecificOutput: { llm_response: { text: 'edited' } } })).llmResponse,
      ).toEqual({
        text: 'edited',
      });
      expect(assemble(input, outputs({})).llmResponse).toEqual({ text: 'original' });
    });

    it('BeforeToolSelection: sorted union of names, most restrictive mode', () => {
      const result = assemble(
        beforeToolSelection(),
        outputs(
          { hookSpecificOutput: { toolConfig: { mode: 'AUTO', allowedFunctionNames: ['write_file', 'read_file'] } } },
          { hookSpecificOutput: { toolConfig: { mode: 'ANY', allowedFunctionNames: ['shell', 'read_file'] } } },
        ),
      );
      expect(result.toolConfig).toEqual({ mode: 'ANY', allowedFunctionNames: ['read_file', 'shell', 'write_file'] });
    });

    it('BeforeToolSelection: the intersection option keeps only names every constraining hook allows', () => {
      const runs = outputs(
        { hookSpecificOutput: { toolConfig: { mode: 'ANY', allowedFunctionNames: ['write_file', 'read_file'] } } },
        { hookSpecificOutput: { toolConfig: { allowedFunctionNames: ['read_file', 'shell'] } } },
        { hookSpecificOutput: { toolConfig: { mode: 'AUTO' } } },
      );
      expect(assemble(beforeToolSelection(), runs, 'intersection').toolConfig).toEqual({
        mode: 'ANY',
        allowedFunctionNames: ['read_file'],
      });
    });

    it('BeforeToolSelection: no toolConfig when no hook constrained the selection', () => {
      expect(assemble(beforeToolSelection(), outputs({})).toolConfig).toBeUndefined();
    });
  });

  it('keeps the runs in plan order and the given durationMs', () => {
    const runs = [okRun('h1'), warningRun('h2'), blockedRun('h3', 'no')];
    const result = assemble(beforeTool(), runs);
    expect(result.hooks).toEqual(runs);
    expect(result.durationMs).toBe(7);
    expect(result.aggregated.totalDuration).toBe(7);
  });

  it('fills the seed AggregatedHookResult with the merged output', () => {
    const result = assemble(
      beforeTool(),
      outputs({ decision: 'allow', systemMessage: 'a' }, { decision: 'block', reason: 'no' }),
    );
    expect(result.aggregated.toJSON()).toEqual({
      success: true,
      finalOutput: { decision: 'block', reason: 'no', systemMessage: 'a' },
      allOutputs: [
        { decision: 'allow', systemMessage: 'a' },
        { decision: 'block', reason: 'no' },
      ],
      errors: [],
      totalDuration: 7,
    });
    expect(result.aggregated.finalOutput?.isBlockingDecision()).toBe(true);
  });

  it('emptyHookResult passes the originals through', () => {
    const input = beforeTool('write_file', { path: 'a.txt' });
    expect(emptyHookResult('BeforeTool', input)).toMatchObject({
      event: 'BeforeTool',
      blocked: false,
      stopped: false,
      suppressOutput: false,
      warnings: [],
      hooks: [],
      success: true,
      durationMs: 0,
      toolInput: { path: 'a.txt' },
    });
  });

  describe('frozen alike (a host cannot mutate one kind of result and not the other)', () => {
    it('freezes an assembled result, its warnings, its hooks and each run record', () => {
      const runs = [okRun('h1', { systemMessage: 'hi' }), warningRun('h2', 'Hook "h2" exited with code 1')];
      const result = assemble(beforeTool(), runs);
      expect(Object.isFrozen(result)).toBe(true);
      expect(Object.isFrozen(result.warnings)).toBe(true);
      expect(Object.isFrozen(result.hooks)).toBe(true);
      expect(result.hooks.every((run) => Object.isFrozen(run))).toBe(true);
      expect(Object.isFrozen(result.aggregated)).toBe(true);
      // Through `unknown`: the point is what happens when a host ignores the types.
      const warnings: unknown = result.warnings;
      expect(() => (warnings as string[]).push('x')).toThrow(TypeError);
      expect(() => {
        (result as { blocked: boolean }).blocked = true;
      }).toThrow(TypeError);
    });

    it('freezes fast-path results the same way, pass-through copies included', () => {
      for (const result of [
        fastPathResult('SessionStart', { source: 'startup' }),
        fastPathResult('BeforeTool', { tool_name: 'write_file', tool_input: { path: 'a.txt' } }),
      ]) {
        expect(Object.isFrozen(result)).toBe(true);
        expect(Object.isFrozen(result.warnings)).toBe(true);
        expect(Object.isFrozen(result.hooks)).toBe(true);
        expect(Object.isFrozen(result.aggregated)).toBe(true);
      }
    });

    it('gives the fast path and an assembled empty result equal contents', () => {
      const input = beforeTool('write_file', { path: 'a.txt' });
      expect(fastPathResult('BeforeTool', input)).toEqual(emptyHookResult('BeforeTool', input));
      expect(fastPathResult('Notification', {})).toEqual(emptyHookResult('Notification', {}));
    });

    it("leaves the caller's runs array unfrozen and shares no array with it", () => {
      const runs = [okRun('h1')];
      const result = assemble(beforeTool(), runs);
      expect(Object.isFrozen(runs)).toBe(false);
      expect(result.hooks).not.toBe(runs);
    });
  });
});
