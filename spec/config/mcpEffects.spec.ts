/**
 * `mcpEffects` in a settings file: the effects of MCP tools by server and tool, read by that file's effect
 * matchers. A mapped tool is judged by its effects; an unmapped one stays `unknown` and runs every effect guard;
 * an entry that cannot be read is an error at its file and JSON pointer, and its tool stays unknown.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSettingsSync } from '../../lib/config/index.js';

const dir = mkdtempSync(join(tmpdir(), 'hs-mcp-effects-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const load = (name: string, settings: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(settings, null, 2));
  return { path, loaded: loadSettingsSync([{ path, scope: 'user' }]) };
};

const guarded = (mcpEffects: unknown) => ({
  tools: { enableHooks: true },
  mcpEffects,
  hooks: { BeforeTool: [{ effects: { egress: '*' }, hooks: [{ type: 'command', command: 'echo guard' }] }] },
});

const runs = (loaded: ReturnType<typeof loadSettingsSync>, tool_name: string): boolean | undefined =>
  loaded.entries[0]?.condition?.test({ tool_name, tool_input: {}, cwd: dir });

describe('mcpEffects', () => {
  it('judges a mapped MCP tool by its effects and leaves an unmapped one unknown (the guard runs)', () => {
    const { loaded } = load(
      'mapped.json',
      guarded({ notes: { '*': ['reads(notes.db)'] }, github: { '*': ['egress(api.github.com)'] } }),
    );
    expect(loaded.problems).toEqual([]);
    expect(runs(loaded, 'mcp__notes__search')).toBe(false);
    expect(runs(loaded, 'mcp__github__create_issue')).toBe(true);
    expect(runs(loaded, 'mcp__slack__post')).toBe(true);
  });

  it('a tool listed by name wins over the server-wide "*"', () => {
    const { loaded } = load(
      'named.json',
      guarded({ github: { '*': ['egress(api.github.com)'], search_code: ['reads(?)'] } }),
    );
    // By name it only reads (the server-wide list would have reached the network): an egress guard stays out.
    expect(runs(loaded, 'mcp__github__search_code')).toBe(false);
    expect(runs(loaded, 'mcp__github__create_issue')).toBe(true);
    const harmless = load('harmless.json', guarded({ github: { '*': ['egress(api.github.com)'], get_me: [] } }));
    expect(runs(harmless.loaded, 'mcp__github__get_me')).toBe(false);
  });

  it('reports an entry it cannot read at its file and JSON pointer, and keeps that tool unknown', () => {
    const { path, loaded } = load(
      'bad.json',
      guarded({ notes: { '*': ['reads(notes.db)', 'sends(x)'] }, web: 'all', docs: { read: 'reads(x)' } }),
    );
    const errors = loaded.problems.filter((problem) => problem.severity === 'error');
    expect(errors.map((problem) => [problem.file, problem.pointer, problem.message])).toEqual([
      [path, '/mcpEffects/notes/*/1', 'invalid effect for MCP tool notes/*; the tool stays unknown'],
      [path, '/mcpEffects/web', 'invalid MCP server entry; its tools stay unknown'],
      [path, '/mcpEffects/docs/read', 'invalid effect for MCP tool docs/read; the tool stays unknown'],
    ]);
    expect(errors[0]?.expected).toMatch(/^"class\(target\)" with class one of reads, writes/);
    expect(errors[0]?.received).toBe('"sends(x)"');
    expect(runs(loaded, 'mcp__notes__search')).toBe(true);
  });

  it("serves only its own file's matchers: another file's map does not make a call harmless", () => {
    const map = join(dir, 'map.json');
    writeFileSync(map, JSON.stringify({ mcpEffects: { github: { '*': [] } } }));
    const hooks = join(dir, 'hooks.json');
    writeFileSync(hooks, JSON.stringify(guarded(undefined)));
    const loaded = loadSettingsSync([
      { path: map, scope: 'project' },
      { path: hooks, scope: 'user' },
    ]);
    expect(runs(loaded, 'mcp__github__create_issue')).toBe(true);
  });
});
