/**
 * The built command when its reader stops early (`hookstream --help | head -1`): it stops at once with the
 * status a shell gives a process a closed pipe stopped (141), never an unhandled EPIPE crash, and never 0.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BUILT_CLI } from '../helpers/builtCli.js';

describe('hookstream writing to a closed pipe', () => {
  it('stops with status 141 and no crash report', async () => {
    const child = spawn(process.execPath, [BUILT_CLI, '--help'], { stdio: ['ignore', 'pipe', 'pipe'] });
    // The reading end closes before the command writes a byte.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(141);
  });
});
