/**
 * `hookstream import`'s conversion (issue 12): names, units and matchers carried over exactly; everything that
 * cannot be is a note with its pointer, never silently dropped; importing twice changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { CLAUDE, CODEX, COPILOT, GEMINI, dialectEvent } from '../../lib/dialects/index.js';
import type { DialectEvent } from '../../lib/dialects/index.js';
import { importDialectHooks, mergeImported, toRegexMatcher } from '../../lib/config/importDialect.js';
import { compileMatcher } from '../../lib/plan/matcher.js';

const claudeEvent = (name: string) => dialectEvent(CLAUDE, name) as DialectEvent;

describe('toRegexMatcher', () => {
  it("anchors Claude exact names and lists, so hookstream's regex reading matches the same tools", () => {
    const list = toRegexMatcher('Read|Edit|Write|Bash', claudeEvent('PreToolUse')) as string;
    expect(list).toBe('^(Read|Edit|Write|Bash)$');
    const matcher = compileMatcher(list).matcher;
    expect(matcher.test('Write')).toBe(true);
    expect(matcher.test('TodoWrite')).toBe(false);
    expect(toRegexMatcher('mcp__memory__.*', claudeEvent('PreToolUse'))).toBe('mcp__memory__.*');
    expect(toRegexMatcher('*', claudeEvent('PreToolUse'))).toBeUndefined();
  });

  it('escapes Gemini lifecycle matchers, which are exact strings', () => {
    expect(toRegexMatcher('startup', dialectEvent(GEMINI, 'SessionStart') as DialectEvent)).toBe('^startup$');
    expect(toRegexMatcher('write_.*', dialectEvent(GEMINI, 'BeforeTool') as DialectEvent)).toBe('write_.*');
  });
});

describe('importDialectHooks', () => {
  it('converts event names and seconds, and notes every hook it cannot carry over', () => {
    const { hooks, notes } = importDialectHooks(
      {
        permissions: {},
        hooks: {
          UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'ctx.sh', timeout: 2.5 }] }],
          PreToolUse: [
            {
              matcher: 'Bash',
              hooks: [
                { type: 'command', command: 'guard.sh', if: 'Bash(git push *)' },
                { type: 'command', command: 'node "${CLAUDE_PLUGIN_ROOT}/x.js"' },
                { type: 'agent', prompt: 'check', timeout: 30 },
                { type: 'command', command: 'ok.sh', timeout: 'soon' },
              ],
            },
          ],
          Teleport: [{ hooks: [{ type: 'command', command: 'w.sh' }] }],
        },
      },
      CLAUDE,
    );
    expect(hooks).toEqual({
      BeforeAgent: [{ hooks: [{ type: 'command', command: 'ctx.sh', timeout: 2500 }] }],
      BeforeTool: [
        {
          matcher: '^(Bash)$',
          hooks: [
            { type: 'agent', prompt: 'check', timeout: 30_000 },
            // No valid timeout: Claude's own default (600 s), not hookstream's shorter one.
            { type: 'command', command: 'ok.sh', timeout: 600_000 },
          ],
        },
      ],
    });
    expect(notes).toEqual([
      '/hooks/PreToolUse/0/hooks/0: "if": "Bash(git push *)" has no hookstream equivalent; the hook was not imported',
      '/hooks/PreToolUse/0/hooks/1: ${CLAUDE_PLUGIN_ROOT} only exists for a plugin or extension; the hook was not imported',
      expect.stringMatching(
        /^\/hooks\/PreToolUse\/0\/hooks\/3\/timeout: Claude Code timeout must be .*; left out/,
      ) as unknown,
      '/hooks/Teleport: Claude Code event Teleport has no hookstream event yet; its hooks were not imported',
    ]);
  });

  it('keeps Gemini timeouts in milliseconds and its hook names', () => {
    const { hooks } = importDialectHooks(
      {
        hooks: {
          enabled: true,
          BeforeTool: [{ matcher: 'write_.*', hooks: [{ command: 'g.sh', name: 'g', timeout: 500 }] }],
        },
      },
      GEMINI,
    );
    expect(hooks).toEqual({
      BeforeTool: [{ matcher: 'write_.*', hooks: [{ type: 'command', command: 'g.sh', name: 'g', timeout: 500 }] }],
    });
  });
});

describe("importDialectHooks keeps each agent's failure semantics", () => {
  it('a Copilot preToolUse command fails closed: imported with failurePolicy block, and a note says so', () => {
    const { hooks, notes } = importDialectHooks(
      {
        version: 1,
        hooks: {
          preToolUse: [{ type: 'command', bash: './guard.sh', timeoutSec: 5 }],
          postToolUse: [{ type: 'command', bash: './log.sh', timeoutSec: 5 }],
        },
      },
      COPILOT,
    );
    expect(hooks.BeforeTool?.[0]?.hooks).toEqual([
      { type: 'command', command: './guard.sh', timeout: 5000, failurePolicy: 'block' },
    ]);
    // Copilot's postToolUse fails open, as hookstream's default does.
    expect(hooks.AfterTool?.[0]?.hooks).toEqual([{ type: 'command', command: './log.sh', timeout: 5000 }]);
    expect(notes).toContainEqual(expect.stringMatching(/^\/hooks\/preToolUse\/0: .*"failurePolicy": "block"/));
  });

  it("keeps a hook's own failurePolicy, and the agent's default timeout where the hook sets none", () => {
    const { hooks } = importDialectHooks(
      {
        hooks: {
          PreToolUse: [{ type: 'command', bash: './guard.sh', failurePolicy: 'allow' }],
        },
      },
      COPILOT,
    );
    expect((hooks.BeforeTool?.[0]?.hooks as unknown[] | undefined)?.[0]).toMatchObject({ failurePolicy: 'allow' });
    const codex = importDialectHooks(
      { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'gate.sh' }] }] } },
      CODEX,
    );
    expect(codex.hooks.AfterAgent?.[0]?.hooks).toEqual([{ type: 'command', command: 'gate.sh', timeout: 600_000 }]);
  });

  it('says when exit code 2 blocked in the agent and only warns in hookstream', () => {
    const { notes } = importDialectHooks(
      { hooks: { PreCompact: [{ matcher: 'auto', hooks: [{ type: 'command', command: 'x.sh', timeout: 1 }] }] } },
      CLAUDE,
    );
    expect(notes).toContainEqual(expect.stringContaining('exit code 2 blocks PreCompact in Claude Code'));
  });

  it("turns lifecycle matcher words into hookstream's (Claude's compact is compress)", () => {
    expect(toRegexMatcher('startup|compact', claudeEvent('SessionStart'))).toBe('^(startup|compress)$');
  });
});

describe('mergeImported', () => {
  it('switches hooks on, appends new groups, and is idempotent', () => {
    const existing = {
      tools: { enableHooks: false, other: 1 },
      hooks: { BeforeTool: [{ hooks: [{ command: 'mine.sh' }] }] },
    };
    const imported = { BeforeTool: [{ hooks: [{ type: 'command', command: 'theirs.sh' }] }] };
    const once = mergeImported(existing, imported);
    expect(once).toEqual({
      tools: { enableHooks: true, other: 1 },
      hooks: {
        BeforeTool: [{ hooks: [{ command: 'mine.sh' }] }, { hooks: [{ type: 'command', command: 'theirs.sh' }] }],
      },
    });
    expect(mergeImported(once, imported)).toEqual(once);
    expect(existing.tools.enableHooks).toBe(false);
  });
});
