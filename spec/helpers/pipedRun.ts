/**
 * One process run as an agent runs a hook: `input` on stdin, stdout and stderr collected whole, the exit code
 * read when it closes. For specs that drive installed entries and clients exactly as an agent would.
 */
import { spawn } from 'node:child_process';

export interface PipedRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export const runPiped = (
  file: string,
  args: readonly string[],
  input: string,
  options: { readonly cwd: string; readonly env: NodeJS.ProcessEnv },
): Promise<PipedRun> =>
  new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      resolve({ code, stdout, stderr });
    });
    // A client that exits before reading all of a large payload closes the pipe: its answer is what counts.
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
