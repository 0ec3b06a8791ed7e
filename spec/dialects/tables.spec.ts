/**
 * The dialect tables checked against each other and against lib/events: every native name resolves once,
 * every canonical name exists (a seed event or a proposed one), every match target is a field of the
 * canonical input, and every payload an agent sends reads into a canonical input the codecs accept.
 */
import { describe, expect, it } from 'vitest';
import { checkEventFields } from '../../lib/events/decodeInput.js';
import {
  ACCEPTED_EVENT_NAMES,
  ADVISORY_EVENTS,
  MATCH_TARGET,
  SEED_EVENT_NAMES,
  canonicalEventName,
  isEventName,
} from '../../lib/events/names.js';
import {
  CLAUDE,
  DIALECTS,
  GEMINI,
  HOOKSTREAM,
  PROPOSED_EVENT_NAMES,
  dialectEvent,
  type DialectEvent,
} from '../../lib/dialects/index.js';
import { toCanonicalInput } from '../../lib/protocol/dialectInput.js';
import { CLAUDE_PAYLOADS, GEMINI_PAYLOADS } from '../fixtures/dialects/agentPayloads.js';

const proposed = new Set<string>(PROPOSED_EVENT_NAMES);

/** What the codecs say about the canonical input of an agent's payload: nothing when it is valid. */
const canonicalProblems = (event: DialectEvent, payload: Record<string, unknown>): string[] => {
  const canonical = toCanonicalInput(payload, event);
  try {
    checkEventFields(event.canonical, canonical);
    return [];
  } catch (error) {
    return [String(error)];
  }
};

describe('dialect tables', () => {
  it('name each native event once per dialect, onto a canonical event', () => {
    for (const dialect of DIALECTS) {
      const natives = dialect.events.map((event) => event.native);
      expect(new Set(natives).size).toBe(natives.length);
      for (const event of dialect.events) expect(isEventName(event.canonical)).toBe(true);
    }
  });

  it("Claude Code's own events are canonical under their own names, apart from the seed events", () => {
    for (const name of PROPOSED_EVENT_NAMES) {
      expect(canonicalEventName(name)).toBe(name);
      expect(SEED_EVENT_NAMES).not.toContain(name);
    }
  });

  it('hookstream accepts exactly the canonical names and aliases of lib/events, with their match targets', () => {
    expect(HOOKSTREAM.events.map((event) => event.native)).toEqual([...ACCEPTED_EVENT_NAMES]);
    for (const event of HOOKSTREAM.events) {
      expect(event.canonical).toBe(canonicalEventName(event.native));
      expect(event.matchTarget).toBe(MATCH_TARGET[event.canonical]);
      expect(event.matcher).toBe('regex');
    }
  });

  it('Gemini CLI names every seed event the same way, save the three hookstream added', () => {
    expect(GEMINI.events.map((event) => event.native).sort()).toEqual(
      SEED_EVENT_NAMES.filter(
        (name) => !['PostCompress', 'SubagentStart', 'SubagentStop', 'TurnComplete'].includes(name),
      ).sort(),
    );
    expect(GEMINI.events.every((event) => event.native === event.canonical)).toBe(true);
  });

  it('Claude Code covers every proposed event', () => {
    const canonicals = new Set(CLAUDE.events.map((event) => event.canonical));
    for (const name of PROPOSED_EVENT_NAMES) expect(canonicals.has(name)).toBe(true);
  });

  it("Claude Code's own events block exactly when they are not advisory, matching the canonical target", () => {
    for (const event of CLAUDE.events.filter((candidate) => proposed.has(candidate.canonical))) {
      expect([event.native, event.exit2 === 'block']).toEqual([event.native, !ADVISORY_EVENTS.has(event.canonical)]);
      expect([event.native, event.matchTarget]).toEqual([event.native, MATCH_TARGET[event.canonical]]);
    }
  });

  it('every match target is a field of the canonical input of that event', () => {
    for (const [dialect, payloads] of [
      [CLAUDE, CLAUDE_PAYLOADS],
      [GEMINI, GEMINI_PAYLOADS],
    ] as const) {
      for (const event of dialect.events.filter((candidate) => candidate.matchTarget !== undefined)) {
        const payload = payloads[event.native];
        expect(payload, event.native).toBeDefined();
        expect(toCanonicalInput(payload ?? {}, event)).toHaveProperty(event.matchTarget as string);
      }
    }
  });

  it('every Claude Code payload reads into a canonical input the codecs accept', () => {
    for (const event of CLAUDE.events) {
      const payload = CLAUDE_PAYLOADS[event.native];
      expect(payload, event.native).toBeDefined();
      expect([event.native, canonicalProblems(event, payload ?? {})]).toEqual([event.native, []]);
    }
  });

  it('every Gemini CLI payload reads into a canonical input the codecs accept', () => {
    for (const event of GEMINI.events) {
      expect([event.native, canonicalProblems(event, GEMINI_PAYLOADS[event.native] ?? {})]).toEqual([event.native, []]);
    }
  });

  it('the checks would catch a payload missing a field (the spec above can fail)', () => {
    const failure = dialectEvent(CLAUDE, 'PostToolUseFailure') as DialectEvent;
    const problems = canonicalProblems(failure, { hook_event_name: 'PostToolUseFailure', tool_name: 'Bash' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/Invalid PostToolUseFailure input:[\s\S]*tool_input[\s\S]*error/);
    const start = dialectEvent(CLAUDE, 'SessionStart') as DialectEvent;
    expect(
      canonicalProblems(start, {
        session_id: 's',
        transcript_path: 't',
        cwd: '/',
        hook_event_name: 'SessionStart',
        source: 'nope',
      }),
    ).toHaveLength(1);
  });

  it('only tool events evaluate `if`, and the env file goes to the four events Claude Code gives it to', () => {
    expect(CLAUDE.events.filter((event) => event.ifCondition).map((event) => event.native)).toEqual([
      'PreToolUse',
      'PermissionRequest',
      'PermissionDenied',
      'PostToolUse',
      'PostToolUseFailure',
    ]);
    expect(
      CLAUDE.events
        .filter((event) => event.envFile)
        .map((event) => event.native)
        .sort(),
    ).toEqual(['CwdChanged', 'FileChanged', 'SessionStart', 'Setup']);
  });

  it('exit code 2 only warns on the advisory events of Gemini CLI and hookstream', () => {
    const advisory = (dialect: typeof GEMINI) =>
      dialect.events.filter((event) => event.exit2 === 'warning').map((event) => event.canonical);
    expect(new Set(advisory(GEMINI))).toEqual(new Set(['SessionStart', 'SessionEnd', 'Notification', 'PreCompress']));
    expect(new Set(advisory(HOOKSTREAM))).toEqual(ADVISORY_EVENTS);
  });
});
