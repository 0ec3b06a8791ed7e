import { describe, expect, it } from 'vitest';
import { from, lastValueFrom, toArray } from 'rxjs';
import { callModelWithHooks, withModelHooks } from '../../lib/host/modelHooks.js';
import { AgentStopSignal } from '../../lib/host/stopSignal.js';
import type { HookInput, HookOutput } from '../../lib/index.js';
import { fakeTranslator, userRequest, type FakeRequest, type FakeResponse } from './fakeTranslator.js';
import { KINDS, plainSystem, systemWith } from './hostHarness.js';

/** A model that records what it was asked and answers with a fixed text. */
const recordingModel = (text = 'model says hi') => {
  const requests: FakeRequest[] = [];
  const call = (request: FakeRequest): FakeResponse => {
    requests.push(request);
    return { text };
  };
  return { requests, call };
};

const specific = (event: string, fields: Record<string, unknown>): HookOutput => ({
  hookSpecificOutput: { hookEventName: event, ...fields },
});

describe.each(KINDS)('callModelWithHooks with %s hooks', (kind) => {
  it('BeforeModel block with llm_response: the model is not called and the synthetic response is returned', async () => {
    const hooks = systemWith(kind, {
      BeforeModel: [
        {
          output: {
            decision: 'block',
            reason: 'cached',
            ...specific('BeforeModel', { llm_response: { text: 'from cache' } }),
          },
        },
      ],
    });
    const model = recordingModel();
    const outcome = await callModelWithHooks(hooks, userRequest(), model.call, { translator: fakeTranslator() });
    expect(model.requests).toEqual([]);
    expect(outcome).toMatchObject({
      called: false,
      response: { text: 'from cache' },
      blocked: { reason: 'cached', synthetic: true },
    });
  });

  it('BeforeModel block with the older candidates/parts shape is accepted', async () => {
    const llm_response = { candidates: [{ content: { role: 'model', parts: [{ text: 'legacy ' }, 'shape'] } }] };
    const hooks = systemWith(kind, {
      BeforeModel: [{ output: { decision: 'deny', ...specific('BeforeModel', { llm_response }) } }],
    });
    const outcome = await callModelWithHooks(hooks, userRequest(), recordingModel().call, {
      translator: fakeTranslator(),
    });
    expect(outcome.response).toEqual({ text: 'legacy shape' });
  });

  it('BeforeModel block without llm_response: the model is not called and the response is empty', async () => {
    const hooks = systemWith(kind, { BeforeModel: [{ output: { decision: 'block', reason: 'offline mode' } }] });
    const model = recordingModel();
    const outcome = await callModelWithHooks(hooks, userRequest(), model.call, { translator: fakeTranslator() });
    expect(model.requests).toEqual([]);
    expect(outcome).toMatchObject({
      called: false,
      response: { text: '' },
      blocked: { reason: 'offline mode', synthetic: false },
    });
  });

  it.each([
    ['a string', 'garbage'],
    ['candidates that are not a list', { candidates: 'oops' }],
    ['a text of the wrong type', { text: 42 }],
  ])('BeforeModel block with a malformed llm_response (%s) still blocks', async (_label, llm_response) => {
    const hooks = systemWith(kind, {
      BeforeModel: [{ output: { decision: 'block', reason: 'policy', ...specific('BeforeModel', { llm_response }) } }],
    });
    const model = recordingModel();
    const outcome = await callModelWithHooks(hooks, userRequest(), model.call, { translator: fakeTranslator() });
    expect(model.requests).toEqual([]);
    expect(outcome).toMatchObject({ called: false, response: { text: '' }, blocked: { reason: 'policy' } });
  });

  it('BeforeModel modify: the model receives the edited request', async () => {
    const llm_request = { messages: [{ role: 'user', content: 'hello, politely' }], config: { temperature: 0 } };
    const hooks = systemWith(kind, { BeforeModel: [{ output: specific('BeforeModel', { llm_request }) }] });
    const model = recordingModel();
    const outcome = await callModelWithHooks(hooks, { ...userRequest(), temperature: 0.9 }, model.call, {
      translator: fakeTranslator(),
    });
    expect(model.requests).toEqual([
      { ...userRequest(), messages: [{ role: 'user', content: 'hello, politely' }], temperature: 0 },
    ]);
    expect(outcome.request).toBe(model.requests[0]);
    expect(outcome.called).toBe(true);
  });

  it('BeforeModel stop: rejects with AgentStopSignal and the model is not called', async () => {
    const hooks = systemWith(kind, { BeforeModel: [{ output: { continue: false, stopReason: 'quota' } }] });
    const model = recordingModel();
    const call = callModelWithHooks(hooks, userRequest(), model.call, { translator: fakeTranslator() });
    await expect(call).rejects.toBeInstanceOf(AgentStopSignal);
    await expect(call).rejects.toMatchObject({ event: 'BeforeModel', reason: 'quota' });
    expect(model.requests).toEqual([]);
  });

  it('AfterModel modify: the agent sees the modified response', async () => {
    const hooks = systemWith(kind, {
      AfterModel: [{ output: specific('AfterModel', { llm_response: { text: 'key=[REDACTED]' } }) }],
    });
    const outcome = await callModelWithHooks(hooks, userRequest(), recordingModel('key=sk-123').call, {
      translator: fakeTranslator(),
    });
    expect(outcome).toMatchObject({ response: { text: 'key=[REDACTED]' }, responseModified: true, called: true });
  });

  it('AfterModel suppressOutput and systemMessage are surfaced', async () => {
    const hooks = systemWith(kind, { AfterModel: [{ output: { suppressOutput: true, systemMessage: 'reviewed' } }] });
    const outcome = await callModelWithHooks(hooks, userRequest(), recordingModel().call, {
      translator: fakeTranslator(),
    });
    expect(outcome).toMatchObject({
      suppressed: true,
      systemMessages: ['reviewed'],
      responseModified: false,
      response: { text: 'model says hi' },
    });
  });

  it('AfterModel stop: the signal carries the outcome', async () => {
    const hooks = systemWith(kind, { AfterModel: [{ output: { continue: false, stopReason: 'done for today' } }] });
    const call = callModelWithHooks(hooks, userRequest(), recordingModel().call, { translator: fakeTranslator() });
    const error = (await call.catch((e: unknown) => e)) as AgentStopSignal;
    expect(error).toBeInstanceOf(AgentStopSignal);
    expect(error).toMatchObject({
      event: 'AfterModel',
      reason: 'done for today',
      partial: { response: { text: 'model says hi' } },
    });
  });

  it('BeforeToolSelection restricts the tools the model is offered', async () => {
    const hooks = systemWith(kind, {
      BeforeToolSelection: [
        {
          output: specific('BeforeToolSelection', {
            toolConfig: { mode: 'AUTO', allowedFunctionNames: ['read_file'] },
          }),
        },
      ],
    });
    const model = recordingModel();
    const outcome = await callModelWithHooks(hooks, userRequest(), model.call, { translator: fakeTranslator() });
    expect(model.requests[0]?.tools).toEqual(['read_file']);
    expect(outcome.toolConfig).toEqual({ mode: 'AUTO', allowedFunctionNames: ['read_file'] });
  });

  it('BeforeToolSelection NONE disables every tool', async () => {
    const hooks = systemWith(kind, {
      BeforeToolSelection: [{ output: specific('BeforeToolSelection', { toolConfig: { mode: 'NONE' } }) }],
    });
    const model = recordingModel();
    await callModelWithHooks(hooks, userRequest(), model.call, { translator: fakeTranslator() });
    expect(model.requests[0]).toMatchObject({ tools: [], toolMode: 'NONE' });
  });

  it('BeforeToolSelection stop: rejects and the model is not called', async () => {
    const hooks = systemWith(kind, {
      BeforeToolSelection: [{ output: { continue: false, stopReason: 'read-only session over' } }],
    });
    const model = recordingModel();
    await expect(
      callModelWithHooks(hooks, userRequest(), model.call, { translator: fakeTranslator() }),
    ).rejects.toMatchObject({
      name: 'AgentStopSignal',
      event: 'BeforeToolSelection',
      reason: 'read-only session over',
    });
    expect(model.requests).toEqual([]);
  });
});

