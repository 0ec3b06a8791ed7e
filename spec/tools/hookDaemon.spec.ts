/**
 * The session daemon in process: its loopback HTTP listener for Claude Code's http hooks answers with Claude's
 * JSON (a deny as `permissionDecision`), refuses a request without the token, and an event no hook handles is
 * answered with no opinion; an edit of the settings is in force from the next event, and a settings file that
 * cannot be used denies every event, naming it, until it is fixed; a project hook not approved is named in the
 * message the agent shows its user, also for a call from deep inside the project; a client that aborts its
 * request mid-body does not take the daemon down.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDashboardToken } from '../../lib/tools/dashboardToken.js';
import { startHookDaemon, type HookDaemon } from '../../lib/tools/hookDaemon.js';
import { claudeToolCall, writeDenyBashSettings } from '../helpers/daemonSettings.js';

const root = mkdtempSync(path.join(tmpdir(), 'hs-daemon-'));
const home = path.join(root, 'home');
const project = path.join(root, 'proj');
const token = createDashboardToken();
let daemon: HookDaemon;

const writeSettings = (reason: string): void => {
  writeDenyBashSettings(home, reason);
};

beforeAll(async () => {
  mkdirSync(path.join(home, '.hookstream'), { recursive: true });
  mkdirSync(project);
  writeSettings('not here');
  daemon = await startHookDaemon({
    socket: path.join(root, 'd.sock'),
    home,
    http: { port: 0, token },
  });
});

afterAll(async () => {
  await daemon.close();
  rmSync(root, { recursive: true, force: true });
});

const post = (event: string, body: unknown, bearer: string | null = token.value): Promise<Response> =>
  fetch(`http://127.0.0.1:${String(daemon.httpPort)}/hook/claude/${event}`, {
    method: 'POST',
    headers: bearer === null ? {} : { authorization: `Bearer ${bearer}` },
    body: JSON.stringify(body),
  });

const toolCall = (tool: string) => claudeToolCall(project, tool);

describe("the daemon's http listener", () => {
  it("denies in Claude Code's JSON", async () => {
    const response = await post('PreToolUse', toolCall('Bash'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'not here',
      },
    });
  });

  it('answers no opinion when no hook matches', async () => {
    const response = await post('PreToolUse', toolCall('Read'));
    expect(await response.json()).toEqual({});
  });

  it("rebuilds the project's hook system when a settings file changed", async () => {
    writeSettings('edited since');
    const response = await post('PreToolUse', toolCall('Bash'));
    expect(await response.json()).toMatchObject({ hookSpecificOutput: { permissionDecisionReason: 'edited since' } });
  });

  it('denies, naming the file, while a settings file cannot be used: its hooks would not run', async () => {
    const file = path.join(home, '.hookstream', 'settings.json');
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, '{"hooks": ');
    try {
      const body = (await (await post('PreToolUse', toolCall('Read'))).json()) as Record<string, unknown>;
      expect(body).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
      expect(JSON.stringify(body)).toContain(`${file}:1:11: invalid JSON`);
    } finally {
      writeFileSync(file, good);
    }
    expect(await (await post('PreToolUse', toolCall('Read'))).json()).toEqual({});
  });

  it("tells the user, in the agent's message, that a project hook was not approved and did not run", async () => {
    mkdirSync(path.join(project, '.hookstream'), { recursive: true });
    const guard = `echo '{"decision":"deny","reason":"no writes"}'`;
    const hooks = { BeforeTool: [{ matcher: 'Write', hooks: [{ type: 'command', command: guard }] }] };
    writeFileSync(path.join(project, '.hookstream', 'settings.json'), JSON.stringify({ hooks }));
    const body = (await (await post('PreToolUse', toolCall('Write'))).json()) as { systemMessage?: string };
    expect(body.systemMessage).toMatch(/^hookstream: Hook .*no writes.* is not approved for this project/);
    // A call the unapproved hook would not see says nothing.
    expect(await (await post('PreToolUse', toolCall('Read'))).json()).toEqual({});
  });

  it("takes a call from deep inside the project, with no project variable, as the project's", async () => {
    const deep = path.join(project, 'src', 'deep');
    mkdirSync(deep, { recursive: true });
    const body = (await (await post('PreToolUse', claudeToolCall(deep, 'Write'))).json()) as { systemMessage?: string };
    expect(body.systemMessage).toMatch(/^hookstream: Hook .*no writes.* is not approved for this project/);
  });

  it('outlives a client that goes away mid-body', async () => {
    const client = connect(daemon.httpPort ?? 0, '127.0.0.1');
    await new Promise((resolve) => client.once('connect', resolve));
    const head = `POST /hook/claude/PreToolUse HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token.value}`;
    client.write(`${head}\r\nContent-Length: 100\r\n\r\n{"session_id":`, () => client.destroy());
    await new Promise((resolve) => client.once('close', resolve));
    const response = await post('PreToolUse', toolCall('Read'));
    expect(await response.json()).toEqual({});
  });

  it('refuses a request without the token', async () => {
    expect((await post('PreToolUse', toolCall('Bash'), null)).status).toBe(401);
    expect((await post('PreToolUse', toolCall('Bash'), 'wrong')).status).toBe(401);
  });
});
