/**
 * Shared fast-check properties for the request side of every translator: an unmodified round trip is exact, and
 * a hook's edit, insertion or deletion of one message lands on that message only.
 */
import { expect, it } from 'vitest';
import fc from 'fast-check';
import type { HookMessage, LLMRequest } from '../../lib/events/inputs.js';
import type { LLMTranslator } from '../../lib/translate/translator.js';

export interface RequestHarness<Req> {
  translator: LLMTranslator<Req, unknown>;
  arbitrary: fc.Arbitrary<Req>;
  /** The SDK's conversation messages, in order (system slot excluded where the SDK has one). */
  conversation(request: Req): unknown[];
  /** The SDK's separate system slot (undefined where there is none or it is absent). */
  system(request: Req): unknown;
  /** The text a message (or system slot) holds. */
  text(message: unknown): string;
  /** Everything about a message except its text: it must survive an edit of the text. */
  withoutText(message: unknown): unknown;
  /** The SDK message a hook's new text-only message becomes. */
  created(role: 'user' | 'model', content: string): unknown;
}

/** What a hook process sees and sends back: the stable request through JSON. */
const viaJson = (request: LLMRequest): LLMRequest => JSON.parse(JSON.stringify(request)) as LLMRequest;

const messagesOf = (request: LLMRequest): HookMessage[] => request.messages ?? [];

/** Conversation position of stable message `k` (stable messages of the system slot are not in the conversation). */
const conversationIndex = (messages: HookMessage[], k: number): number =>
  messages.slice(0, k).filter((message) => message.ref !== 'system').length;

const withMessages = (request: LLMRequest, messages: HookMessage[]): LLMRequest => ({ ...request, messages });

const MARK = '\u0000edited by hook';

