/**
 * `hookstream doctor --run` runs hooks through the executors `fire` uses: an approved project hook under the
 * user's `no-secrets` policy sees no more of the environment in a probe than when `fire` runs it. The hook
 * writes the secret variable's value (or `unset`) to a witness file.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_TEST_TIMEOUT_MS, CliWorld, enabledSettings, type CliCase } from './cliHarness.js';

const SECRET = 'sk-doctor-spec-0123456789abcdef';

let world: CliWorld;
let where: CliCase;

beforeAll(() => {
  world = new CliWorld();
  const witness = (file: string) =>
    `printf '%s' "\${HS_DOCTOR_SPEC_API_KEY:-unset}" > "$HOOKSTREAM_PROJECT_DIR/${file}"`;
  where = world.setUpCase(
    'secrets',
    {
      'home/.hookstream/settings.json': { hooksConfig: { env: { mode: 'no-secrets' } } },
      'project/.hookstream/settings.json': enabledSettings({
        BeforeTool: [{ hooks: [{ type: 'command', name: 'project-probe', command: witness('seen.txt') }] }],
      }),
    },
    { HS_DOCTOR_SPEC_API_KEY: SECRET },
  );
});

afterAll(async () => {
  await world.finish();
});

describe('hookstream doctor --run', () => {
  it(
    'gives an approved project hook the environment fire gives it: no-secrets withholds the secret',
    async () => {
      await world.approve(where);
      const seen = path.join(where.project, 'seen.txt');

      const fired = await world.fire(where, 'BeforeTool', { tool_name: 'write_file', tool_input: {} });
      expect(fired.result?.hooks.map((run) => run.outcome)).toEqual(['success']);
      expect(readFileSync(seen, 'utf8')).toBe('unset');

      const doctor = await world.run(['doctor', '--run', '--json', '--project-dir', where.project], {
        env: where.env,
      });
      const report = JSON.parse(doctor.stdout) as { hooks: { name: string; run?: { outcome: string } }[] };
      expect(report.hooks.map((hook) => [hook.name, hook.run?.outcome])).toEqual([['project-probe', 'success']]);
      expect(readFileSync(seen, 'utf8')).toBe('unset');
      expect(doctor.stdout + doctor.stderr).not.toContain(SECRET);
    },
    CLI_TEST_TIMEOUT_MS,
  );
});
