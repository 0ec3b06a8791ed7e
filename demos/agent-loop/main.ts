/**
 * `npm run demo [-- --settings FILE]` (`-- --help` for every option): a reactive agent loop with a scripted model
 * doing a small coding session on a scratch copy of demos/sample-project, with real hooks from demos/settings.json.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createHookSystem, formatProblem } from '../../lib/index.js';
import { runSession } from './agent.js';
import { createUi } from './ui.js';
import { startDemoDashboard } from './dashboard.js';

const demoDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const USAGE = `usage: npm run demo -- [options]

A reactive agent loop with a scripted model (no network) doing a small coding session on a scratch copy of
demos/sample-project, with the real hooks of demos/settings.json.

options:
  --settings FILE   run on your own settings file (user scope) instead of demos/settings.json
  --keep-project    keep the scratch project directory afterwards
  --dashboard       serve the live web dashboard of the session (127.0.0.1)
  --port PORT       the dashboard's port (with --dashboard)
  --record FILE     append every decided event to FILE (JSON lines), for \`hookstream replay\`
  -h, --help        print this help and exit
`;

const OPTIONS = {
  settings: { type: 'string' },
  'keep-project': { type: 'boolean', default: false },
  // The live web dashboard (demos/agent-loop/dashboard.ts) and a recording for `hookstream replay`.
  dashboard: { type: 'boolean', default: false },
  port: { type: 'string' },
  record: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** The options, or usage on stdout and exit 0 for --help, or the error and usage on stderr and exit 2. */
const readOptions = (): ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'] => {
  try {
    const { values } = parseArgs({ options: OPTIONS });
    if (values.help) {
      process.stdout.write(USAGE);
      process.exit(0);
    }
    return values;
  } catch (error) {
    process.stderr.write(`demo: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exit(2);
  }
};

const values = readOptions();

const color = process.stdout.isTTY && !process.env.NO_COLOR;
const ui = createUi(process.stdout, color);
const projectDir = mkdtempSync(path.join(tmpdir(), 'hookstream-demo-'));
cpSync(path.join(demoDir, 'sample-project'), projectDir, { recursive: true });
// The settings' commands find the demo's hook scripts through this variable, expanded by the shell.
process.env.HOOKSTREAM_DEMO_DIR = demoDir;
process.env.HOOKSTREAM_STATE_DIR = path.join(projectDir, '.hookstream', 'state');

const settingsFile = values.settings ? path.resolve(values.settings) : path.join(demoDir, 'settings.json');
const hooks = createHookSystem({
  settings: [{ scope: values.settings ? 'user' : 'project', path: settingsFile, required: true }],
  projectDir,
  transcriptPath: path.join(projectDir, '.hookstream', 'transcript.jsonl'),
  record: values.record === undefined ? undefined : path.resolve(values.record),
  // Project hooks run only once approved. The demo approves its own hooks as they first run, and keeps
  // the approvals in the scratch project so that your ~/.hookstream is never touched.
  trust: {
    store: path.join(projectDir, '.hookstream', 'trusted-hooks.json'),
    approve: (request) => {
      ui.trusted(`${request.hook} (${request.event}) approved, fingerprint ${request.fingerprint.slice(0, 12)}…`);
      return true;
    },
  },
});

const started = Date.now();
ui.heading('hookstream demo: an agent adds farewell() to a small project');
ui.info(`project: ${projectDir} (scratch copy of demos/sample-project)`);
ui.info(`settings: ${path.relative(process.cwd(), settingsFile) || settingsFile}`);
for (const problem of hooks.problems) ui.warning(`settings: ${formatProblem(problem)}`);
if (!hooks.enabled) ui.warning('hooks are disabled by these settings (tools.enableHooks is not true)');
const following = ui.follow(hooks);
const dashboard = values.dashboard ? await startDemoDashboard(hooks, values.port) : undefined;
if (dashboard) ui.info(`dashboard: ${dashboard.url}`);
try {
  await runSession({
    hooks,
    projectDir,
    ui,
    setReadOnly: (on) => {
      const marker = path.join(projectDir, '.hookstream', 'read-only');
      if (on) {
        mkdirSync(path.dirname(marker), { recursive: true });
        cpSync(path.join(demoDir, 'sample-project', 'README.md'), marker);
      } else rmSync(marker, { force: true });
    },
  });
} finally {
  await hooks.dispose();
  following.unsubscribe();
  ui.summary(Date.now() - started);
  if (dashboard) {
    ui.info(`dashboard: ${dashboard.url} still serving the session; Ctrl-C to stop`);
    await dashboard.serveUntilInterrupted();
  }
  ui.close();
  if (values['keep-project']) ui.info(`kept ${projectDir}`);
  else rmSync(projectDir, { recursive: true, force: true });
}
