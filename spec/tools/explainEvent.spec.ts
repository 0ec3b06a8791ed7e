/**
 * explainEvent over real recordings (the `record` option of a hook system): the policy that decides an event and
 * the earlier events its verdict names, with their lines; an event no policy stops; the joined outcome chosen by
 * the engine's rules (a deny over an ask, a hook's deny standing); the recorded result and who decided it; every
 * form of target, and every target that names no event.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRecording, type RecordingEntry } from '../../lib/observe/recording.js';
import { limit } from '../../lib/session/rules/limit.js';
import { createHookSystem } from '../../lib/system/createHookSystem.js';
import { EventTargetError } from '../../lib/tools/eventTarget.js';
import { explainEvent } from '../../lib/tools/explainEvent.js';
import type { NamedPolicies } from '../../lib/tools/policySession.js';

const bash = (command: string) => ({ tool_name: 'Bash', tool_input: { command } });
const fetch = { tool_name: 'web_fetch', tool_input: { url: 'https://example.com/offer' } };

/** One session: a fetch and its result, then four shell commands, the last one `rm -rf build` (a hook denies it). */
const SESSION: [string, Record<string, unknown>][] = [
  ['BeforeTool', fetch],
  ['AfterTool', { ...fetch, tool_response: { text: 'an offer' } }],
  ['BeforeTool', bash('ls')],
  ['BeforeTool', bash('git status')],
  ['BeforeTool', bash('git log')],
  ['BeforeTool', bash('rm -rf build')],
];

const TWO_SHELLS: NamedPolicies = { 'two-shells': limit({ match: '^Bash$', count: 2 }) };

let dir: string;
/** Recorded by an agent with a hook refusing `rm` and no session policy. */
let plain: RecordingEntry[];
/** The same session recorded with `two-shells` enforced. */
let enforced: RecordingEntry[];

const record = async (file: string, policies: NamedPolicies): Promise<RecordingEntry[]> => {
  const hooks = createHookSystem({
    projectDir: dir,
    trust: false,
    spawnHelper: false,
    sessionId: 'agent',
    record: file,
  });
  try {
    hooks.register('BeforeTool', {
      type: 'function',
      name: 'no-rm',
      run: (input) =>
        JSON.stringify(input.tool_input).includes('rm ')
          ? { decision: 'deny', reason: 'rm is not allowed' }
          : undefined,
    });
    for (const [name, policy] of Object.entries(policies)) hooks.sessionPolicy(name, policy);
    for (const [event, fields] of SESSION) await hooks.fire(event, fields);
  } finally {
    await hooks.dispose();
  }
  return parseRecording(readFileSync(file, 'utf8'), file);
};

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'hookstream-explain-'));
  plain = await record(path.join(dir, 'plain.jsonl'), {});
  enforced = await record(path.join(dir, 'enforced.jsonl'), TWO_SHELLS);
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const ref = (line: number, command: string) => ({
  line,
  seq: line,
  event: 'BeforeTool',
  input: `Bash {"command":"${command}"}`,
});

