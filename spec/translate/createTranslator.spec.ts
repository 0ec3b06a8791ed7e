import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../lib/translate/createTranslator.js';

/** A tiny SDK: messages with text and image parts, a separate system prompt, flat settings, tool calls in responses. */
type Part = { type: 'text'; text: string } | { type: 'image'; url: string };
interface Msg {
  role: 'user' | 'assistant';
  parts: Part[];
}
interface Req {
  system?: string;
  model: string;
  messages: Msg[];
  temp?: number;
  tools: string[];
  choice?: 'auto' | 'none';
}
interface Res {
  text: string;
  toolCalls: string[];
  stop: 'end' | 'max';
}

const textOf = (msg: Msg) => msg.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
const translator = createTranslator<Req, Res, Msg>({
  name: 'tiny-sdk',
  messages: (req) => req.messages,
  withMessages: (req, messages) => ({ ...req, messages }),
  message: {
    role: (m) => (m.role === 'assistant' ? 'model' : 'user'),
    text: textOf,
    edit: (m, change) => ({
      role: change.role === 'model' ? 'assistant' : 'user',
      parts: [{ type: 'text', text: change.content }, ...m.parts.filter((p) => p.type !== 'text')],
    }),
    create: (change) => ({
      role: change.role === 'model' ? 'assistant' : 'user',
      parts: [{ type: 'text', text: change.content }],
    }),
  },
  system: { read: (req) => req.system, write: (req, system) => ({ ...req, system }) },
  model: { read: (req) => req.model, write: (req, model) => ({ ...req, model: model ?? req.model }) },
  config: {
    temperature: { read: (req) => req.temp, write: (req, temp) => ({ ...req, temp: temp as number | undefined }) },
  },
  toolConfig: {
    read: (req) => (req.choice === undefined ? undefined : { mode: req.choice === 'none' ? 'NONE' : 'AUTO' }),
    apply: (req, selection) =>
      selection.mode === 'NONE'
        ? { ...req, choice: 'none' }
        : {
            ...req,
            tools: req.tools.filter(
              (t) => selection.allowedFunctionNames.length === 0 || selection.allowedFunctionNames.includes(t),
            ),
          },
  },
  response: {
    text: (res) => res.text,
    finishReason: (res) => (res.stop === 'end' ? 'STOP' : 'MAX_TOKENS'),
    withText: (res, text) => ({ ...res, text }),
    create: ({ text, finishReason }) => ({ text, toolCalls: [], stop: finishReason === 'MAX_TOKENS' ? 'max' : 'end' }),
  },
});

const request: Req = {
  system: 'Be brief.',
  model: 'tiny-1',
  temp: 0.5,
  tools: ['read', 'write'],
  messages: [
    {
      role: 'user',
      parts: [
        { type: 'text', text: 'look' },
        { type: 'image', url: 'a.png' },
      ],
    },
    { role: 'assistant', parts: [{ type: 'text', text: 'a cat' }] },
  ],
};

describe('createTranslator', () => {
  it('takes any name and shows the stable view with refs, the system prompt first', () => {
    expect(translator.name).toBe('tiny-sdk');
    expect(translator.toHookRequest(request)).toEqual({
      model: 'tiny-1',
      config: { temperature: 0.5 },
      messages: [
        { role: 'system', content: 'Be brief.', ref: 'system' },
        { role: 'user', content: 'look', ref: 'messages/0' },
        { role: 'model', content: 'a cat', ref: 'messages/1' },
      ],
    });
  });

  it('gives back the very same request for an unmodified round trip', () => {
    expect(translator.fromHookRequest(translator.toHookRequest(request), request)).toBe(request);
  });

  it('an edit lands on its own message and keeps its other parts; an inserted message shifts nothing', () => {
    const view = translator.toHookRequest(request);
    const [system, user, model] = view.messages ?? [];
    const edited = translator.fromHookRequest(
      {
        messages: [
          { role: 'system', content: 'Be brief. Never run rm -rf.', ref: system?.ref ?? '' },
          { role: 'user', content: 'Injected context' },
          { ...user, content: 'look closely', role: 'user' },
          model as NonNullable<typeof model>,
        ],
      },
      request,
    );
    expect(edited.system).toBe('Be brief. Never run rm -rf.');
    expect(edited.messages[0]).toEqual({ role: 'user', parts: [{ type: 'text', text: 'Injected context' }] });
    expect(edited.messages[1]?.parts).toEqual([
      { type: 'text', text: 'look closely' },
      { type: 'image', url: 'a.png' },
    ]);
    expect(edited.messages[2]).toBe(request.messages[1]);
  });

  it('applies config, model and tool-config edits through their fields', () => {
    const edited = translator.fromHookRequest(
      { model: 'tiny-2', config: { temperature: 0 }, toolConfig: { mode: 'NONE' } },
      request,
    );
    expect(edited).toMatchObject({ model: 'tiny-2', temp: 0, choice: 'none' });
    expect(translator.applyToolConfig(request, { mode: 'AUTO', allowedFunctionNames: ['read'] }).tools).toEqual([
      'read',
    ]);
  });

  it('responses: same object when unchanged, text edits keep the rest, synthetic ones come from create', () => {
    const response: Res = { text: 'key AKIA…', toolCalls: ['call-1'], stop: 'end' };
    const view = translator.toHookResponse(response);
    expect(view).toEqual({
      text: 'key AKIA…',
      candidates: [{ content: { role: 'model', parts: ['key AKIA…'] }, finishReason: 'STOP', index: 0 }],
    });
    expect(translator.fromHookResponse(view, response)).toBe(response);
    expect(translator.fromHookResponse({ ...view, text: 'key [redacted]' }, response)).toEqual({
      text: 'key [redacted]',
      toolCalls: ['call-1'],
      stop: 'end',
    });
    expect(
      translator.fromHookResponse({
        text: 'canned',
        candidates: [{ content: { parts: [] }, finishReason: 'MAX_TOKENS' }],
      }),
    ).toEqual({
      text: 'canned',
      toolCalls: [],
      stop: 'max',
    });
  });
});
