/**
 * Whose format a file named without a dialect is in: by path, else by content, else refused — never read as
 * hookstream's when it is another agent's (its guards would not run).
 */
import { describe, expect, it } from 'vitest';
import { detectDialect, dialectOfContent, dialectOfPath } from '../../lib/config/detectDialect.js';

const claudeFile = { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'g.sh' }] }] } };

describe('dialectOfPath', () => {
  it.each([
    ['/p/.claude/settings.json', 'claude'],
    ['/p/.claude/settings.local.json', 'claude'],
    ['/home/u/.gemini/settings.json', 'gemini'],
    ['/p/.cursor/hooks.json', 'cursor'],
    ['/plugins/superpowers/hooks/hooks-cursor.json', 'cursor'],
    ['/p/.github/hooks/guard.json', 'copilot'],
    ['/p/.codex/hooks.json', 'codex'],
    ['/p/.hookstream/settings.json', 'hookstream'],
    ['/etc/hookstream/settings.json', 'hookstream'],
    ['/home/u/.claude/x/.gemini/settings.json', 'gemini'],
  ])('%s is %s', (path, dialect) => {
    expect(dialectOfPath(path)).toBe(dialect);
  });

  it('says nothing for a path that names no agent', () => {
    expect(dialectOfPath('/tmp/guards.json')).toBeUndefined();
    expect(dialectOfPath('/p/.github/workflows/ci.json')).toBeUndefined();
    // A checkout named after an agent is not that agent's configuration directory.
    expect(dialectOfPath('/work/hookstream/spec/fixtures/claude.json')).toBeUndefined();
    expect(dialectOfPath('/src/codex/hooks.json')).toBeUndefined();
  });
});

describe('dialectOfContent', () => {
  it("reads hookstream's switch and keys as hookstream's", () => {
    expect(dialectOfContent({ tools: { enableHooks: true }, hooks: { PreToolUse: [] } })).toMatchObject({
      dialect: 'hookstream',
    });
    expect(dialectOfContent({ hooksConfig: { enabled: false }, hooks: { AfterTool: [] } })).toMatchObject({
      dialect: 'hookstream',
    });
    expect(dialectOfContent({ disabled: ['x'] })).toMatchObject({ dialect: 'hookstream' });
  });

  it("reads Claude's event names as Claude's, and Codex's Windows command as Codex's", () => {
    expect(dialectOfContent(claudeFile)).toMatchObject({ dialect: 'claude' });
    const codex = { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'a', commandWindows: 'b' }] }] } };
    expect(dialectOfContent(codex)).toMatchObject({ dialect: 'codex' });
  });

  it("reads flat lists: Copilot's bash commands, Cursor's camelCase events", () => {
    expect(dialectOfContent({ version: 1, hooks: { preToolUse: [{ type: 'command', bash: 'g.sh' }] } })).toMatchObject({
      dialect: 'copilot',
    });
    expect(dialectOfContent({ version: 1, hooks: { beforeShellExecution: [{ command: 'g.sh' }] } })).toMatchObject({
      dialect: 'cursor',
    });
  });

  it("reads Gemini's own settings keys as Gemini's", () => {
    expect(dialectOfContent({ general: {}, hooks: { BeforeTool: [] } })).toMatchObject({ dialect: 'gemini' });
  });

  it('refuses what fits two readings, or none', () => {
    expect(dialectOfContent({ hooks: { BeforeTool: [{ hooks: [{ command: 'g.sh' }] }] } })).toHaveProperty('ambiguous');
    expect(dialectOfContent({ hooks: { BeforeTool: [], PreToolUse: [] } })).toHaveProperty('ambiguous');
    expect(dialectOfContent({ hooks: { someEvent: [{ command: 'x' }] } })).toHaveProperty('ambiguous');
  });
});

describe('detectDialect', () => {
  it('lets the path decide before the content', () => {
    expect(detectDialect('/p/.codex/hooks.json', claudeFile)).toEqual({ dialect: 'codex', by: 'path' });
    expect(detectDialect('/tmp/guards.json', claudeFile)).toEqual({ dialect: 'claude', by: 'content' });
  });
});
