/**
 * Shared fast-check properties for the response side of every translator: an unmodified round trip is exact, and
 * an edit of `text` or of the first candidate's parts replaces the first candidate's text, nothing else.
 */
import { expect, it } from 'vitest';
import fc from 'fast-check';
import type { LLMResponse } from '../../lib/events/inputs.js';
import type { LLMTranslator } from '../../lib/translate/translator.js';

export interface ResponseHarness<Res> {
  translator: LLMTranslator<unknown, Res>;
  arbitrary: fc.Arbitrary<Res>;
  firstText(response: Res): string;
  /** The first candidate's non-text parts, in order. */
  firstWithoutText(response: Res): unknown[];
  /** The candidates after the first. */
  rest(response: Res): unknown[];
}

const viaJson = (response: LLMResponse): LLMResponse => JSON.parse(JSON.stringify(response)) as LLMResponse;

const MARK = 'redacted \u0000by hook';

export function responseProperties<Res>(harness: ResponseHarness<Res>): void {
  // SDK payloads are plain objects: fast-check's null-prototype records are cloned into ordinary ones.
  const h = { ...harness, arbitrary: harness.arbitrary.map((value) => structuredClone(value)) };
  const { translator: t } = h;

  it('round trip of an unmodified response is deep-equal to the original (through JSON)', () => {
    fc.assert(
      fc.property(h.arbitrary, (response) => {
        expect(t.fromHookResponse(viaJson(t.toHookResponse(response)), response)).toStrictEqual(response);
      }),
    );
  });

  it('an edit of `text` alone replaces the first candidate text and keeps its other parts', () => {
    fc.assert(
      fc.property(h.arbitrary, (response) => {
        const out = t.fromHookResponse({ ...viaJson(t.toHookResponse(response)), text: MARK }, response);
        expect(h.firstText(out)).toBe(MARK);
        expect(h.firstWithoutText(out)).toStrictEqual(h.firstWithoutText(response));
        expect(h.rest(out)).toStrictEqual(h.rest(response));
      }),
    );
  });

  it("an edit of the first candidate's parts lands there and wins over `text`", () => {
    fc.assert(
      fc.property(
        h.arbitrary,
        fc.array(fc.string({ maxLength: 6 }), { minLength: 1, maxLength: 3 }),
        (response, parts) => {
          const stable = viaJson(t.toHookResponse(response));
          const [first, ...others] = stable.candidates ?? [];
          fc.pre(first !== undefined);
          const candidates = [{ ...first, content: { role: 'model', parts: [MARK, ...parts] } }, ...others];
          const out = t.fromHookResponse({ ...stable, candidates }, response);
          expect(h.firstText(out)).toBe([MARK, ...parts].join(''));
          expect(h.firstWithoutText(out)).toStrictEqual(h.firstWithoutText(response));
          expect(h.rest(out)).toStrictEqual(h.rest(response));
        },
      ),
    );
  });

  it('the stable view shows the first candidate text as `text`', () => {
    fc.assert(
      fc.property(h.arbitrary, (response) => {
        expect(t.toHookResponse(response).text).toBe(h.firstText(response));
      }),
    );
  });
}
