/**
 * A command hook's run record from its process's report: strict decoding, the protocol's verdict, the
 * record's fields in one shape, and the warnings about the process itself. Pure: no process spawned.
 */
import { describe, expect, it } from 'vitest';
import { commandRunRecord, type ProcessFacts, type RecordSubject } from '../../lib/protocol/processRecord.js';
import { RECORD_LIMIT_BYTES } from '../../lib/protocol/readOutput.js';

const SUBJECT: RecordSubject = { name: 'h', event: 'BeforeTool', command: 'hook.sh', source: 'project' };
const TERMS = { durationMs: 12, timeoutMs: 1000, maxOutputBytes: 64 };

const facts = (extra: Partial<ProcessFacts> = {}): ProcessFacts => ({
  exitCode: 0,
  stdout: new Uint8Array(0),
  stderr: new Uint8Array(0),
  timedOut: false,
  stdoutOverflow: false,
  stderrOverflow: false,
  escapees: [],
  ...extra,
});
const bytes = (text: string): Uint8Array => Buffer.from(text);

describe('commandRunRecord', () => {
  it('builds a success record with the decoded output and both streams as text', () => {
    const run = commandRunRecord(
      SUBJECT,
      facts({ stdout: bytes('{"systemMessage":"hi"}\n'), stderr: bytes('note') }),
      TERMS,
    );
    expect(run).toEqual({
      name: 'h',
      command: 'hook.sh',
      source: 'project',
      durationMs: 12,
      outcome: 'success',
      exitCode: 0,
      output: { systemMessage: 'hi' },
      stdout: '{"systemMessage":"hi"}\n',
      stderr: 'note',
    });
  });

  it('never decides on stdout that is not UTF-8, and says which streams were not', () => {
    const run = commandRunRecord(
      SUBJECT,
      facts({ stdout: bytes('{"decision":"block"}'), stderr: Buffer.from([0x63, 0xe9]) }),
      TERMS,
    );
    // stderr is only ever a message: its bad byte does not stop a valid stdout from deciding.
    expect(run).toMatchObject({ outcome: 'blocked', stderr: 'c\uFFFD' });
    const invalid = commandRunRecord(SUBJECT, facts({ stdout: Buffer.from([0x7b, 0xe9, 0x7d]), exitCode: 2 }), TERMS);
    expect(invalid).toMatchObject({ outcome: 'failed', exitCode: 2, stdout: '{\uFFFD}' });
    expect(invalid.output).toBeUndefined();
    expect(invalid.outputWarnings).toEqual(['stdout is not valid UTF-8']);
    expect(run.outputWarnings).toEqual(['stderr is not valid UTF-8']);
  });

  it('reports a truncated stderr and the escapees that held the pipes, before the output warnings', () => {
    const run = commandRunRecord(
      SUBJECT,
      facts({ stdout: bytes('{"continue":"no"}'), stderrOverflow: true, escapees: [41, 42] }),
      TERMS,
    );
    expect(run.outputWarnings?.slice(0, 2)).toEqual([
      'stderr was truncated at 64 bytes',
      "processes that left the hook's process group held its output and were killed: 41, 42",
    ]);
    expect(run.outputWarnings?.[2]).toContain('"continue"');
  });

  it('records a cancelled run as canceled whatever the process did, with the given message', () => {
    const run = commandRunRecord(SUBJECT, facts({ exitCode: undefined, signal: 'SIGTERM' }), {
      ...TERMS,
      canceled: 'Hook "h" was canceled',
    });
    expect(run).toMatchObject({ outcome: 'canceled', signal: 'SIGTERM', message: 'Hook "h" was canceled' });
    expect(run.exitCode).toBeUndefined();
  });

  it('passes the timeout, truncation, spawn error and lost process to the protocol', () => {
    expect(
      commandRunRecord(SUBJECT, facts({ timedOut: true, signal: 'SIGTERM', exitCode: undefined }), TERMS),
    ).toMatchObject({
      outcome: 'timeout',
      message: 'Hook "h" timed out after 1000 ms',
    });
    expect(commandRunRecord(SUBJECT, facts({ stdoutOverflow: true }), TERMS).message).toContain(
      'truncated at 64 bytes',
    );
    expect(commandRunRecord(SUBJECT, facts({ exitCode: undefined, spawnError: 'ENOENT' }), TERMS).message).toBe(
      'Hook "h" could not start: ENOENT',
    );
    expect(commandRunRecord(SUBJECT, facts({ exitCode: undefined, interrupted: 'lost' }), TERMS).message).toBe(
      'Hook "h" failed: lost',
    );
  });

  it('clips each stream in the record', () => {
    const run = commandRunRecord(SUBJECT, facts({ exitCode: 1, stderr: bytes('x'.repeat(10_000)) }), TERMS);
    expect(Buffer.byteLength(run.stderr ?? '')).toBeLessThanOrEqual(RECORD_LIMIT_BYTES);
  });
});
