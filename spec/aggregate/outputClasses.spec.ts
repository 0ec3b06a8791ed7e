import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  AfterModelHookOutput,
  BeforeModelHookOutput,
  BeforeToolHookOutput,
  BeforeToolSelectionHookOutput,
  DefaultHookOutput,
  createHookOutput,
  normalizeDecision,
} from '../../lib/aggregate/outputClasses.js';
import { AggregatedHookResult, ProcessedHookResult } from '../../lib/aggregate/aggregatedResult.js';
import { EVENT_NAMES, type EventName } from '../../lib/events/names.js';
import type { HookDecision, HookOutput } from '../../lib/events/outputs.js';
import type { LLMRequest } from '../../lib/events/inputs.js';

const DECISIONS: HookDecision[] = ['ask', 'defer', 'block', 'deny', 'approve', 'allow'];
const CLASSES = [
  DefaultHookOutput,
  BeforeToolHookOutput,
  BeforeModelHookOutput,
  BeforeToolSelectionHookOutput,
  AfterModelHookOutput,
] as const;

describe('normalizeDecision', () => {
  it('maps approve to allow, null and undefined to undefined, and keeps the rest', () => {
    expect(normalizeDecision('approve')).toBe('allow');
    expect(normalizeDecision(null)).toBeUndefined();
    expect(normalizeDecision(undefined)).toBeUndefined();
    for (const decision of ['ask', 'block', 'deny', 'allow'] as const)
      expect(normalizeDecision(decision)).toBe(decision);
  });
});

describe('DefaultHookOutput', () => {
  it('copies the fields of the output it is built from', () => {
    const source: HookOutput = {
      continue: false,
      stopReason: 'stop',
      suppressOutput: true,
      systemMessage: 'note',
      decision: 'deny',
      reason: 'why',
      hookSpecificOutput: { additionalContext: 'ctx' },
    };
    const output = new DefaultHookOutput(source);
    expect({ ...output }).toStrictEqual(source);
    expect(output.hookSpecificOutput).not.toBe(source.hookSpecificOutput);
  });

  it('is not affected by later changes to its source', () => {
    const source: HookOutput = { reason: 'a', hookSpecificOutput: { additionalContext: 'x' } };
    const output = new DefaultHookOutput(source);
    source.reason = 'b';
    source.hookSpecificOutput!.additionalContext = 'y';
    expect(output.reason).toBe('a');
    expect(output.getAdditionalContext()).toBe('x');
  });

  it('has no own keys for fields the source left out or set to undefined', () => {
    const output = new DefaultHookOutput({ reason: 'r', decision: undefined });
    expect(Object.keys(output)).toEqual(['reason']);
    expect(Object.keys(new DefaultHookOutput())).toEqual([]);
  });

  it('blocks exactly on block and deny', () => {
    for (const decision of DECISIONS) {
      expect(new DefaultHookOutput({ decision }).isBlockingDecision()).toBe(
        decision === 'block' || decision === 'deny',
      );
    }
    expect(new DefaultHookOutput({ decision: null }).isBlockingDecision()).toBe(false);
    expect(new DefaultHookOutput({}).isBlockingDecision()).toBe(false);
  });

  it('reports ask only for ask', () => {
    for (const decision of DECISIONS)
      expect(new DefaultHookOutput({ decision }).isAskDecision()).toBe(decision === 'ask');
    expect(new DefaultHookOutput({}).isAskDecision()).toBe(false);
  });

  it('normalises the effective decision', () => {
    expect(new DefaultHookOutput({ decision: 'approve' }).getEffectiveDecision()).toBe('allow');
    expect(new DefaultHookOutput({ decision: null }).getEffectiveDecision()).toBeUndefined();
  });

  it('ignores the BeforeTool compatibility fields', () => {
    const output = new DefaultHookOutput({
      hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'compat' },
    });
    expect(output.isBlockingDecision()).toBe(false);
    expect(output.getEffectiveReason()).toBe('No reason provided');
  });

  it('stops only on an explicit continue: false', () => {
    expect(new DefaultHookOutput({ continue: false }).shouldStopExecution()).toBe(true);
    expect(new DefaultHookOutput({ continue: true }).shouldStopExecution()).toBe(false);
    expect(new DefaultHookOutput({}).shouldStopExecution()).toBe(false);
  });

  it('takes the effective reason from stopReason, then reason, then a default', () => {
    expect(new DefaultHookOutput({ stopReason: 's', reason: 'r' }).getEffectiveReason()).toBe('s');
    expect(new DefaultHookOutput({ reason: 'r' }).getEffectiveReason()).toBe('r');
    expect(new DefaultHookOutput({}).getEffectiveReason()).toBe('No reason provided');
  });

  it('returns additional context only when it is a non-empty string', () => {
    expect(new DefaultHookOutput({ hookSpecificOutput: { additionalContext: 'ctx' } }).getAdditionalContext()).toBe(
      'ctx',
    );
    expect(
      new DefaultHookOutput({ hookSpecificOutput: { additionalContext: '' } }).getAdditionalContext(),
    ).toBeUndefined();
    const notString = { hookSpecificOutput: { additionalContext: 42 } } as unknown as HookOutput;
    expect(new DefaultHookOutput(notString).getAdditionalContext()).toBeUndefined();
    expect(new DefaultHookOutput({}).getAdditionalContext()).toBeUndefined();
  });

  it('describes a block as a blocking error with its reason', () => {
    expect(new DefaultHookOutput({ decision: 'block', reason: 'nope' }).getBlockingError()).toEqual({
      blocked: true,
      reason: 'nope',
    });
    expect(new DefaultHookOutput({ decision: 'deny' }).getBlockingError()).toEqual({
      blocked: true,
      reason: 'No reason provided',
    });
    expect(new DefaultHookOutput({ decision: 'allow', reason: 'fine' }).getBlockingError()).toEqual({
      blocked: false,
      reason: '',
    });
  });
});

