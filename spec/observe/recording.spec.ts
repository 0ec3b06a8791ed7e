/**
 * The `record` option and the recording format: every decided event appended as one JSON line, redacted by
 * JSON paths (the result's echoes of a redacted input too, and every string that repeats a redacted value: reasons,
 * messages, warnings, outputs; credential-shaped text always), on disk once `dispose()` resolves; reading a
 * recording back checks each line and names the one that is wrong, and reads only a regular file within the size
 * bound.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_RECORDING_FILE_BYTES } from '../../lib/core/limits.js';
import { parseJsonPath, redactAt, RecordingError, REDACTED, WILDCARD } from '../../lib/observe/redact.js';
import { parseRecording, readRecording, type RecordedEvent } from '../../lib/observe/recording.js';
import { createHookSystem } from '../../lib/system/createHookSystem.js';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/observe');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'hookstream-record-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const lines = (file: string): RecordedEvent[] =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as RecordedEvent);

describe('record option', () => {
  it('appends each decided event with its fields and result, flushed by dispose', async () => {
    const file = path.join(dir, 'session.jsonl');
    const hooks = createHookSystem({ record: file, sessionId: 'rec-1' });
    hooks.register('BeforeTool', {
      type: 'function',
      name: 'no-env',
      run: (input) =>
        String(input.tool_input.path).endsWith('.env') ? { decision: 'deny', reason: 'secrets' } : undefined,
    });
    await hooks.fire('BeforeTool', { tool_name: 'write_file', tool_input: { path: '.env' } });
    await hooks.fire('SessionStart', { source: 'startup' });
    await hooks.dispose();
    const [denied, started] = lines(file);
    expect(denied).toMatchObject({
      hookstream: 1,
      event: 'BeforeTool',
      session: 'rec-1',
      fields: { tool_name: 'write_file', tool_input: { path: '.env' } },
      result: {
        decision: 'deny',
        blocked: true,
        reason: 'secrets',
        toolInput: { path: '.env' },
        hooks: [{ name: 'no-env', source: 'runtime', outcome: 'blocked' }],
      },
    });
    expect(Date.parse(denied?.at ?? '')).toBeGreaterThan(0);
    expect(denied?.result).not.toHaveProperty('aggregated');
    expect(started).toMatchObject({ event: 'SessionStart', fields: { source: 'startup' }, result: { hooks: [] } });
    // A second system appends to the same file.
    const again = createHookSystem({ record: file });
    await again.fire('SessionStart', { source: 'resume' });
    await again.dispose();
    expect(lines(file).map((line) => line.fields.source ?? line.event)).toEqual(['BeforeTool', 'startup', 'resume']);
  });

  it('redacts the listed paths in the fields and wherever the result echoes them', async () => {
    const file = path.join(dir, 'redacted.jsonl');
    const hooks = createHookSystem({
      record: { path: file, redact: ['tool_input.api_key', '$.tool_input.headers[*]'] },
    });
    // A hook that rewrites the input hands the secret back in its output.
    hooks.register('BeforeTool', {
      type: 'function',
      name: 'tag',
      run: (input) => ({ hookSpecificOutput: { tool_input: Object.assign({}, input.tool_input, { tagged: true }) } }),
    });
    const fields = {
      tool_name: 'http',
      tool_input: { url: 'https://x', api_key: 'sk-123', headers: ['a: 1', 'b: 2'] },
    };
    const result = await hooks.fire('BeforeTool', fields);
    await hooks.dispose();
    const [line] = lines(file);
    expect(line?.fields.tool_input).toEqual({ url: 'https://x', api_key: REDACTED, headers: [REDACTED, REDACTED] });
    expect(line?.result.toolInput).toEqual({
      url: 'https://x',
      api_key: REDACTED,
      headers: [REDACTED, REDACTED],
      tagged: true,
    });
    expect(JSON.stringify(line)).not.toContain('sk-123');
    // The host's objects are untouched.
    expect(fields.tool_input.api_key).toBe('sk-123');
    expect(result.toolInput).toMatchObject({ api_key: 'sk-123' });
  });

  it('cuts a redacted value out of every string that repeats it: reasons, messages, warnings, outputs', async () => {
    const file = path.join(dir, 'repeated.jsonl');
    const hooks = createHookSystem({ record: { path: file, redact: ['tool_input.api_key'] }, spawnHelper: false });
    const quote = (mode: string) => `node ${path.join(FIXTURES, 'quote-secret.mjs')} ${mode}`;
    hooks.register('BeforeTool', { type: 'command', name: 'quote', command: quote('answer') });
    hooks.register('BeforeTool', { type: 'command', name: 'fail', command: quote('fail') });
    hooks.register('BeforeTool', {
      type: 'function',
      name: 'stopper',
      run: (input) => ({ continue: false, stopReason: `stop: ${String(input.tool_input.api_key)}` }),
    });
    const secret = 'hunter2-long-enough';
    const result = await hooks.fire('BeforeTool', { tool_name: 'http', tool_input: { api_key: secret } });
    await hooks.dispose();
    // The live result keeps what the hooks said; only the file is redacted.
    expect(result.reason).toContain(secret);
    expect(result.systemMessage).toContain(secret);
    expect(result.additionalContext).toContain(secret);
    expect(result.stopReason).toContain(secret);
    expect(result.hooks.find((run) => run.name === 'fail')?.message).toContain(secret);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(secret);
    const [line] = lines(file);
    expect(line?.result.reason).toContain(`key ${REDACTED} refused`);
    expect(line?.result.systemMessage).toContain(`saw ${REDACTED}`);
    expect(line?.result.additionalContext).toContain(`context ${REDACTED}`);
    expect(line?.result.stopReason).toBe(`stop: ${REDACTED}`);
    expect(line?.result.hooks.find((run) => run.name === 'fail')?.message).toContain(`cannot use ${REDACTED}`);
  });

  it('writes text shaped like a credential as [REDACTED], with or without redact paths', async () => {
    const file = path.join(dir, 'shapes.jsonl');
    const hooks = createHookSystem({ record: file });
    const token = `ghp_${'a1B2c3D4e5'.repeat(4)}`;
    hooks.register('BeforeTool', {
      type: 'function',
      name: 'echo',
      run: (input) => ({ decision: 'deny', reason: `saw ${String(input.tool_input.command)}` }),
    });
    const command = `git push https://me:${token}@github.com/o/r && curl -H "Authorization: Bearer ${token}"`;
    await hooks.fire('BeforeTool', { tool_name: 'run_shell_command', tool_input: { command } });
    await hooks.dispose();
    const [line] = lines(file);
    expect(readFileSync(file, 'utf8')).not.toContain(token);
    expect(line?.fields.tool_input).toEqual({
      command: `git push https://me:${REDACTED}@github.com/o/r && curl -H "Authorization: Bearer ${REDACTED}"`,
    });
    expect(line?.result.reason).toBe(
      `saw git push https://me:${REDACTED}@github.com/o/r && curl -H "Authorization: Bearer ${REDACTED}"`,
    );
  });

  it('skips an event whose fields JSON cannot hold, and goes on recording', async () => {
    const file = path.join(dir, 'bigint.jsonl');
    const hooks = createHookSystem({ record: file });
    await hooks.fire('BeforeTool', { tool_name: 'count', tool_input: { n: 10n } });
    await hooks.fire('SessionStart', { source: 'startup' });
    await hooks.dispose();
    expect(lines(file).map((line) => line.event)).toEqual(['SessionStart']);
  });

  it('refuses a redact path that does not parse, naming where', () => {
    expect(() =>
      createHookSystem({ record: { path: path.join(dir, 'x.jsonl'), redact: ['tool_input..key'] } }),
    ).toThrow(/Invalid redact path "tool_input\.\.key" at column 12: expected a key/);
  });
});

describe('redact paths', () => {
  it('parses keys, indexes, quoted keys and wildcards', () => {
    expect(parseJsonPath('$.a.b[0]["c.d"][*].*')).toEqual(['a', 'b', 0, 'c.d', WILDCARD, WILDCARD]);
    expect(parseJsonPath('tool_input')).toEqual(['tool_input']);
    for (const bad of ['', '$', 'a[', 'a[x]', '$a']) expect(() => parseJsonPath(bad)).toThrow(RecordingError);
  });

  it('copies only along the path and leaves missing members alone', () => {
    const value = { a: { b: 1, keep: { deep: true } }, list: [{ s: 1 }, { s: 2 }] };
    const redacted = redactAt(value, ['a', 'b']) as typeof value;
    expect(redacted).toEqual({ a: { b: REDACTED, keep: { deep: true } }, list: value.list });
    expect(redacted.a.keep).toBe(value.a.keep);
    expect(redacted.list).toBe(value.list);
    expect(redactAt(value, ['missing', 'x'])).toBe(value);
    expect(redactAt(value, ['list', WILDCARD, 's'])).toEqual({ a: value.a, list: [{ s: REDACTED }, { s: REDACTED }] });
  });
});

describe('reading a recording', () => {
  it('returns each event with its line, skipping blank lines', () => {
    const file = path.join(dir, 'r.jsonl');
    const line = JSON.stringify({
      hookstream: 1,
      event: 'PreToolUse',
      session: 's',
      at: '2026-01-01T00:00:00.000Z',
      durationMs: 3,
      fields: { tool_name: 'x', tool_input: {} },
      result: { blocked: false, hooks: [] },
    });
    writeFileSync(file, `${line}\n\n${line}\n`);
    const entries = readRecording(file);
    expect(entries.map((entry) => [entry.line, entry.recorded.event])).toEqual([
      [1, 'BeforeTool'],
      [3, 'BeforeTool'],
    ]);
  });

  it('names the file, line and field of a bad line', () => {
    expect(() => parseRecording('{"hookstream":1}\n', 'x.jsonl')).toThrow(
      new RecordingError('x.jsonl:1: "event" must be a hook event name, received undefined'),
    );
    expect(() => parseRecording('\nnot json', 'x.jsonl')).toThrow(/^x\.jsonl:2: not JSON/);
    expect(() => parseRecording('{"hookstream":2}', 'x.jsonl')).toThrow(/x\.jsonl:1: "hookstream" must be 1/);
    expect(() => readRecording(path.join(dir, 'missing.jsonl'))).toThrow(/Cannot read recording .*missing\.jsonl/);
  });

  it('refuses a recording over the size bound, naming the file, the limit and its size', () => {
    const file = path.join(dir, 'huge.jsonl');
    writeFileSync(file, '');
    // Sparse: the size is what is checked, before a byte is read.
    truncateSync(file, MAX_RECORDING_FILE_BYTES + 1);
    expect(() => readRecording(file)).toThrow(
      new RecordingError(
        `Cannot read recording ${file}: ${file} is ${MAX_RECORDING_FILE_BYTES + 1} bytes, over the 256 MiB limit`,
      ),
    );
    const small = path.join(dir, 'small.jsonl');
    writeFileSync(small, '\n'.repeat(40));
    expect(() => readRecording(small, 32)).toThrow(/small\.jsonl is 40 bytes, over the 32 bytes limit/);
  });

  it('refuses a directory, a named pipe and a device without blocking or reading forever', () => {
    const directory = path.join(dir, 'folder.jsonl');
    mkdirSync(directory);
    expect(() => readRecording(directory)).toThrow(/folder\.jsonl is a directory \(EISDIR\), not a regular file/);
    const fifo = path.join(dir, 'pipe.jsonl');
    execFileSync('mkfifo', [fifo]);
    expect(() => readRecording(fifo)).toThrow(/pipe\.jsonl is a named pipe \(FIFO\), not a regular file/);
    expect(() => readRecording('/dev/zero')).toThrow(/\/dev\/zero is a character device, not a regular file/);
  });
});
