/**
 * The demo agent's tools, acting for real on the scratch copy of the sample project. Paths resolve
 * against the project directory; policy (what may be written where) is the hooks' job, not theirs.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ToolResult } from '../../lib/entry/host.js';

export const TOOL_DECLARATIONS = [
  {
    name: 'list_directory',
    description: 'List a directory',
    parameters: { type: 'object', properties: { path: { type: 'string' } } },
  },
  {
    name: 'read_file',
    description: 'Read a file',
    parameters: { type: 'object', properties: { path: { type: 'string' } } },
  },
  {
    name: 'write_file',
    description: 'Write a file',
    parameters: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } } },
  },
  {
    name: 'run_shell_command',
    description: 'Run a shell command in the project',
    parameters: { type: 'object', properties: { command: { type: 'string' } } },
  },
];

type Tool = (input: Record<string, unknown>) => ToolResult;

export const createTools = (projectDir: string): Record<string, Tool> => {
  const text = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
  const resolve = (p: unknown): string => path.resolve(projectDir, text(p, '.'));
  return {
    list_directory: (input) => {
      const entries = readdirSync(resolve(input.path), { withFileTypes: true })
        .map((e) => (e.isDirectory() ? `${e.name}/` : e.name))
        .sort();
      return { llmContent: entries.join('\n'), display: entries.join('  ') };
    },
    read_file: (input) => ({ llmContent: readFileSync(resolve(input.path), 'utf8') }),
    write_file: (input) => {
      const target = resolve(input.path);
      mkdirSync(path.dirname(target), { recursive: true });
      const content = text(input.content);
      writeFileSync(target, content);
      return { llmContent: `Wrote ${content.length} bytes to ${text(input.path)}` };
    },
    run_shell_command: (input) => {
      const run = spawnSync('bash', ['-c', String(input.command)], {
        cwd: projectDir,
        encoding: 'utf8',
        timeout: 120_000,
      });
      const output = `${run.stdout}${run.stderr}`.trim();
      const passed = run.status === 0;
      return {
        llmContent: `exit code ${run.status ?? run.signal}\n${output}`,
        display: passed
          ? `exit 0 — ${output
              .split('\n')
              .filter((l) => /^# (pass|fail)/.test(l))
              .join(', ')}`
          : output,
        isError: !passed,
      };
    },
  };
};