describe('callModelWithHooks: the fast path and translation', () => {
  it('translates nothing when no model hook is planned', async () => {
    const hooks = systemWith('function', { BeforeTool: [{ output: { decision: 'block' } }] });
    const translator = fakeTranslator();
    const model = recordingModel();
    const request = userRequest();
    const outcome = await callModelWithHooks(hooks, request, model.call, { translator });
    expect(translator.total()).toBe(0);
    expect(model.requests[0]).toBe(request);
    expect(outcome).toMatchObject({ called: true, response: { text: 'model says hi' }, hookResults: {} });
  });

  it('translates nothing when hooks are disabled in settings', async () => {
    const hooks = plainSystem({
      settings: {
        tools: { enableHooks: false },
        hooks: { BeforeModel: [{ hooks: [{ type: 'command', command: 'exit 2' }] }] },
      },
    });
    const translator = fakeTranslator();
    await callModelWithHooks(hooks, userRequest(), recordingModel().call, { translator });
    expect(translator.total()).toBe(0);
  });

  it('translates only for the events that have hooks', async () => {
    const hooks = systemWith('function', { AfterModel: [{ output: {} }] });
    const translator = fakeTranslator();
    await callModelWithHooks(hooks, userRequest(), recordingModel().call, { translator });
    expect(translator.calls).toEqual({ toHookRequest: 1, toHookResponse: 1 });
  });

  it('gives hooks the stable request and response', async () => {
    const seen: HookInput[] = [];
    const hooks = systemWith('function', {
      BeforeModel: [{ run: (input) => void seen.push(input) }],
      AfterModel: [{ run: (input) => void seen.push(input) }],
    });
    await callModelWithHooks(hooks, userRequest('hi there'), recordingModel().call, { translator: fakeTranslator() });
    expect(seen[0]).toMatchObject({
      hook_event_name: 'BeforeModel',
      llm_request: { messages: [{ role: 'user', content: 'hi there' }] },
    });
    expect(seen[1]).toMatchObject({ hook_event_name: 'AfterModel', llm_response: { text: 'model says hi' } });
  });

  it('keeps the block when the translator cannot build the synthetic response', async () => {
    const hooks = systemWith('function', {
      BeforeModel: [
        { output: { decision: 'block', reason: 'r', ...specific('BeforeModel', { llm_response: { text: 'x' } }) } },
      ],
    });
    const translator = fakeTranslator();
    const original = translator.fromHookResponse.bind(translator);
    translator.fromHookResponse = (response, base) => {
      if (response.text === 'x') throw new Error('cannot translate');
      return original(response, base);
    };
    const model = recordingModel();
    const outcome = await callModelWithHooks(hooks, userRequest(), model.call, { translator });
    expect(model.requests).toEqual([]);
    expect(outcome).toMatchObject({
      called: false,
      response: { text: '' },
      blocked: { reason: 'r', synthetic: false },
    });
    expect(outcome.warnings.join('\n')).toContain('cannot translate');
  });

  it('BeforeToolSelection sees the request as BeforeModel edited it', async () => {
    const seen: HookInput[] = [];
    const hooks = systemWith('function', {
      BeforeModel: [
        { output: specific('BeforeModel', { llm_request: { messages: [{ role: 'user', content: 'edited' }] } }) },
      ],
      BeforeToolSelection: [{ run: (input) => void seen.push(input) }],
    });
    await callModelWithHooks(hooks, userRequest(), recordingModel().call, { translator: fakeTranslator() });
    expect(seen[0]).toMatchObject({ llm_request: { messages: [{ content: 'edited' }] } });
  });
});

describe('withModelHooks', () => {
  it('emits one outcome per request in request order', async () => {
    const hooks = systemWith('function', {
      BeforeModel: [
        {
          run: (input) =>
            'llm_request' in input && input.llm_request.messages?.[0]?.content === 'b'
              ? { decision: 'block', reason: 'not b' }
              : undefined,
        },
      ],
    });
    const call = async (request: FakeRequest): Promise<FakeResponse> => {
      const text = request.messages[0]?.content ?? '';
      await new Promise((resolve) => setTimeout(resolve, text === 'a' ? 30 : 0));
      return { text: `answer ${text}` };
    };
    const outcomes = await lastValueFrom(
      from([userRequest('a'), userRequest('b'), userRequest('c')]).pipe(
        withModelHooks(hooks, call, { translator: fakeTranslator() }),
        toArray(),
      ),
    );
    expect(outcomes.map((o) => o.response.text)).toEqual(['answer a', '', 'answer c']);
    expect(outcomes.map((o) => o.called)).toEqual([true, false, true]);
  });
});
