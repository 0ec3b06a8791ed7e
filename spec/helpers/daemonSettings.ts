/**
 * The user settings the session daemon specs hold their projects to: hookstream's own file under `home`, with one
 * command hook that denies Bash with `reason` (a spec edits it to see a rebuild take effect).
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
