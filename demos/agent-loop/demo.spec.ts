/**
 * CI smoke test of the project's main job: runs `npm run demo`'s entry for real and checks that every
 * decision the demo exists to show appears in its output.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('demo: agent loop', () => {
  it('shows every hook decision live and closes with a summary', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'demos/agent-loop/main.ts'], {
      env: { ...process.env, NO_COLOR: '1' },
      timeout: 120_000,
    });
    // Project hooks run only once approved (here by the demo's approval callback).
    expect(stdout).toMatch(/🔐 trusted project-context \(SessionStart\) approved, fingerprint [0-9a-f]{12}…/);
    // Context injected at SessionStart.
    expect(stdout).toMatch(/📎 context project context added to the system instruction/);
    // Tools restricted by BeforeToolSelection in the read-only phase.
    expect(stdout).toMatch(
      /🔒 restricted model offered list_directory, read_file; withheld write_file, run_shell_command/,
    );
    // A write to a protected path blocked, and the model adapting.
    expect(stdout).toMatch(/⛔ blocked write_file: .*\.env/);
    expect(stdout).toMatch(/configuration goes in config\/ instead/);
    expect(stdout).toMatch(/✔ write_file: Wrote \d+ bytes to config\/greeting\.json/);
    // A shell command rewritten by a hook, then really run.
    expect(stdout).toMatch(
      /✎ modified run_shell_command input → \{"command":"timeout 60 node --test test\/\*\.test\.js"\}/,
    );
    expect(stdout).toMatch(/✔ run_shell_command: exit 0/);
    // A secret redacted from a model response by AfterModel.
    expect(stdout).toMatch(/✂ redacted/);
    expect(stdout).toMatch(/AWS_ACCESS_KEY_ID=\[REDACTED/);
    expect(stdout).not.toMatch(/model .*AKIAIOSFODNN7EXAMPLE/);
    // A Stop hook forcing one more turn.
    expect(stdout).toMatch(/↻ one more turn CHANGELOG\.md has no entry for farewell\(\)/);
    expect(stdout).toMatch(/AfterAgent done after 1 forced turn/);
    // A broken hook failing open with a warning.
    expect(stdout).toMatch(
      /⚠ warning Hook "audit-log" exited with code 1: .*AUDIT_URL is not set.* the agent carries on/,
    );
    // The closing summary.
    expect(stdout).toMatch(/Summary[\s\S]*hooks run\s+\d+[\s\S]*decisions blocked\s+2[\s\S]*time in hooks\s+\d+ ms/);
  });
});
