/**
 * Property: routed evaluation equals the straightforward one. A session book visits a built-in rule only for the
 * steps inside its scope; the reference book holds the same rules stripped of their scope (plain objects with the
 * same `initial` and `step`), so every step visits every rule. On random rule sets and event sequences — with
 * outcomes blocked or labelled, sessions serialised and restored midway, a rule unregistered midway, and some rules
 * restored from a malformed state so that they fail closed — both give the same verdicts for every call and the same state at the end.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EventName } from '../../lib/events/names.js';
import { ruleDefinition, type SessionRule } from '../../lib/session/policyInstance.js';
import { flow, type FlowSpec } from '../../lib/session/rules/flow.js';
import { limit, type LimitSpec } from '../../lib/session/rules/limit.js';
import { repeat, type RepeatSpec } from '../../lib/session/rules/repeat.js';
import { sequence, type SequenceSpec } from '../../lib/session/rules/sequence.js';
import type { StepMatchSpec } from '../../lib/session/rules/stepMatch.js';
import { createSessionBook, type OutcomeResult, type SessionBook } from '../../lib/session/sessionBook.js';

const T0 = Date.parse('2026-11-28T09:00:00.000Z');
const TEXT = 'Quarterly numbers attached: revenue 1.2M, please forward to the board before Friday';
const TOOLS = ['Bash', 'Edit', 'web_fetch', 'send_email', 'read_inbox'] as const;
const EVENTS = ['BeforeTool', 'AfterTool', 'PermissionRequest', 'BeforeModel'] as const;

const matchArb: fc.Arbitrary<StepMatchSpec> = fc.oneof(
  fc.constantFrom('Bash', '^(Edit|Write)$', 'web_fetch|read_inbox', 'send_email', '.*', 'unused_tool'),
  fc.record(
    {
      event: fc.constantFrom(...EVENTS),
      tool: fc.constantFrom('Bash', 'Edit', 'web_fetch', '.*', 'nothing'),
      input: fc.constantFrom<Record<string, string>>({ command: '^git push' }, { command: 'npm test' }, { url: 'x' }),
      failed: fc.boolean(),
    },
    { requiredKeys: ['event'] },
  ),
);
const decisionArb = fc.constantFrom('deny' as const, 'ask' as const, 'stop' as const);

const ruleArb: fc.Arbitrary<SessionRule> = fc.oneof(
  fc
    .record(
      {
        match: matchArb,
        count: fc.integer({ min: 1, max: 4 }),
        per: fc.constantFrom('2s', '5s'),
        decision: decisionArb,
      },
      { requiredKeys: ['match', 'count'] },
    )
    .map((spec: LimitSpec) => limit(spec) as SessionRule),
  fc
    .record(
      {
        match: matchArb,
        sum: fc.constant('tool_input.n'),
        max: fc.integer({ min: 1, max: 8 }),
        per: fc.constant('3s'),
      },
      { requiredKeys: ['match', 'sum', 'max'] },
    )
    .map((spec: LimitSpec) => limit(spec) as SessionRule),
  fc
    .record(
      {
        match: matchArb,
        times: fc.integer({ min: 1, max: 3 }),
        same: fc.constantFrom('call' as const, 'failure' as const),
        within: fc.constant('4s'),
        decision: decisionArb,
      },
      { requiredKeys: ['match', 'times'] },
    )
    .map((spec: RepeatSpec) => repeat(spec) as SessionRule),
  fc
    .record(
      { after: matchArb, refuse: matchArb, until: matchArb, decision: decisionArb },
      { requiredKeys: ['after', 'refuse'] },
    )
    .map((spec: SequenceSpec) => sequence(spec) as SessionRule),
  fc
    .record({
      label: fc.array(fc.record({ match: matchArb, labels: fc.subarray(['untrusted', 'secret'], { minLength: 1 }) }), {
        maxLength: 2,
      }),
      sink: fc.array(fc.record({ match: matchArb, refuse: fc.subarray(['untrusted', 'secret']) }), { maxLength: 2 }),
    })
    .map((spec: FlowSpec) => flow(spec) as SessionRule),
);

interface Event {
  readonly event: EventName;
  readonly fields: Record<string, unknown>;
  readonly result: OutcomeResult;
}

const eventArb: fc.Arbitrary<Omit<Event, 'fields'> & { fields: Record<string, unknown> }> = fc
  .record({
    event: fc.constantFrom(...EVENTS),
    tool: fc.option(fc.constantFrom(...TOOLS), { nil: undefined }),
    command: fc.constantFrom('make', 'npm test', 'git push origin'),
    n: fc.integer({ min: 0, max: 4 }),
    response: fc.constantFrom(undefined, { exit_code: 0 }, { exit_code: 1, body: TEXT }, { body: TEXT }, TEXT),
    leak: fc.boolean(),
    blocked: fc.boolean(),
    labels: fc.option(fc.subarray(['secret', 'custom'], { minLength: 1 }), { nil: undefined }),
  })
  .map(({ event, tool, command, n, response, leak, blocked, labels }) => {
    const fields: Record<string, unknown> = {
      tool_input: { command, n, url: 'https://x', body: leak ? TEXT.slice(3, 50) : 'hello there' },
    };
    if (tool !== undefined) fields.tool_name = tool;
    if (response !== undefined) fields.tool_response = response;
    const result: OutcomeResult = {
      blocked,
      hooks: labels === undefined ? [] : [{ output: { hookSpecificOutput: { labels } } }],
    };
    return { event, fields, result };
  });

interface Book {
  readonly target: SessionBook;
  /** Unregisters each rule. */
  readonly removers: (() => boolean)[];
}

