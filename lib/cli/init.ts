/**
 * `hookstream init`: a project's first settings — `.hookstream/settings.json` with hooks on and one example
 * hook, the hook itself (an executable script), and the JSON Schema the settings name with `"$schema"` — then
 * what to do next, in commands that work as printed. Never overwrites: when any of the files exists, nothing
 * is written. Never writes through a link that leaves the project, and never into the home directory as a
 * project unless asked: `~/.hookstream/settings.json` is the user's own settings, whose hooks run everywhere
 * without approval.
 */
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { errorText } from '../core/guards.js';
import { checkSafeWrite, createFileSafely, UnsafeWriteError } from '../core/safeWrite.js';
import { CliError, printLine, type CliContext } from './context.js';
import { refuseHomeProject } from './homeProject.js';
import { settingsSchemaText } from './schema.js';

interface InitOptions {
  projectDir?: string;
  allowHome?: boolean;
}

export const EXAMPLE_HOOK_NAME = 'protect-env-files';
const SCRIPT = `hooks/${EXAMPLE_HOOK_NAME}.mjs`;

/** The example settings: hooks on, one BeforeTool hook on file writes, run by its path under the project. */
export const initialSettings = (): Record<string, unknown> => ({
  $schema: './settings.schema.json',
  tools: { enableHooks: true },
  hooks: {
    BeforeTool: [
      {
        matcher: '^(write_file|replace)$',
        hooks: [
          {
            type: 'command',
            name: EXAMPLE_HOOK_NAME,
            description: 'deny writes to .env files, which hold credentials',
            // The shell expands the variable: the project path is never pasted into the command text.
            command: `"$HOOKSTREAM_PROJECT_DIR"/.hookstream/${SCRIPT}`,
            timeout: 5000,
          },
        ],
      },
    ],
  },
});

/** The example hook: one JSON object on stdin, a JSON decision (or nothing) on stdout, exit 0. */
export const EXAMPLE_HOOK = `#!/usr/bin/env node
// BeforeTool hook written by \`hookstream init\`: denies writes to .env files, which hold credentials.
// In: one JSON object on stdin (tool_name, tool_input, …). Out: a JSON decision on stdout, or nothing
// (no opinion). Exit 0; exit 2 would block with stderr as the reason.
let text = '';
for await (const chunk of process.stdin) text += chunk;
const input = JSON.parse(text);
const path = String(input.tool_input?.path ?? input.tool_input?.file_path ?? '');
if (/(^|\\/)\\.env(\\.[^/]*)?$/.test(path)) {
  console.log(JSON.stringify({ decision: 'deny', reason: \`\${path} holds credentials; put configuration in config/ instead\` }));
}
`;

/** The fields of a write that the example hook denies, for the `fire` line of the next steps. */
const DENIED_WRITE = { tool_name: 'write_file', tool_input: { path: '.env', content: 'TOKEN=x' } };

/**
 * What to run next, one `[command, why]` per step; commands run in the project directory. Each goes through
 * `npx`, which finds the project's own install (node_modules/.bin) as well as a global one: a bare
 * `hookstream` is "command not found" where the package is a dev dependency.
 */
export const nextSteps = (): [string, string][] => [
  ['npx hookstream list', 'review the hooks this project configures'],
  [
    `npx hookstream trust --hook ${EXAMPLE_HOOK_NAME}`,
    'approve it: project hooks run only once approved, and again after any edit (`npx hookstream trust` reviews all)',
  ],
  [`npx hookstream fire BeforeTool --input '${JSON.stringify(DENIED_WRITE)}'`, 'see the hook deny a write (exit 2)'],
];

/** Runs a write step; a refusal or a failed write becomes the command's error. */
const guardWrite = (dir: string, write: () => void): void => {
  try {
    write();
  } catch (error) {
    if (error instanceof UnsafeWriteError) throw new CliError(`${error.message}; nothing written`);
    throw new CliError(`cannot write ${dir}: ${errorText(error)}`);
  }
};

const init = (context: CliContext, options: InitOptions): void => {
  const projectDir = resolve(context.cwd, options.projectDir ?? '.');
  if (!existsSync(projectDir)) throw new CliError(`project directory not found: ${projectDir}`);
  refuseHomeProject(projectDir, options.allowHome, 'init');
  const dir = join(projectDir, '.hookstream');
  const files: [string, string, number][] = [
    ['settings.json', `${JSON.stringify(initialSettings(), null, 2)}\n`, 0o644],
    [SCRIPT, EXAMPLE_HOOK, 0o755],
    ['settings.schema.json', settingsSchemaText(), 0o644],
  ];
  // Every path is checked first: a link out of the project anywhere means nothing is written (and files
  // reached through such a link are not reported as "already there").
  guardWrite(dir, () => {
    for (const [name] of files) checkSafeWrite(projectDir, join(dir, name));
  });
  const existing = files.map(([name]) => join(dir, name)).filter((file) => existsSync(file));
  if (existing.length > 0) {
    throw new CliError(`${existing.join(', ')} already exist${existing.length === 1 ? 's' : ''}; nothing written`);
  }
  // Created exclusively: a file that appeared since the check above is still never overwritten.
  guardWrite(dir, () => {
    for (const [name, text, mode] of files) {
      createFileSafely(projectDir, join(dir, name), text, { mode, createDirs: true });
    }
  });
  const shown = relative(context.cwd, dir) || '.';
  printLine(context, `created ${shown}/settings.json (hooks on, one BeforeTool hook: ${EXAMPLE_HOOK_NAME}),`);
  printLine(context, `        ${shown}/${SCRIPT} (the hook) and ${shown}/settings.schema.json (for editors)`);
  printLine(context);
  printLine(context, 'next:');
  if (projectDir !== resolve(context.cwd)) printLine(context, `  cd ${projectDir}`);
  for (const [command, why] of nextSteps()) {
    printLine(context, `  ${command}`);
    printLine(context, `      ${why}`);
  }
  printLine(context, "  in your agent: createHookSystem({ settings: 'standard', projectDir })");
};

/** Adds the `init` command to `program`. */
export const defineInit = (program: Command, context: CliContext): void => {
  program
    .command('init')
    .description('create .hookstream/settings.json with one example hook, its script and the settings schema')
    .option('--project-dir <dir>', 'the project directory (default: the current directory)')
    .option('--allow-home', 'allow the home directory as the project (its settings are your user settings)')
    .action((options: InitOptions) => {
      init(context, options);
    });
};
