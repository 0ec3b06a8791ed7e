/**
 * OLLM's command whitelist as a settings key, with real processes: a `commandWhitelist` in the user's
 * `~/.ollm/settings.json` replaces the default and governs the project's hooks; a project's own list is ignored
 * with a warning (a cloned repository cannot let another program run); a list that cannot be read is an error
 * and allows nothing; without a list the default still refuses `curl`.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSettingsSync, standardSettingsFiles } from '../../lib/config/index.js';
import { useAgentProject } from '../helpers/agentProject.js';

const world = useAgentProject('hookstream-ollm-whitelist-', {
  checkLeftovers: true,
  afterDispose: () => {
    rmSync(join(world.project, 'ran.jsonl'), { force: true });
    rmSync(join(world.home, '.ollm'), { recursive: true, force: true });
    rmSync(join(world.project, '.ollm'), { recursive: true, force: true });
  },
});
writeFileSync(
  join(world.project, 'record.js'),
  "const fs = require('fs'); fs.appendFileSync(process.argv[2], fs.readFileSync(0, 'utf8').trim() + '\\n');\n",
);
/** `env` is on no default list: it stands for a program such as `deno`, and here starts node to record the run. */
const HOOKS = {
  before_tool: [
    { name: 'via-env', command: 'env', args: ['node', 'record.js', 'ran.jsonl'] },
    { name: 'fetch', command: 'curl', args: ['https://example.com'] },
  ],
};
const userSettings = (content: unknown): string => {
  const file = join(world.home, '.ollm', 'settings.json');
  mkdirSync(join(world.home, '.ollm'), { recursive: true });
  writeFileSync(file, JSON.stringify(content));
  return file;
};
const loaded = () => loadSettingsSync(standardSettingsFiles(world.project, world.home));
const names = () => loaded().entries.map((entry) => entry.name);
const refusalOf = (program: string) =>
  loaded().problems.find((problem) => problem.message.includes(`"${program}" is not on OLLM's command whitelist`));

describe('OLLM command whitelist in settings', () => {
  it('a user list lets its program run and still refuses the rest', async () => {
    userSettings({ commandWhitelist: ['node', 'env'] });
    world.write('.ollm/settings.json', { hooks: HOOKS });
    expect(names()).toEqual(['via-env']);
    expect(refusalOf('curl')).toMatchObject({ severity: 'error', expected: 'one of node, env' });
    const result = await world.system().fire('BeforeTool', { tool_name: 'write_file', tool_input: {} });
    expect(result.hooks.map((hook) => [hook.name, hook.outcome])).toEqual([['via-env', 'success']]);
    expect(readFileSync(join(world.project, 'ran.jsonl'), 'utf8')).toContain('"tool_name":"write_file"');
  });

  it("a project's list is ignored with a warning: its program does not run, and the default refuses curl", () => {
    const file = world.write('.ollm/settings.json', { commandWhitelist: ['env', 'curl'], hooks: HOOKS });
    expect(names()).toEqual([]);
    expect(loaded().problems.find((problem) => problem.pointer === '/commandWhitelist')).toMatchObject({
      severity: 'warning',
      file,
      message: expect.stringContaining('ignored in project settings') as string,
    });
    expect(refusalOf('env')?.message).toContain('hook dropped');
    expect(refusalOf('curl')).toMatchObject({
      pointer: '/hooks/before_tool/1/command',
      expected: 'one of node, python, python3, bash, sh, npx, uvx',
    });
  });

  it('a list that cannot be read is an error and allows nothing, not even the default', () => {
    const file = userSettings({ commandWhitelist: 'env' });
    world.write('.ollm/settings.json', {
      hooks: {
        before_tool: [...HOOKS.before_tool, { name: 'plain', command: 'node', args: ['record.js', 'ran.jsonl'] }],
      },
    });
    expect(loaded().problems.find((problem) => problem.pointer === '/commandWhitelist')).toMatchObject({
      severity: 'error',
      file,
      message: 'invalid value for "commandWhitelist"; treated as allowing nothing',
      received: '"env"',
    });
    expect(names()).toEqual([]);
    expect(refusalOf('node')?.expected).toBe('no program: the whitelist allows none');
  });
});
