/**
 * The Agents SDK function tool the OpenAI Agents specs give their agents: `bash`, which records each command in
 * the policy harness's shell (`shellTool()`) instead of running it.
 */
import { tool } from '@openai/agents';
import { z } from 'zod';
import type { shellTool } from './policyHarness.js';

export const bashTool = (shell: ReturnType<typeof shellTool>) =>
  tool({
    name: 'bash',
    description: 'Runs a shell command',
    parameters: z.object({ command: z.string() }),
    execute: ({ command }) => Promise.resolve(shell.run(command)),
  });
