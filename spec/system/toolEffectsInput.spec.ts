/**
 * `tool_effects` on a real command hook's stdin: a guard of a project's `.hookstream/settings.json` with an
 * effect matcher reads the call's effects — and which parts could not be read — from its stdin and decides on
 * them; a hook of the same file without an effect matcher, and a Claude Code hook with one, see their input
 * without it (another agent's script gets exactly its agent's input). The record docs/effects.md shows is the one
 * the guard reads.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docBlocks } from '../docs/readmeBlocks.js';
import { useAgentProject } from '../helpers/agentProject.js';

const SEEN = ['seen-guard.json', 'seen-plain.json', 'seen-claude.json'];
const world = useAgentProject('hookstream-tool-effects-', {
  checkLeftovers: true,
  afterDispose: () => {
    for (const file of SEEN) rmSync(join(world.project, file), { force: true });
  },
});

/** Saves its stdin under the project, then blocks when the call could not be read whole. */
const GUARD =
  'cat > "$HOOKSTREAM_PROJECT_DIR/seen-guard.json"; ' +
  'if grep -q \'"partial":true\' "$HOOKSTREAM_PROJECT_DIR/seen-guard.json"; then ' +
  'echo \'{"decision":"block","reason":"cannot tell what this writes"}\'; fi';

world.write('.hookstream/settings.json', {
  tools: { enableHooks: true },
  hooks: {
    BeforeTool: [
      { effects: { writes: ['.env*'] }, hooks: [{ type: 'command', command: world.marked(GUARD) }] },
      {
        matcher: 'Bash',
        hooks: [{ type: 'command', command: world.marked('cat > "$HOOKSTREAM_PROJECT_DIR/seen-plain.json"') }],
      },
    ],
  },
});
world.write('.claude/settings.json', {
  hooks: {
    PreToolUse: [
      {
        matcher: 'Bash',
        effects: { writes: ['.env*'] },
        hooks: [{ type: 'command', command: world.marked('cat > "$CLAUDE_PROJECT_DIR/seen-claude.json"') }],
      },
    ],
  },
});

const seen = (file: string): Record<string, unknown> | undefined => {
  const path = join(world.project, file);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>) : undefined;
};

const bash = (command: string) => ({ tool_name: 'Bash', tool_input: { command }, cwd: world.project });

describe('tool_effects in a command hook input', () => {
  it("is on an effect guard's stdin, whole when the call could be read", async () => {
    const hooks = world.system({ sessionId: 'effects-spec' });
    expect(hooks.problems).toEqual([]);
    const result = await hooks.fire('BeforeTool', bash('cat template > .env'));
    expect(result.blocked).toBe(false);
    expect(result.hooks.map((run) => run.outcome)).toEqual(['success', 'success', 'success']);
    expect(seen('seen-guard.json')?.['tool_effects']).toEqual({
      effects: [
        { effect: 'writes', target: '.env' },
        { effect: 'executes', target: 'cat' },
        { effect: 'reads', target: 'template' },
      ],
      partial: false,
      unknown: [],
    });
  });

  it('says which parts could not be read, as docs/effects.md shows, and the guard decides on it', async () => {
    const hooks = world.system({ sessionId: 'effects-spec' });
    const result = await hooks.fire('BeforeTool', bash('cp template "$TARGET"'));
    expect(result.blocked).toBe(true);
    expect(result.reason).toContain('cannot tell what this writes');
    const shown = docBlocks().find((block) => block.id === 'effects-tool-input-json');
    expect(shown, 'docs/effects.md marks its tool_effects sample').toBeDefined();
    const documented = JSON.parse(`{${shown?.code ?? ''}}`) as Record<string, unknown>;
    expect(seen('seen-guard.json')?.['tool_effects']).toEqual(documented['tool_effects']);
  });

  it("is not on a hook without an effect matcher, nor on another agent's hook", async () => {
    const hooks = world.system({ sessionId: 'effects-spec' });
    await hooks.fire('BeforeTool', bash('tee .env.local'));
    expect(seen('seen-guard.json')).toHaveProperty('tool_effects');
    for (const file of ['seen-plain.json', 'seen-claude.json']) {
      const input = seen(file);
      expect(input?.['tool_input'], file).toEqual({ command: 'tee .env.local' });
      expect(input, file).not.toHaveProperty('tool_effects');
    }
  });

  it('is not added for a call the effect matcher lets pass (the guard does not run)', async () => {
    const hooks = world.system({ sessionId: 'effects-spec' });
    const result = await hooks.fire('BeforeTool', bash('cat .env'));
    expect(result.hooks).toHaveLength(1);
    expect(seen('seen-guard.json')).toBeUndefined();
    expect(seen('seen-plain.json')).not.toHaveProperty('tool_effects');
  });
});
