/**
 * Problems found while preparing another agent's hook (issue 12) reach the host: a Claude Code hook outside a
 * plugin that uses `${CLAUDE_PLUGIN_ROOT}`, or a `${user_config.*}` plugin option, runs with the text left as
 * written, and `HookResult.warnings` says why — whether the hook then succeeds or fails. Real processes.
 */
import { describe, expect, it } from 'vitest';
import { useAgentProject } from '../helpers/agentProject.js';

const world = useAgentProject('hookstream-dialect-problems-', { checkLeftovers: true });
const shell = (script: string) => ({ type: 'command', command: world.marked(`sh -c '${script}'`) });
world.write('.claude/settings.json', {
  hooks: {
    PreToolUse: [
      // Outside a plugin the placeholder has no value: the shell sees an unset variable.
      { matcher: 'Read', hooks: [shell('cat > /dev/null; test -z "${CLAUDE_PLUGIN_ROOT}"')] },
      { matcher: 'Grep', hooks: [shell('cat > /dev/null; echo "${CLAUDE_PLUGIN_ROOT}/x" >&2; exit 1')] },
      { matcher: 'Glob', hooks: [shell('cat > /dev/null; echo "${user_config.token}" > /dev/null')] },
      { matcher: 'LS', hooks: [shell('cat > /dev/null; exit 0')] },
    ],
  },
});

const fire = (tool_name: string) => world.system().fire('PreToolUse', { tool_name, tool_input: {} });

describe('dialect run problems in HookResult.warnings', () => {
  it('a placeholder with no value: the hook succeeds, and the warning names the placeholder', async () => {
    const result = await fire('Read');
    expect(result.hooks.map((run) => run.outcome)).toEqual(['success']);
    expect(result.warnings).toEqual([
      expect.stringMatching(/^Hook ".*": \$\{CLAUDE_PLUGIN_ROOT\} has no value for this hook .*left as written$/),
    ]);
    expect(result.hooks[0]?.outputWarnings).toHaveLength(1);
  });

  it('a hook that then fails: the failure and the problem that explains it', async () => {
    const result = await fire('Grep');
    expect(result.hooks.map((run) => run.outcome)).toEqual(['warning']);
    expect(result.warnings).toHaveLength(2);
    expect(result.warnings).toContainEqual(expect.stringMatching(/\$\{CLAUDE_PLUGIN_ROOT\} has no value/));
  });

  it('a ${user_config.*} plugin option is reported as unsupported', async () => {
    const result = await fire('Glob');
    expect(result.warnings).toEqual([
      expect.stringMatching(/\$\{user_config\.\*\} plugin options are not supported; the text is left as written$/),
    ]);
  });

  it('a hook without placeholders has no warning', async () => {
    const result = await fire('LS');
    expect(result.hooks.map((run) => run.outcome)).toEqual(['success']);
    expect(result.warnings).toEqual([]);
  });
});
