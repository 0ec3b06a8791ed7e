/**
 * `hookSamplingHandler` accepts every sampling handler the MCP SDK itself accepts — a text answer, a tool-call
 * answer (sampling with tools), a handler declared with the SDK's own handler type, a synchronous one — and gives
 * back a handler `setRequestHandler` takes. Proven by compiling spec/fixtures/types/mcpSampling.ts with
 * `tsc --strict` against the installed SDK's own types (a compile error is the failure).
 */
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('hookstream/mcp types', () => {
  it(
    'tsc --strict accepts every sampling handler the SDK accepts, with its own types',
    { timeout: 300_000 },
    async () => {
      const tsc = await execa(
        process.execPath,
        [
          'node_modules/typescript/bin/tsc',
          '--strict',
          '--noEmit',
          '--skipLibCheck',
          '--module',
          'nodenext',
          '--moduleResolution',
          'nodenext',
          '--target',
          'es2023',
          '--lib',
          'es2023,dom',
          '--types',
          'node',
          'spec/fixtures/types/mcpSampling.ts',
        ],
        { cwd: ROOT, reject: false },
      );
      expect(tsc.stdout + tsc.stderr).toBe('');
      expect(tsc.exitCode).toBe(0);
    },
  );
});
