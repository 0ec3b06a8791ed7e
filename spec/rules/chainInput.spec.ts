import { describe, expect, it } from 'vitest';
import { applyHookOutputToInput } from '../../lib/rules/chainInput.js';
import type { HookInput } from '../../lib/events/inputs.js';
import { beforeAgent, beforeModel, beforeTool, inputOf, sessionStart } from '../helpers/marbles.js';
import { afterTool as afterToolInput } from '../../lib/testing/index.js';

describe('applyHookOutputToInput', () => {
  describe('BeforeTool', () => {
    it('shallow-merges tool_input and keeps the other fields', () => {
      const input = beforeTool('write_file', { path: 'a.txt', content: 'x', mode: { append: true } });
      const next = applyHookOutputToInput(input, {
        hookSpecificOutput: { tool_input: { path: 'b.txt', mode: { create: true } } },
      });
      expect(next).toEqual({
        ...input,
        tool_input: { path: 'b.txt', content: 'x', mode: { create: true } },
      });
    });

    it('never mutates the input it was given', () => {
      const input = beforeTool('write_file', { path: 'a.txt' });
      const snapshot = structuredClone(input);
      applyHookOutputToInput(input, { hookSpecificOutput: { tool_input: { path: 'b.txt' } } });
      expect(input).toEqual(snapshot);
    });

    it('returns the same input when there is nothing to chain', () => {
      const input = beforeTool();
      expect(applyHookOutputToInput(input, undefined)).toBe(input);
      expect(applyHookOutputToInput(input, {})).toBe(input);
      expect(applyHookOutputToInput(input, { decision: 'allow', systemMessage: 'hi' })).toBe(input);
      expect(applyHookOutputToInput(input, { hookSpecificOutput: { additionalContext: 'ctx' } })).toBe(input);
    });

    it('ignores a tool_input that is not an object', () => {
      const input = beforeTool();
      const bad = { hookSpecificOutput: { tool_input: ['x'] as unknown as Record<string, unknown> } };
      expect(applyHookOutputToInput(input, bad)).toBe(input);
    });
  });

  describe('BeforeModel', () => {
    it('shallow-merges llm_request, one level deeper for config', () => {
      const input = beforeModel({ model: 'm-1', config: { temperature: 0.5, topP: 1 }, messages: [] });
      const next = applyHookOutputToInput(input, {
        hookSpecificOutput: { llm_request: { model: 'm-2', config: { temperature: 0 } } },
      });
      expect(next).toEqual({
        ...input,
        llm_request: { model: 'm-2', config: { temperature: 0, topP: 1 }, messages: [] },
      });
    });

    it('takes the patch config as it is when the original has none', () => {
      const input = beforeModel({ model: 'm-1' });
      const next = applyHookOutputToInput(input, { hookSpecificOutput: { llm_request: { config: { topK: 3 } } } });
      expect(next).toEqual({ ...input, llm_request: { model: 'm-1', config: { topK: 3 } } });
    });

    it('keeps the original config when the patch has no config', () => {
      const input = beforeModel({ model: 'm-1', config: { temperature: 0.5 } });
      const next = applyHookOutputToInput(input, { hookSpecificOutput: { llm_request: { model: 'm-2' } } });
      expect(next).toEqual({ ...input, llm_request: { model: 'm-2', config: { temperature: 0.5 } } });
    });

    it('treats a config that is not an object as no config patch', () => {
      const input = beforeModel({ model: 'm-1', config: { temperature: 0.5 } });
      const next = applyHookOutputToInput(input, {
        hookSpecificOutput: { llm_request: { model: 'm-2', config: undefined } },
      });
      expect(next.hook_event_name === 'BeforeModel' && next.llm_request).toStrictEqual({
        model: 'm-2',
        config: { temperature: 0.5 },
      });
    });

    it('ignores tool_input on a model event', () => {
      const input = beforeModel();
      expect(applyHookOutputToInput(input, { hookSpecificOutput: { tool_input: { path: 'x' } } })).toBe(input);
    });
  });

  describe('BeforeAgent', () => {
    it('appends a blank line and the additional context to the prompt', () => {
      const input = beforeAgent('fix the bug');
      const next = applyHookOutputToInput(input, { hookSpecificOutput: { additionalContext: 'use tabs' } });
      expect(next).toEqual({ ...input, prompt: 'fix the bug\n\nuse tabs' });
    });

    it('leaves the prompt alone for an empty additional context', () => {
      const input = beforeAgent('fix the bug');
      expect(applyHookOutputToInput(input, { hookSpecificOutput: { additionalContext: '' } })).toBe(input);
    });
  });

  it('chains nothing for other events', () => {
    const inputs: HookInput[] = [
      sessionStart('startup'),
      inputOf('AfterTool', { tool_name: 't', tool_input: { a: 1 }, tool_response: {} }),
    ];
    for (const input of inputs) {
      const output = { hookSpecificOutput: { tool_input: { a: 2 }, additionalContext: 'ctx' } };
      expect(applyHookOutputToInput(input, output)).toBe(input);
    }
  });
});

describe('applyHookOutputToInput: AfterTool', () => {
  it('replaces tool_response for the next hook, keeping every other field', () => {
    const input = afterToolInput('read_env', { name: 'AWS' }, { llmContent: 'AKIAABCDEFGHIJKLMNOP', isError: false });
    const next = applyHookOutputToInput(input, { hookSpecificOutput: { tool_response: { llmContent: '[redacted]' } } });
    expect(next).toEqual({ ...input, tool_response: { llmContent: '[redacted]' } });
    expect(input.tool_response).toEqual({ llmContent: 'AKIAABCDEFGHIJKLMNOP', isError: false });
  });

  it('returns the same input when no replacement was given', () => {
    const input = afterToolInput('read_env', {}, { llmContent: 'x' });
    expect(applyHookOutputToInput(input, { hookSpecificOutput: { additionalContext: 'ctx' } })).toBe(input);
  });
});