describe('explainEvent', () => {
  it('names the policy that decided the third shell command and the two earlier ones it counted, by line', () => {
    const why = explainEvent(plain, TWO_SHELLS, '5');
    expect(why.event).toEqual({ ...ref(5, 'git log'), session: 'agent' });
    expect(why.decidedBy).toEqual(['two-shells']);
    expect(why.verdicts).toEqual([
      {
        policy: 'two-shells',
        decision: 'deny',
        reason: 'more than 2 matching calls in this session',
        because: [ref(3, 'ls'), ref(4, 'git status')],
      },
    ]);
    expect(why.now).toMatchObject({ decision: 'deny', stopped: false, decidedBy: ['policy:two-shells'] });
    // Recorded without the policy: nothing decided it then.
    expect(why.recorded).toEqual({ stopped: false, decidedBy: [] });
  });

  it('says no policy decided an event they let through, each policy without a verdict', () => {
    const why = explainEvent(plain, TWO_SHELLS, '4');
    expect(why.decidedBy).toEqual([]);
    expect(why.verdicts).toEqual([{ policy: 'two-shells', because: [] }]);
    expect(why.now).toEqual({ stopped: false, decidedBy: [] });
  });

  it('gives the recorded result and the policy run that decided it in a recording made with the policy', () => {
    const why = explainEvent(enforced, TWO_SHELLS, '5');
    expect(why.recorded).toEqual({
      decision: 'deny',
      reason: 'session policy "two-shells": more than 2 matching calls in this session (after events #3, #4)',
      stopped: false,
      decidedBy: ['policy:two-shells'],
    });
    expect(why.decidedBy).toEqual(['two-shells']);
  });

  it('leaves a hook’s deny standing when no policy decides, and names the hook', () => {
    const why = explainEvent(plain, {}, '6');
    expect(why.recorded).toEqual({
      decision: 'deny',
      reason: 'rm is not allowed',
      stopped: false,
      decidedBy: ['no-rm'],
    });
    expect(why.now).toEqual(why.recorded);
    expect(why.decidedBy).toEqual([]);
    expect(why.verdicts).toEqual([]);
  });

  it('joins verdicts by the engine’s rules: a deny decides over an ask, and a hook’s deny decides beside it', () => {
    const policies: NamedPolicies = {
      'ask-after-one': limit({ match: '^Bash$', count: 1, decision: 'ask' }),
      ...TWO_SHELLS,
    };
    const fifth = explainEvent(plain, policies, '5');
    expect(fifth.verdicts.map((verdict) => verdict.decision)).toEqual(['ask', 'deny']);
    expect(fifth.decidedBy).toEqual(['two-shells']);
    const fourth = explainEvent(plain, policies, '4');
    expect(fourth.decidedBy).toEqual(['ask-after-one']);
    expect(fourth.now.decision).toBe('ask');
    expect(fourth.verdicts[0]?.because).toEqual([ref(3, 'ls')]);
    const sixth = explainEvent(plain, policies, '6');
    expect(sixth.now.decidedBy).toEqual(['no-rm', 'policy:two-shells']);
    expect(sixth.decidedBy).toEqual(['two-shells']);
  });

  it('takes the event as #N in the only session, or as SESSION#N', () => {
    const byLine = explainEvent(plain, TWO_SHELLS, '5');
    expect(explainEvent(plain, TWO_SHELLS, '#5')).toEqual(byLine);
    expect(explainEvent(plain, TWO_SHELLS, 'agent#5')).toEqual(byLine);
  });

  it('replays only the target’s session, numbering its events as the engine did', () => {
    // A second session interleaved after line 2: its shell commands count for its own session only.
    const [first, second, ...rest] = plain;
    const other = (entry: RecordingEntry, line: number): RecordingEntry => ({
      line,
      recorded: { ...entry.recorded, fields: { ...entry.recorded.fields, session_id: 'other' } },
    });
    const shifted = (entry: RecordingEntry): RecordingEntry => ({ ...entry, line: entry.line + 3 });
    const [ls, status, log] = rest;
    if (first === undefined || second === undefined || ls === undefined || status === undefined || log === undefined)
      throw new Error('the session has six events');
    const mixed = [first, second, other(ls, 3), other(status, 4), other(log, 5), ...rest.map(shifted)];
    const why = explainEvent(mixed, TWO_SHELLS, 'agent#5');
    expect(why.event).toMatchObject({ line: 8, seq: 5, session: 'agent' });
    expect(why.verdicts[0]?.because.map((earlier) => [earlier.line, earlier.seq])).toEqual([
      [6, 3],
      [7, 4],
    ]);
    expect(explainEvent(mixed, TWO_SHELLS, 'other#3').decidedBy).toEqual(['two-shells']);
    expect(explainEvent(mixed, TWO_SHELLS, '5')).toEqual(explainEvent(mixed, TWO_SHELLS, 'other#3'));
    expect(() => explainEvent(mixed, TWO_SHELLS, '#3')).toThrow(
      'event "#3": the recording has 2 sessions ("agent" (6 events), "other" (3 events)): name one, as agent#3',
    );
  });

  it('says what is there when the target names no event', () => {
    const gapped = parseRecording(
      readFileSync(path.join(dir, 'plain.jsonl'), 'utf8').replace('\n', '\n\n'),
      'gapped.jsonl',
    );
    const cases: [string, string][] = [
      ['9', 'event "9": no such line: the recording\'s events are on lines 1 to 7'],
      ['0', 'event "0": no such line: the recording\'s events are on lines 1 to 7'],
      ['2', 'event "2": no event on line 2 (a blank line); the recording\'s events are on lines 1 to 7'],
      ['inbox#2', 'event "inbox#2": no session "inbox"; the recording has "agent" (6 events)'],
      ['#7', 'event "#7": session "agent" has 6 events, numbered from 1'],
      ['agent#0', 'event "agent#0": session "agent" has 6 events, numbered from 1'],
      ['last', 'event "last": expected a line of the recording (12), #N or SESSION#N'],
      ['#', 'event "#": expected a line of the recording (12), #N or SESSION#N'],
    ];
    for (const [target, message] of cases) {
      expect(() => explainEvent(gapped, TWO_SHELLS, target), target).toThrow(EventTargetError);
      expect(() => explainEvent(gapped, TWO_SHELLS, target), target).toThrow(message);
    }
    expect(() => explainEvent([], TWO_SHELLS, '1')).toThrow('event "1": the recording holds no event');
  });
});
