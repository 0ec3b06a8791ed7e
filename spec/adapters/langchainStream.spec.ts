/**
 * `hookstream/langchain` streaming live under AfterModel hooks, with LangChain's own streaming test model
 * (`FakeListChatModel`, one character per chunk): text reaches `streamMode: 'messages'` while the model still
 * streams, only after a hook judged it, minus the tail window; the agent's state holds the answer after hooks.
 */
import { FakeListChatModel } from '@langchain/core/utils/testing';
import type { BaseMessage } from '@langchain/core/messages';
import { createAgent } from 'langchain';
import { afterEach, describe, expect, it } from 'vitest';
import { createHookSystem, type HookInputOf, type HookSystem } from '../../lib/index.js';
import { hookMiddleware, hookStopOf } from '../../lib/adapters/langchain/index.js';
import { ANSWER, expectNoSecretStreamed, REDACTED_ANSWER, SECRET } from './policyHarness.js';

const systems: HookSystem[] = [];
afterEach(async () => {
  await Promise.all(systems.splice(0).map((hooks) => hooks.dispose()));
});

/** A hook system whose AfterModel function hook redacts the key; `judged` lists every text it was shown. */
function redacting(gate?: (text: string) => Promise<void>) {
  const hooks = createHookSystem();
  systems.push(hooks);
  const judged: string[] = [];
  hooks.register('AfterModel', {
    type: 'function',
    name: 'redact-key',
    run: async (input: HookInputOf<'AfterModel'>) => {
      const text = input.llm_response.text ?? '';
      judged.push(text);
      await gate?.(text);
      return text.includes(SECRET)
        ? { hookSpecificOutput: { llm_response: { text: text.replaceAll(SECRET, '[REDACTED]') } } }
        : undefined;
    },
  });
  return { hooks, judged };
}

/** Streams one agent turn in `messages` and `values` mode: the AI chunks streamed, and the final state. */
async function streamTurn(
  agent: ReturnType<typeof createAgent>,
  onChunk: (message: BaseMessage) => void = () => undefined,
) {
  const streamed: BaseMessage[] = [];
  let messages: BaseMessage[] = [];
  for await (const [mode, data] of await agent.stream(
    { messages: [{ role: 'user', content: 'deploy' }] },
    { streamMode: ['messages', 'values'] },
  )) {
    if (mode === 'messages') {
      const [message] = data as [BaseMessage, unknown];
      if (message.type !== 'ai') continue;
      streamed.push(message);
      onChunk(message);
    } else messages = (data as { messages: BaseMessage[] }).messages;
  }
  return { streamed, texts: streamed.map((message) => message.text), messages };
}

describe('hookstream/langchain: live streaming under AfterModel', () => {
  it('text streams while the model still streams: the first chunk arrives before any hook saw the whole answer', async () => {
    let firstChunk!: () => void;
    const seen = new Promise<void>((resolve) => (firstChunk = resolve));
    // The hook holds every judgement of the complete answer until the consumer got a chunk: an adapter that
    // streams only after the final AfterModel run never releases one, and this test times out.
    const { hooks, judged } = redacting((text) => (text === ANSWER ? seen : Promise.resolve()));
    const model = new FakeListChatModel({ responses: [ANSWER] });
    const agent = createAgent({ model, tools: [], middleware: [hookMiddleware(hooks)] });
    const { streamed, texts, messages } = await streamTurn(agent, firstChunk);

    expect(streamed.length).toBeGreaterThan(1);
    expect(judged.filter((text) => text !== ANSWER).length).toBeGreaterThan(0);
    expectNoSecretStreamed(texts);
    expect(messages.at(-1)?.text).toBe(REDACTED_ANSWER);
    // The streamed chunks and the answer in the state are one message: nothing is shown twice.
    expect(new Set(streamed.map((message) => message.id))).toEqual(new Set([messages.at(-1)?.id]));
  });

  it('a hook that changes text already released (no tail window) ends the stream with the whole answer after hooks', async () => {
    const { hooks } = redacting();
    const model = new FakeListChatModel({ responses: [ANSWER] });
    const agent = createAgent({ model, tools: [], middleware: [hookMiddleware(hooks, { holdBackChars: 0 })] });
    const { streamed, messages } = await streamTurn(agent);

    const last = streamed.at(-1);
    expect(last?.text).toBe(REDACTED_ANSWER);
    expect(last?.id).toMatch(/-after-hooks$/);
    // What went out before is a prefix of the model's text, cut where the hook's answer first disagreed.
    const preview = streamed
      .filter((message) => message !== last)
      .map((message) => message.text)
      .join('');
    expect(ANSWER.startsWith(preview) && preview.length < ANSWER.length).toBe(true);
    expect(messages.at(-1)).toMatchObject({ text: REDACTED_ANSWER, id: last?.id });
  });

  it('an AfterModel stop while streaming ends the run, marked on the answer', async () => {
    const hooks = createHookSystem();
    systems.push(hooks);
    hooks.register('AfterModel', {
      type: 'function',
      name: 'budget',
      run: (input: HookInputOf<'AfterModel'>) =>
        input.llm_response.text === 'over budget' ? { continue: false, stopReason: 'budget' } : undefined,
    });
    const model = new FakeListChatModel({ responses: ['over budget'] });
    const agent = createAgent({ model, tools: [], middleware: [hookMiddleware(hooks)] });
    const { texts, messages } = await streamTurn(agent);

    expect(texts.join('')).toBe('over budget');
    expect(hookStopOf({ messages })).toEqual({ event: 'AfterModel', reason: 'budget' });
  });

  it('with nobody streaming (invoke), the model is called once and its answer judged once', async () => {
    const { hooks, judged } = redacting();
    const model = new FakeListChatModel({ responses: [ANSWER] });
    const agent = createAgent({ model, tools: [], middleware: [hookMiddleware(hooks)] });
    const { messages } = await agent.invoke({ messages: [{ role: 'user', content: 'deploy' }] });

    expect(judged).toEqual([ANSWER]);
    expect(messages.at(-1)?.text).toBe(REDACTED_ANSWER);
  });
});