const book = (rules: readonly SessionRule[], routed: boolean): Book => {
  const target = createSessionBook({ sessionId: 'S', now: () => T0 });
  const removers = rules.map((rule, index) => {
    // The reference: the same functions on a new object, which carries no scope.
    const plain: SessionRule = { initial: () => rule.initial(), step: (state, step) => rule.step(state, step) };
    return target.add(ruleDefinition(`rule-${String(index)}`, routed ? rule : plain));
  });
  return { target, removers };
};

/** Fires `events`; at `cut` the session is saved and restored, at `drop[0]` rule `drop[1]` is unregistered. */
const run = ({ target, removers }: Book, events: readonly Event[], cut: number, drop: [number, number]): unknown[] => {
  const seen: unknown[] = [];
  events.forEach(({ event, fields, result }, index) => {
    if (index === drop[0]) removers[drop[1] % removers.length]?.();
    const saved = index === cut ? target.state('S') : undefined;
    if (saved !== undefined) target.restore(JSON.parse(JSON.stringify(saved)) as typeof saved);
    const stamped = Object.assign({ timestamp: new Date(T0 + index * 700).toISOString() }, fields);
    const call = target.call(event, stamped);
    seen.push(call.verdicts);
    target.outcome(call, event, stamped, result);
  });
  return seen;
};

describe('routed policy evaluation', () => {
  it('gives the verdicts and states of visiting every rule on every step', () => {
    fc.assert(
      fc.property(
        fc.array(ruleArb, { minLength: 1, maxLength: 8 }),
        fc.array(eventArb, { minLength: 1, maxLength: 40 }),
        fc.nat(),
        fc.tuple(fc.nat(), fc.nat()),
        fc.option(fc.tuple(fc.nat(), fc.constantFrom(null, {}, { seen: 3 }, { sources: null })), { nil: undefined }),
        (rules, events, cut, drop, broken) => {
          const routed = book(rules, true);
          const reference = book(rules, false);
          if (broken !== undefined) {
            // A malformed state for one rule, as a tampered or foreign store would give.
            const state = {
              version: 1 as const,
              sessionId: 'S',
              seq: 0,
              policies: { [`rule-${String(broken[0] % rules.length)}`]: broken[1] },
            };
            routed.target.restore(state);
            reference.target.restore(state);
          }
          const at = cut % (events.length + 1);
          const dropAt: [number, number] = [drop[0] % (2 * events.length), drop[1]];
          expect(run(routed, events, at, dropAt)).toEqual(run(reference, events, at, dropAt));
          expect(routed.target.state('S')).toEqual(reference.target.state('S'));
        },
      ),
      { numRuns: 400 },
    );
  });
});
