/**
 * x-code's SessionEnd is fire-and-forget, as its hooks document says: the host's `fire` answers without waiting
 * for the plugin's hooks, yet each hook runs to completion (its record arrives on `background$`), and a hook
 * still running when the host disposes its system is ended with its process group — nothing is orphaned. Real
 * processes: a plugin installed under `~/.x-code/plugins/cache/`, its hook held until the spec releases it.
 */
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { eventually } from '../process/processHarness.js';
import { useAgentProject } from '../helpers/agentProject.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/xcode/', import.meta.url));
const world = useAgentProject('hookstream-xcode-session-end-', {
  checkLeftovers: true,
  afterDispose: () => {
    for (const file of ['started', 'release', 'done']) rmSync(join(world.project, file), { force: true });
  },
});
const at = (file: string) => join(world.project, file);

// The plugin as x-code installs it; its hook writes `started`, waits for `release`, then writes `done`.
const root = join(world.home, '.x-code', 'plugins', 'cache', 'acme', 'notify', '1.0.0');
mkdirSync(join(root, 'hooks'), { recursive: true });
copyFileSync(join(FIXTURES, 'held.js'), join(root, 'hooks', 'held.js'));
writeFileSync(
  join(root, 'plugin.json'),
  JSON.stringify({
    name: 'notify',
    version: '1.0.0',
    hooks: {
      SessionEnd: [
        {
          command: world.marked(`node \${pluginDir}/hooks/held.js ${at('started')} ${at('release')} ${at('done')}`),
          timeout: 30_000,
        },
      ],
    },
  }),
);

const system = () => world.system({ sessionId: 'xc-1' });

describe('x-code SessionEnd', () => {
  it('the host does not wait for its hooks, and each still runs to completion', async () => {
    const hooks = system();
    const finished = firstValueFrom(hooks.background$);
    const result = await hooks.fire('SessionEnd', { reason: 'exit' });
    // Answered with the hook not yet finished: it cannot finish before the spec releases it.
    expect(result.hooks).toEqual([]);
    expect(existsSync(at('done'))).toBe(false);
    expect(await eventually(() => existsSync(at('started')), 10_000)).toBe(true);
    writeFileSync(at('release'), '');
    const record = await finished;
    expect(record).toMatchObject({ event: 'SessionEnd', sessionId: 'xc-1', run: { outcome: 'success' } });
    expect(existsSync(at('done'))).toBe(true);
  });

  it('a hook still running when the host disposes its system is ended, not left behind', async () => {
    const hooks = system();
    await hooks.fire('SessionEnd', { reason: 'exit' });
    expect(await eventually(() => existsSync(at('started')), 10_000)).toBe(true);
    await hooks.dispose();
    // checkLeftovers: no process carrying this project's marker is alive after the test.
    expect(existsSync(at('done'))).toBe(false);
  });
});
