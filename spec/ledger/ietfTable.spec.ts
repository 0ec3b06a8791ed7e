/**
 * The IETF mapping table of docs/ledger.md: every hookstream field it names (`r.…`, `h`, in its columns) is present
 * in a real event record, written by a hook system whose guard blocked with a reason, input recorded.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHookSystem } from '../../lib/system/createHookSystem.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The rows of the table after the `ietf-table` marker, as their cells. */
const tableRows = (): string[][] => {
  const text = readFileSync(new URL('../../docs/ledger.md', import.meta.url), 'utf8');
  const after = text.slice(text.indexOf('<!-- ledger.spec: ietf-table -->'));
  const rows = after.split('\n').filter((line) => line.startsWith('|'));
  return rows
    .slice(2)
    .map((row) =>
      row
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    )
    .filter((cells) => cells.length === 3);
};

/** The value at a dotted path; `name[]` steps into every element of an array (here, the first). */
const at = (value: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((current, step) => {
    if (current === undefined || current === null || typeof current !== 'object') return undefined;
    const list = step.endsWith('[]');
    const next = (current as Record<string, unknown>)[list ? step.slice(0, -2) : step];
    return list ? (Array.isArray(next) ? (next[0] as unknown) : undefined) : next;
  }, value);

describe('the IETF mapping table of docs/ledger.md', () => {
  it('maps the draft’s mandatory fields, each at most once', () => {
    const fields = tableRows()
      .map(([draft]) => draft)
      .filter((draft) => draft?.startsWith('`'));
    expect(fields).toEqual([
      '`record_id`',
      '`timestamp`',
      '`agent_id`',
      '`agent_version`',
      '`session_id`',
      '`action_type`',
      '`action_detail`',
      '`outcome`',
      '`trust_level`',
    ]);
  });

  it('names only fields a real event record has', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hookstream-ietf-'));
    dirs.push(dir);
    const path = join(dir, 'decisions.ledger');
    const hooks = createHookSystem({ ledger: { path, input: true } });
    hooks.register(
      'BeforeTool',
      { type: 'function', name: 'no-etc', required: true, run: () => ({ decision: 'block', reason: 'off limits' }) },
      { matcher: '^write_file$' },
    );
    await hooks.fire('BeforeTool', { tool_name: 'write_file', tool_input: { path: '/etc/hosts' } });
    await hooks.dispose();
    const line = readFileSync(path, 'utf8')
      .split('\n')
      .filter((text) => text !== '')
      .map((text) => JSON.parse(text) as { r: { type: string } })
      .find((parsed) => parsed.r.type === 'event');
    const named = tableRows().flatMap(([, ours = '', note = '']) =>
      [...`${ours} ${note}`.matchAll(/`((?:r\.|h\b)[\w.[\]]*)`/g)].map((match) => match[1] ?? ''),
    );
    expect(named).toContain('r.guards[].pin');
    expect(named.length).toBeGreaterThan(8);
    const missing = named.filter((field) => at(line, field) === undefined);
    expect(missing).toEqual([]);
  });
});