describe('toJSON', () => {
  const full: HookOutput = {
    continue: true,
    stopReason: 's',
    suppressOutput: false,
    systemMessage: 'm',
    decision: null,
    reason: 'r',
    hookSpecificOutput: { hookEventName: 'BeforeTool', tool_input: { a: 1 }, extra: [1, 2] },
  };

  it('returns the plain output, a copy not shared with the instance', () => {
    for (const Class of CLASSES) {
      const output = new Class(full);
      const json = output.toJSON();
      expect(json).toStrictEqual(full);
      expect(Object.getPrototypeOf(json)).toBe(Object.prototype);
      expect(json.hookSpecificOutput).not.toBe(output.hookSpecificOutput);
    }
  });

  it('makes JSON.stringify print only the hook fields', () => {
    const text = JSON.stringify(new BeforeToolHookOutput({ decision: 'deny', reason: 'no' }));
    expect(JSON.parse(text)).toStrictEqual({ decision: 'deny', reason: 'no' });
  });

  const arbitraryOutput: fc.Arbitrary<HookOutput> = fc.record(
    {
      continue: fc.boolean(),
      stopReason: fc.string(),
      suppressOutput: fc.boolean(),
      systemMessage: fc.string(),
      decision: fc.constantFrom<HookDecision | null>(null, ...DECISIONS),
      reason: fc.string(),
      hookSpecificOutput: fc.record(
        { additionalContext: fc.string(), permissionDecision: fc.constantFrom(...DECISIONS), tool_input: fc.object() },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: [] },
  );

  it('round-trips through JSON and through the constructor for every class', () => {
    fc.assert(
      fc.property(arbitraryOutput, fc.constantFrom(...CLASSES), (source, Class) => {
        const output = new Class(source);
        expect(JSON.parse(JSON.stringify(output))).toStrictEqual(JSON.parse(JSON.stringify(source)));
        const rebuilt = new Class(output.toJSON());
        expect(rebuilt.toJSON()).toStrictEqual(output.toJSON());
        expect(rebuilt.isBlockingDecision()).toBe(output.isBlockingDecision());
        expect(rebuilt.getEffectiveReason()).toBe(output.getEffectiveReason());
      }),
    );
  });
});

describe('BeforeToolHookOutput', () => {
  it('detects a block given only through permissionDecision (single hook)', () => {
    for (const permissionDecision of ['block', 'deny'] as const) {
      const output = new BeforeToolHookOutput({ hookSpecificOutput: { permissionDecision } });
      expect(output.isBlockingDecision()).toBe(true);
    }
    const withNull = new BeforeToolHookOutput({ decision: null, hookSpecificOutput: { permissionDecision: 'deny' } });
    expect(withNull.isBlockingDecision()).toBe(true);
  });

  it('lets the top-level decision win when both are present', () => {
    const allowWins = new BeforeToolHookOutput({
      decision: 'allow',
      hookSpecificOutput: { permissionDecision: 'deny' },
    });
    expect(allowWins.isBlockingDecision()).toBe(false);
    const denyWins = new BeforeToolHookOutput({
      decision: 'deny',
      hookSpecificOutput: { permissionDecision: 'allow' },
    });
    expect(denyWins.isBlockingDecision()).toBe(true);
  });

  it('reads ask and approve from permissionDecision', () => {
    expect(new BeforeToolHookOutput({ hookSpecificOutput: { permissionDecision: 'ask' } }).isAskDecision()).toBe(true);
    const approve = new BeforeToolHookOutput({ hookSpecificOutput: { permissionDecision: 'approve' } });
    expect(approve.getEffectiveDecision()).toBe('allow');
    expect(approve.isBlockingDecision()).toBe(false);
    expect(new BeforeToolHookOutput({ hookSpecificOutput: { permissionDecision: null } }).getEffectiveDecision()).toBe(
      undefined,
    );
  });

  it('falls back to permissionDecisionReason after stopReason and reason', () => {
    const compat = { permissionDecision: 'deny' as const, permissionDecisionReason: 'compat' };
    expect(new BeforeToolHookOutput({ hookSpecificOutput: compat }).getEffectiveReason()).toBe('compat');
    expect(new BeforeToolHookOutput({ reason: 'top', hookSpecificOutput: compat }).getEffectiveReason()).toBe('top');
    expect(new BeforeToolHookOutput({ stopReason: 'stop', hookSpecificOutput: compat }).getEffectiveReason()).toBe(
      'stop',
    );
    expect(new BeforeToolHookOutput({}).getEffectiveReason()).toBe('No reason provided');
    expect(new BeforeToolHookOutput({ hookSpecificOutput: compat }).getBlockingError()).toEqual({
      blocked: true,
      reason: 'compat',
    });
  });

  it('returns the modified tool input only when it is an object', () => {
    const toolInput = { path: '/safe', content: 'x' };
    expect(new BeforeToolHookOutput({ hookSpecificOutput: { tool_input: toolInput } }).getModifiedToolInput()).toEqual(
      toolInput,
    );
    for (const bad of ['text', [1], null, 3]) {
      const output = new BeforeToolHookOutput({ hookSpecificOutput: { tool_input: bad } } as unknown as HookOutput);
      expect(output.getModifiedToolInput()).toBeUndefined();
    }
    expect(new BeforeToolHookOutput({}).getModifiedToolInput()).toBeUndefined();
  });
});

describe('BeforeModelHookOutput', () => {
  const target: LLMRequest = {
    model: 'm1',
    messages: [{ role: 'user', content: 'hi' }],
    config: { temperature: 0.7, maxOutputTokens: 100 },
    extra: 'kept',
  };

  it('returns the synthetic response and the modified request', () => {
    const llm_response = { text: 'synthetic' };
    const llm_request = { model: 'm2' };
    const output = new BeforeModelHookOutput({ decision: 'block', hookSpecificOutput: { llm_response, llm_request } });
    expect(output.getSyntheticResponse()).toEqual(llm_response);
    expect(output.getModifiedRequest()).toEqual(llm_request);
    expect(new BeforeModelHookOutput({}).getSyntheticResponse()).toBeUndefined();
    expect(new BeforeModelHookOutput({}).getModifiedRequest()).toBeUndefined();
  });

  it('merges config one level deep and keeps the other config keys', () => {
    const output = new BeforeModelHookOutput({ hookSpecificOutput: { llm_request: { config: { temperature: 0 } } } });
    expect(output.applyLLMRequestModifications(target)).toEqual({
      ...target,
      config: { temperature: 0, maxOutputTokens: 100 },
    });
  });

  it('replaces the other fields whole and adds new ones', () => {
    const messages = [{ role: 'system' as const, content: 'be brief' }];
    const output = new BeforeModelHookOutput({
      hookSpecificOutput: { llm_request: { model: 'm2', messages, added: 1 } },
    });
    expect(output.applyLLMRequestModifications(target)).toEqual({ ...target, model: 'm2', messages, added: 1 });
  });

  it('adds config to a request that had none', () => {
    const output = new BeforeModelHookOutput({ hookSpecificOutput: { llm_request: { config: { topK: 3 } } } });
    expect(output.applyLLMRequestModifications({ model: 'm' })).toEqual({ model: 'm', config: { topK: 3 } });
  });

  it('returns a new object and leaves the target unchanged', () => {
    const before = structuredClone(target);
    const modified = new BeforeModelHookOutput({ hookSpecificOutput: { llm_request: { config: { topP: 1 } } } });
    const result = modified.applyLLMRequestModifications(target);
    expect(result).not.toBe(target);
    expect(result.config).not.toBe(target.config);
    const unmodified = new BeforeModelHookOutput({}).applyLLMRequestModifications(target);
    expect(unmodified).not.toBe(target);
    expect(unmodified).toEqual(target);
    expect(target).toStrictEqual(before);
  });
});

describe('BeforeToolSelectionHookOutput', () => {
  const tools = [{ functionDeclarations: [{ name: 'read_file' }, { name: 'write_file' }] }];
  const target = { toolConfig: { mode: 'AUTO', allowedFunctionNames: ['read_file', 'write_file'] }, tools, model: 'm' };

  it('returns the tool config', () => {
    const toolConfig = { mode: 'ANY' as const, allowedFunctionNames: ['a'] };
    expect(new BeforeToolSelectionHookOutput({ hookSpecificOutput: { toolConfig } }).getToolConfig()).toEqual(
      toolConfig,
    );
    expect(new BeforeToolSelectionHookOutput({}).getToolConfig()).toBeUndefined();
  });

  it("replaces mode and allowedFunctionNames with the hook's and leaves tools as they are", () => {
    const output = new BeforeToolSelectionHookOutput({
      hookSpecificOutput: { toolConfig: { mode: 'ANY', allowedFunctionNames: ['read_file'] } },
    });
    const result = output.applyToolConfigModifications(target);
    expect(result).toEqual({ toolConfig: { mode: 'ANY', allowedFunctionNames: ['read_file'] }, tools, model: 'm' });
    expect(result.tools).toBe(tools);
  });

  it('empties allowedFunctionNames for mode NONE, whatever the lists say', () => {
    const output = new BeforeToolSelectionHookOutput({
      hookSpecificOutput: { toolConfig: { mode: 'NONE', allowedFunctionNames: ['read_file'] } },
    });
    expect(output.applyToolConfigModifications(target).toolConfig).toEqual({ mode: 'NONE', allowedFunctionNames: [] });
    const modeOnly = new BeforeToolSelectionHookOutput({ hookSpecificOutput: { toolConfig: { mode: 'NONE' } } });
    expect(modeOnly.applyToolConfigModifications(target).toolConfig).toEqual({
      mode: 'NONE',
      allowedFunctionNames: [],
    });
    const targetNone = { toolConfig: { mode: 'NONE' } };
    const listOnly = new BeforeToolSelectionHookOutput({
      hookSpecificOutput: { toolConfig: { allowedFunctionNames: ['a'] } },
    });
    expect(listOnly.applyToolConfigModifications(targetNone).toolConfig).toEqual({
      mode: 'NONE',
      allowedFunctionNames: [],
    });
  });

  it("keeps the target's value for a field the hook leaves out", () => {
    const listOnly = new BeforeToolSelectionHookOutput({
      hookSpecificOutput: { toolConfig: { allowedFunctionNames: ['a'] } },
    });
    expect(listOnly.applyToolConfigModifications(target).toolConfig).toEqual({
      mode: 'AUTO',
      allowedFunctionNames: ['a'],
    });
    const modeOnly = new BeforeToolSelectionHookOutput({ hookSpecificOutput: { toolConfig: { mode: 'ANY' } } });
    const empty: { toolConfig?: { mode?: string; allowedFunctionNames?: string[] } } = {};
    expect(modeOnly.applyToolConfigModifications(empty).toolConfig).toEqual({ mode: 'ANY' });
  });

  it('returns a new object, does not change the target and does not share the hook list', () => {
    const before = structuredClone(target);
    const allowed = ['read_file'];
    const output = new BeforeToolSelectionHookOutput({
      hookSpecificOutput: { toolConfig: { mode: 'AUTO', allowedFunctionNames: allowed } },
    });
    const result = output.applyToolConfigModifications(target);
    expect(result).not.toBe(target);
    expect(result.toolConfig.allowedFunctionNames).not.toBe(allowed);
    expect(target).toStrictEqual(before);
    const unchanged = new BeforeToolSelectionHookOutput({}).applyToolConfigModifications(target);
    expect(unchanged).not.toBe(target);
    expect(unchanged).toEqual(target);
  });
});

describe('AfterModelHookOutput', () => {
  it('returns the modified response only when it is an object', () => {
    const llm_response = { text: 'redacted' };
    expect(new AfterModelHookOutput({ hookSpecificOutput: { llm_response } }).getModifiedResponse()).toEqual(
      llm_response,
    );
    expect(new AfterModelHookOutput({}).getModifiedResponse()).toBeUndefined();
    const bad = { hookSpecificOutput: { llm_response: 'text' } } as unknown as HookOutput;
    expect(new AfterModelHookOutput(bad).getModifiedResponse()).toBeUndefined();
  });
});

describe('createHookOutput', () => {
  const expected: Partial<Record<EventName, (typeof CLASSES)[number]>> = {
    BeforeTool: BeforeToolHookOutput,
    AfterTool: DefaultHookOutput,
    BeforeAgent: DefaultHookOutput,
    AfterAgent: DefaultHookOutput,
    BeforeModel: BeforeModelHookOutput,
    AfterModel: AfterModelHookOutput,
    BeforeToolSelection: BeforeToolSelectionHookOutput,
    SessionStart: DefaultHookOutput,
    SessionEnd: DefaultHookOutput,
    PreCompress: DefaultHookOutput,
    PostCompress: DefaultHookOutput,
    Notification: DefaultHookOutput,
    SubagentStart: DefaultHookOutput,
    SubagentStop: DefaultHookOutput,
    TurnComplete: DefaultHookOutput,
  };

  // Claude Code's own events have no seed class: they get the default one.
  const classOf = (event: EventName) => expected[event] ?? DefaultHookOutput;

  it.each(EVENT_NAMES.map((event) => [event, classOf(event).name] as const))('%s → %s', (event) => {
    const source: HookOutput = { decision: 'deny', reason: 'r' };
    const output = createHookOutput(event, source);
    expect(Object.getPrototypeOf(output)).toBe(classOf(event).prototype);
    expect(output.toJSON()).toStrictEqual(source);
  });

  it('honours permissionDecision only for BeforeTool', () => {
    const source: HookOutput = { hookSpecificOutput: { permissionDecision: 'deny' } };
    expect(createHookOutput('BeforeTool', source).isBlockingDecision()).toBe(true);
    expect(createHookOutput('AfterTool', source).isBlockingDecision()).toBe(false);
  });
});

describe('AggregatedHookResult', () => {
  it('keeps the fields it is given', () => {
    const finalOutput = new BeforeToolHookOutput({ decision: 'deny' });
    const allOutputs: HookOutput[] = [{ decision: 'allow' }, { decision: 'deny' }];
    const errors = [new Error('boom')];
    const result = new AggregatedHookResult({ success: false, finalOutput, allOutputs, errors, totalDuration: 12 });
    expect(result.success).toBe(false);
    expect(result.finalOutput).toBe(finalOutput);
    expect(result.allOutputs).toBe(allOutputs);
    expect(result.errors).toBe(errors);
    expect(result.totalDuration).toBe(12);
    expect(
      'finalOutput' in new AggregatedHookResult({ success: true, allOutputs: [], errors: [], totalDuration: 0 }),
    ).toBe(false);
  });

  it('serialises as plain data: finalOutput as the plain output, errors as messages', () => {
    const result = new AggregatedHookResult({
      success: false,
      finalOutput: new BeforeToolHookOutput({ decision: 'deny', reason: 'no' }),
      allOutputs: [{ decision: 'deny', reason: 'no' }],
      errors: [new Error('exit 1'), new TypeError('bad')],
      totalDuration: 5,
    });
    const plain = {
      success: false,
      finalOutput: { decision: 'deny', reason: 'no' },
      allOutputs: [{ decision: 'deny', reason: 'no' }],
      errors: ['exit 1', 'bad'],
      totalDuration: 5,
    };
    expect(result.toJSON()).toStrictEqual(plain);
    expect(JSON.parse(JSON.stringify(result))).toStrictEqual(plain);
  });

  it('leaves finalOutput out of the JSON when there is none', () => {
    const result = new AggregatedHookResult({ success: true, allOutputs: [], errors: [], totalDuration: 1 });
    expect(JSON.parse(JSON.stringify(result))).toStrictEqual({
      success: true,
      allOutputs: [],
      errors: [],
      totalDuration: 1,
    });
  });
});

describe('ProcessedHookResult.from', () => {
  const aggregate = (finalOutput?: DefaultHookOutput): AggregatedHookResult =>
    new AggregatedHookResult({
      success: true,
      ...(finalOutput && { finalOutput }),
      allOutputs: [],
      errors: [],
      totalDuration: 0,
    });

  it('stops with the effective reason on continue: false', () => {
    const aggregated = aggregate(new DefaultHookOutput({ continue: false, stopReason: 'done', reason: 'r' }));
    const processed = ProcessedHookResult.from(aggregated);
    expect(processed.aggregated).toBe(aggregated);
    expect(processed.shouldStop).toBe(true);
    expect(processed.stopReason).toBe('done');
    expect(ProcessedHookResult.from(aggregate(new DefaultHookOutput({ continue: false }))).stopReason).toBe(
      'No reason provided',
    );
  });

  it('has no stop reason when execution continues', () => {
    const processed = ProcessedHookResult.from(aggregate(new DefaultHookOutput({ continue: true, stopReason: 'x' })));
    expect(processed.shouldStop).toBe(false);
    expect(processed.stopReason).toBeUndefined();
  });

  it('passes systemMessage and suppressOutput through, treating an empty message as none', () => {
    const processed = ProcessedHookResult.from(
      aggregate(new DefaultHookOutput({ systemMessage: 'hi', suppressOutput: true })),
    );
    expect(processed.systemMessage).toBe('hi');
    expect(processed.suppressOutput).toBe(true);
    expect(
      ProcessedHookResult.from(aggregate(new DefaultHookOutput({ systemMessage: '' }))).systemMessage,
    ).toBeUndefined();
  });

  it('means carry on, no message, no suppression when there is no final output', () => {
    const processed = ProcessedHookResult.from(aggregate());
    expect(processed).toMatchObject({
      shouldStop: false,
      stopReason: undefined,
      systemMessage: undefined,
      suppressOutput: false,
    });
  });
});
