import fc from 'fast-check';
import { isRight } from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import { EVENT_FIELD_CODECS } from '../../lib/events/codecs.js';
import { checkEventFields, InvalidEventInputError } from '../../lib/events/decodeInput.js';
import { eventFieldsPass } from '../../lib/events/fieldGuards.js';
import { EVENT_NAMES, type EventName } from '../../lib/events/names.js';
import { describeReceived } from '../../lib/diagnostics/problems.js';
import { junk, nearlyValid } from './codecArbitraries.js';

/** The event's fields as a host might fire them: usually an object, sometimes not. */
const firedFields = (event: EventName, validWeight: number): fc.Arbitrary<unknown> =>
  fc.oneof(
    { arbitrary: nearlyValid(EVENT_FIELD_CODECS[event], validWeight), weight: 8 },
    { arbitrary: junk, weight: 1 },
  );

const problemsOf = (event: EventName, fields: unknown): readonly string[] | undefined => {
  try {
    checkEventFields(event, fields);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidEventInputError);
    return (error as InvalidEventInputError).problems;
  }
};

/** The value a JSON pointer names, read like io-ts reads it (through the prototype). */
const resolve = (value: unknown, pointer: string): unknown =>
  pointer
    .split('/')
    .slice(1)
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], value);

describe('eventFieldsPass', () => {
  for (const event of EVENT_NAMES) {
    const codec: t.Mixed = EVENT_FIELD_CODECS[event];

    it(`accepts exactly what the ${event} codec accepts`, () => {
      // Two mixes: mostly valid (deep faults are rare and specific) and often wrong (many faults at once).
      for (const validWeight of [20, 3]) {
        fc.assert(
          fc.property(firedFields(event, validWeight), (fields) => {
            expect(eventFieldsPass(event, fields)).toBe(codec.is(fields));
            expect(eventFieldsPass(event, fields)).toBe(isRight(codec.decode(fields)));
          }),
          { numRuns: 400 },
        );
      }
    });

    it(`${event}: checkEventFields throws exactly for rejected input, each problem pointing at its value`, () => {
      fc.assert(
        fc.property(firedFields(event, 4), (fields) => {
          const problems = problemsOf(event, fields);
          expect(problems === undefined).toBe(codec.is(fields));
          if (problems === undefined || typeof fields !== 'object' || fields === null || Array.isArray(fields)) return;
          expect(problems.length).toBeGreaterThan(0);
          for (const problem of problems) {
            // A missing value reads `<pointer>: required, <type>`; any other `… expected <type>, received <value>`.
            const missing = /^(\/\S*): required, (.+)$/s.exec(problem);
            if (missing !== null) {
              expect(resolve(fields, missing[1] as string), problem).toBeUndefined();
              continue;
            }
            const match = /^(\/\S*): expected (.+), received (.+)$/s.exec(problem);
            expect(match, problem).not.toBeNull();
            const [, pointer, , received] = match as RegExpExecArray;
            expect(received).toBe(describeReceived(resolve(fields, pointer as string)));
          }
        }),
        { numRuns: 300 },
      );
    });
  }

  it('generates valid and invalid input for every event', () => {
    for (const event of EVENT_NAMES) {
      const samples = fc.sample(firedFields(event, 20), { numRuns: 200, seed: 1 });
      const codec: t.Mixed = EVENT_FIELD_CODECS[event];
      const valid = samples.filter((fields) => codec.is(fields)).length;
      expect(valid, event).toBeGreaterThan(20);
      expect(valid, event).toBeLessThan(200);
    }
  });

  it('rejects a hole in an array, as decode does (the codec’s .is skips holes)', () => {
    const messages = [{ role: 'user', content: 'hi' }];
    messages.length = 2;
    const fields = { llm_request: { messages } };
    expect(eventFieldsPass('BeforeModel', fields)).toBe(false);
    expect(isRight(EVENT_FIELD_CODECS.BeforeModel.decode(fields))).toBe(false);
    expect(problemsOf('BeforeModel', fields)).toEqual(['/llm_request/messages/1: required, an object']);
  });

  it('reads fields through the prototype and ignores enum names inherited from Object.prototype', () => {
    const inherited = Object.create({ tool_name: 'ls', tool_input: {} }) as unknown;
    expect(eventFieldsPass('BeforeTool', inherited)).toBe(EVENT_FIELD_CODECS.BeforeTool.is(inherited));
    expect(eventFieldsPass('SessionStart', { source: 'toString' })).toBe(false);
    expect(eventFieldsPass('SessionStart', { source: 'resume' })).toBe(true);
  });

  it('accepts a Date or a null-prototype object where the codec takes any record', () => {
    const tool_input = Object.create(null) as object;
    expect(eventFieldsPass('BeforeTool', { tool_name: 'ls', tool_input })).toBe(true);
    expect(eventFieldsPass('BeforeTool', { tool_name: 'ls', tool_input: new Date(0) })).toBe(true);
    expect(eventFieldsPass('BeforeTool', { tool_name: 'ls', tool_input: [] })).toBe(false);
  });
});
