/**
 * A host asking "is there a hook for this tool call?" (issue 12): with the call's fields, `hasHooks` honours
 * Claude Code `if` conditions; and a call whose every condition fails takes the fast path — the real hook
 * process is not spawned and `results$` gets no record — while a call that meets the condition runs it.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HookActivity } from '../../lib/model/types.js';
import { useAgentProject } from '../helpers/agentProject.js';

const world = useAgentProject('hookstream-has-hooks-if-', {
  afterDispose: () => {
    rmSync(ranFile, { force: true });
  },
  checkLeftovers: true,
});
const ranFile = join(world.root, 'ran.txt');
world.write('.claude/settings.json', {
  hooks: {
    PreToolUse: [
      {
        matcher: 'Write|Edit',
        hooks: [
          {
            type: 'command',
            if: 'Write(.env*)',
            command: world.marked(`sh -c 'cat > /dev/null; echo "$0" >> ${ranFile}' env-guard`),
          },
        ],
      },
    ],
  },
});

const write = (file_path: string) => ({ tool_name: 'Write', tool_input: { file_path, content: 'x' } });

describe('hasHooks and fire with if-conditions', () => {
  it('hasHooks with the call is false when the condition fails, true when it holds', () => {
    const hookSystem = world.system();
    expect(hookSystem.problems).toEqual([]);
    expect(hookSystem.hasHooks('PreToolUse', 'Write')).toBe(true);
    expect(hookSystem.hasHooks('PreToolUse', write('src/app.ts'))).toBe(false);
    expect(hookSystem.hasHooks('PreToolUse', write('.env.production'))).toBe(true);
    expect(hookSystem.hasHooks('PreToolUse', { tool_name: 'Edit', tool_input: { file_path: '.env' } })).toBe(false);
  });

  it('a condition miss spawns nothing and records nothing; a hit runs the hook', async () => {
    const hookSystem = world.system();
    const records: HookActivity[] = [];
    const subscription = hookSystem.results$.subscribe((record) => records.push(record));
    const missed = await hookSystem.fire('PreToolUse', write('src/app.ts'));
    expect(missed.hooks).toEqual([]);
    expect(missed.blocked).toBe(false);
    expect(records).toEqual([]);
    expect(existsSync(ranFile)).toBe(false);
    const hit = await hookSystem.fire('PreToolUse', write('.env'));
    expect(hit.hooks.map((run) => run.outcome)).toEqual(['success']);
    expect(readFileSync(ranFile, 'utf8')).toBe('env-guard\n');
    expect(records.length).toBeGreaterThan(0);
    subscription.unsubscribe();
  });

  it('is false for every call while hooks are disabled', () => {
    const off = world.system({ enabled: false });
    expect(off.hasHooks('PreToolUse', write('.env'))).toBe(false);
  });
});
