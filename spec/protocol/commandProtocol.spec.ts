import { describe, expect, it } from 'vitest';
import { interpretCommandRun, parseStdout, type ProcessOutcome } from '../../lib/protocol/commandProtocol.js';

const exited = (exitCode: number, stdout = '', stderr = '', extra: Partial<ProcessOutcome> = {}): ProcessOutcome => ({
  exitCode,
  stdout,
  stderr,
  timedOut: false,
  timeoutMs: 1000,
  ...extra,
});
const interpret = (run: ProcessOutcome) => interpretCommandRun('h', 'BeforeTool', run);

describe('parseStdout', () => {
  it('classifies empty, object, double-encoded object and text', () => {
    expect(parseStdout(' \n\t')).toEqual({ kind: 'empty' });
    expect(parseStdout(' {"a":1}\n')).toEqual({ kind: 'object', value: { a: 1 } });
    expect(parseStdout(JSON.stringify(JSON.stringify({ a: 1 })))).toEqual({ kind: 'object', value: { a: 1 } });
    expect(parseStdout('"just a string"')).toEqual({ kind: 'text', text: '"just a string"' });
    expect(parseStdout('[1]')).toEqual({ kind: 'text', text: '[1]' });
    expect(parseStdout('null')).toEqual({ kind: 'text', text: 'null' });
    expect(parseStdout('{oops')).toEqual({ kind: 'text', text: '{oops' });
  });
});

describe('interpretCommandRun', () => {
  it('exit 0: empty → success without output; text → allow with systemMessage', () => {
    expect(interpret(exited(0))).toEqual({ outcome: 'success', outputWarnings: [] });
    expect(interpret(exited(0, 'hello\n'))).toEqual({
      outcome: 'success',
      output: { decision: 'allow', systemMessage: 'hello' },
      outputWarnings: [],
    });
  });

  it('exit 0: a block or deny decision blocks, with the reason as message', () => {
    expect(interpret(exited(0, '{"decision":"deny","reason":"r"}'))).toMatchObject({
      outcome: 'blocked',
      message: 'r',
    });
    expect(interpret(exited(0, '{"decision":"block"}')).message).toBe('Blocked by hook "h"');
    expect(interpret(exited(0, '{"decision":"ask"}')).outcome).toBe('success');
  });

  it('exit 0: permissionDecision deny blocks a BeforeTool hook only', () => {
    const stdout = '{"hookSpecificOutput":{"permissionDecision":"deny"}}';
    expect(interpret(exited(0, stdout)).outcome).toBe('blocked');
    expect(interpretCommandRun('h', 'AfterTool', exited(0, stdout)).outcome).toBe('success');
  });

  it('exit 0: wrong-typed fields are dropped with warnings', () => {
    const verdict = interpret(exited(0, '{"suppressOutput":1,"reason":"x"}'));
    expect(verdict.output).toEqual({ reason: 'x' });
    expect(verdict.outputWarnings).toHaveLength(1);
  });

  it('exit 2: reason precedence is JSON reason, stderr, stdout text, fixed text', () => {
    expect(interpret(exited(2, '{"reason":"json"}', 'err')).message).toBe('json');
    expect(interpret(exited(2, '{"systemMessage":"s"}', ' err \n')).output).toEqual({
      systemMessage: 's',
      decision: 'block',
      reason: 'err',
    });
    expect(interpret(exited(2, 'text', '')).message).toBe('text');
    const bare = interpret(exited(2));
    expect(bare).toMatchObject({ outcome: 'blocked', message: 'Hook exited with code 2' });
    expect(bare.outputWarnings).toHaveLength(1);
  });

  it('exit 2: deny stays deny, anything else becomes block', () => {
    expect(interpret(exited(2, '{"decision":"deny"}')).output?.decision).toBe('deny');
    expect(interpret(exited(2, '{"decision":"approve"}')).output?.decision).toBe('block');
  });

  it('other exits are warnings naming the code and the first stderr line', () => {
    expect(interpret(exited(1, '{"decision":"block"}', '\n first \nsecond'))).toEqual({
      outcome: 'warning',
      message: 'Hook "h" exited with code 1: first',
      outputWarnings: [],
    });
    expect(interpret(exited(7)).message).toBe('Hook "h" exited with code 7');
  });

  it('126 and 127 (the shell could not start the command) are failures, whatever stdout says', () => {
    expect(interpret(exited(127, '{"decision":"block"}', 'sh: 1: nope: not found'))).toEqual({
      outcome: 'failed',
      message: 'Hook "h" command not found (exit code 127): sh: 1: nope: not found',
      outputWarnings: [],
    });
    expect(interpret(exited(126))).toEqual({
      outcome: 'failed',
      message: 'Hook "h" command is not executable (exit code 126)',
      outputWarnings: [],
    });
  });

  it('stdout that was not valid UTF-8 fails the run at exit 0 and 2, where it would be read', () => {
    const lossy = '{"decision":"allow","reason":"caf\uFFFD"}';
    for (const code of [0, 2]) {
      expect(interpret(exited(code, lossy, 'why', { stdoutInvalid: true }))).toEqual({
        outcome: 'failed',
        message: 'Hook "h" output was not used: stdout is not valid UTF-8',
        outputWarnings: [],
      });
    }
    // Elsewhere stdout is not read: the exit code alone speaks.
    expect(interpret(exited(1, lossy, '', { stdoutInvalid: true })).outcome).toBe('warning');
  });

  it('a run hookstream lost after it started (the spawn helper died) fails, naming the cause', () => {
    expect(interpret(exited(0, '{}', '', { interrupted: 'the spawn helper died (killed by SIGKILL)' }))).toEqual({
      outcome: 'failed',
      message: 'Hook "h" failed: the spawn helper died (killed by SIGKILL)',
      outputWarnings: [],
    });
  });

  it('a spawn error, a timeout, truncation and a signal outrank the exit code, in that order', () => {
    const all = exited(0, '{}', '', { spawnError: 'E2BIG', timedOut: true, stdoutTruncatedAt: 10, signal: 'SIGTERM' });
    expect(interpret(all)).toMatchObject({ outcome: 'failed', message: 'Hook "h" could not start: E2BIG' });
    const timedOut: ProcessOutcome = { ...all };
    delete timedOut.spawnError;
    expect(interpret(timedOut)).toMatchObject({ outcome: 'timeout', message: 'Hook "h" timed out after 1000 ms' });
    expect(interpret({ ...timedOut, timedOut: false }).message).toContain('stdout was truncated at 10 bytes');
    const killed: ProcessOutcome = { stdout: '', stderr: '', signal: 'SIGKILL', timedOut: false, timeoutMs: 5 };
    expect(interpret(killed)).toMatchObject({ outcome: 'failed', message: 'Hook "h" was killed by SIGKILL' });
    expect(interpret(killed).output).toBeUndefined();
  });
});
