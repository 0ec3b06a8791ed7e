/**
 * Prelude code the AI SDK examples' harnesses share: the `bash` tool (it records each command in `ran` instead of
 * running it) and the token usage the SDK's test model reports. Needs `tool`, `z` and `ran` in scope.
 */
export const AI_SDK_BASH_TOOL = `
const bash = tool({
  description: 'Runs a shell command',
  inputSchema: z.object({ command: z.string() }),
  execute: async ({ command }) => (ran.push(command), { exitCode: 0 }),
});
const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};`;
