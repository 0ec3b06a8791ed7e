/**
 * What the session daemon specs hold their projects to and send: hookstream's own user settings under `home`, with
 * one command hook that denies Bash with `reason` (a spec edits it to see a rebuild take effect), and the payload of
 * one Claude Code tool call.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';

export const writeDenyBashSettings = (home: string, reason: string): void => {
  writeFileSync(
    path.join(home, '.hookstream', 'settings.json'),
    JSON.stringify({
      tools: { enableHooks: true },
      hooks: {
        BeforeTool: [
          {
            matcher: 'Bash',
            hooks: [{ type: 'command', command: `echo '{"decision":"deny","reason":"${reason}"}'` }],
          },
        ],
      },
    }),
  );
};

/** Claude Code's PreToolUse payload for `tool` running `ls` in `cwd`, as the agent sends it on stdin or by http. */
export const claudeToolCall = (cwd: string, tool: string): Record<string, unknown> => ({
  session_id: 's',
  transcript_path: '',
  cwd,
  hook_event_name: 'PreToolUse',
  tool_name: tool,
  tool_input: { command: 'ls' },
});