export function requestProperties<Req>(harness: RequestHarness<Req>): void {
  // SDK payloads are plain objects: fast-check's null-prototype records are cloned into ordinary ones.
  const h = { ...harness, arbitrary: harness.arbitrary.map((value) => structuredClone(value)) };
  const { translator: t } = h;
  const withIndex = h.arbitrary.chain((request) => {
    const size = messagesOf(t.toHookRequest(request)).length;
    return fc.tuple(fc.constant(request), size === 0 ? fc.constant(-1) : fc.nat({ max: size - 1 }));
  });

  it('round trip of an unmodified request is deep-equal to the original (through JSON)', () => {
    fc.assert(
      fc.property(h.arbitrary, (request) => {
        expect(t.fromHookRequest(viaJson(t.toHookRequest(request)), request)).toStrictEqual(request);
      }),
    );
  });

  it('an edit of one message text lands on that message and keeps its other parts', () => {
    fc.assert(
      fc.property(withIndex, fc.boolean(), ([request, k], stripRefs) => {
        fc.pre(k >= 0);
        const stable = viaJson(t.toHookRequest(request));
        const messages = messagesOf(stable).map((m, i) => {
          const edited = i === k ? { ...m, content: MARK } : m;
          // A hook that rebuilds plain { role, content } objects still hits the right message.
          return stripRefs
            ? { role: edited.role, content: edited.content, ...(edited.name && { name: edited.name }) }
            : edited;
        });
        const out = t.fromHookRequest(withMessages(stable, messages), request);
        const target = messagesOf(stable)[k] as HookMessage;
        if (target.ref === 'system') {
          expect(h.text(h.system(out))).toBe(MARK);
          expect(h.conversation(out)).toStrictEqual(h.conversation(request));
          return;
        }
        const c = conversationIndex(messagesOf(stable), k);
        const before = h.conversation(request);
        const after = h.conversation(out);
        expect(after).toHaveLength(before.length);
        expect(h.text(after[c])).toBe(MARK);
        expect(h.withoutText(after[c])).toStrictEqual(h.withoutText(before[c]));
        after.forEach((message, i) => {
          if (i !== c) expect(message).toStrictEqual(before[i]);
        });
        expect(h.system(out)).toStrictEqual(h.system(request));
      }),
    );
  });

  it('a message a hook inserts appears at its position, text only, and shifts nothing else', () => {
    const arb = h.arbitrary.chain((request) => {
      const size = messagesOf(t.toHookRequest(request)).length;
      return fc.tuple(fc.constant(request), fc.nat({ max: size }), fc.constantFrom<'user' | 'model'>('user', 'model'));
    });
    fc.assert(
      fc.property(arb, ([request, p, role]) => {
        const stable = viaJson(t.toHookRequest(request));
        const messages = [...messagesOf(stable)];
        messages.splice(p, 0, { role, content: 'inserted' });
        const out = t.fromHookRequest(withMessages(stable, messages), request);
        const expected = [...h.conversation(request)];
        expected.splice(conversationIndex(messagesOf(stable), p), 0, h.created(role, 'inserted'));
        expect(h.conversation(out)).toStrictEqual(expected);
        expect(h.system(out)).toStrictEqual(h.system(request));
      }),
    );
  });

  it('a message a hook deletes is removed and the others keep their own parts', () => {
    fc.assert(
      fc.property(withIndex, ([request, k]) => {
        fc.pre(k >= 0);
        const stable = viaJson(t.toHookRequest(request));
        const target = messagesOf(stable)[k] as HookMessage;
        const out = t.fromHookRequest(
          withMessages(
            stable,
            messagesOf(stable).filter((_, i) => i !== k),
          ),
          request,
        );
        if (target.ref === 'system') {
          expect(h.system(out)).toBeUndefined();
          expect(h.conversation(out)).toStrictEqual(h.conversation(request));
          return;
        }
        const expected = h.conversation(request).filter((_, i) => i !== conversationIndex(messagesOf(stable), k));
        expect(h.conversation(out)).toStrictEqual(expected);
        expect(h.system(out)).toStrictEqual(h.system(request));
      }),
    );
  });

  it('any mix of edits, insertions and deletions keeps every message with its own parts, in order', () => {
    type Op = 'keep' | 'edit' | 'delete';
    const arb = h.arbitrary.chain((request) => {
      const size = messagesOf(t.toHookRequest(request)).length;
      const op = fc.constantFrom<Op>('keep', 'edit', 'delete');
      const insert = fc.option(fc.constantFrom<'user' | 'model'>('user', 'model'), { nil: undefined, freq: 3 });
      return fc.tuple(fc.constant(request), fc.array(fc.tuple(op, insert), { minLength: size, maxLength: size }));
    });
    fc.assert(
      fc.property(arb, ([request, ops]) => {
        const stable = viaJson(t.toHookRequest(request));
        const originals = messagesOf(stable);
        const before = h.conversation(request);
        const messages: HookMessage[] = [];
        // Each entry: the expected SDK message, or a check for an edited one.
        const expected: Array<{ exact: unknown } | { edited: unknown }> = [];
        const state: { system: 'same' | 'edited' | 'deleted' } = { system: 'same' };
        originals.forEach((message, k) => {
          const [op, inserted] = ops[k] ?? ['keep', undefined];
          if (inserted !== undefined) {
            messages.push({ role: inserted, content: `inserted ${k}` });
            expected.push({ exact: h.created(inserted, `inserted ${k}`) });
          }
          if (op !== 'delete') messages.push(op === 'edit' ? { ...message, content: `${MARK} ${k}` } : message);
          if (message.ref === 'system') {
            state.system = op === 'keep' ? 'same' : op === 'edit' ? 'edited' : 'deleted';
            return;
          }
          const source = before[conversationIndex(originals, k)];
          if (op === 'keep') expected.push({ exact: source });
          if (op === 'edit') expected.push({ edited: source });
        });
        // With no ref left at all the hook counts as having rebuilt the list (pairing by position): not this case.
        fc.pre(messages.length === 0 || messages.some((message) => message.ref !== undefined));
        const out = t.fromHookRequest(withMessages(stable, messages), request);
        const after = h.conversation(out);
        expect(after).toHaveLength(expected.length);
        expected.forEach((entry, i) => {
          if ('exact' in entry) {
            expect(after[i]).toStrictEqual(entry.exact);
          } else {
            expect(h.text(after[i]).startsWith(MARK)).toBe(true);
            expect(h.withoutText(after[i])).toStrictEqual(h.withoutText(entry.edited));
          }
        });
        if (state.system === 'same') expect(h.system(out)).toStrictEqual(h.system(request));
        if (state.system === 'edited') expect(h.text(h.system(out)).startsWith(MARK)).toBe(true);
        if (state.system === 'deleted') expect(h.system(out)).toBeUndefined();
      }),
    );
  });

  it('never mutates the original request', () => {
    fc.assert(
      fc.property(withIndex, ([request, k]) => {
        fc.pre(k >= 0);
        const snapshot = structuredClone(request);
        const stable = viaJson(t.toHookRequest(request));
        t.fromHookRequest(withMessages(stable, messagesOf(stable).slice(0, k)), request);
        expect(request).toStrictEqual(snapshot);
      }),
    );
  });
}
