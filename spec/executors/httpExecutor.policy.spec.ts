/**
 * The safety rules of HTTP hooks (issue 14 item 1), each refused case with its message: plain http only to
 * loopback and only when allowed, every URL allowlist in force, no credentials in URLs, header variables only
 * from allowlists. A refused hook never opens a socket: the local server records that nothing arrived.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpExecutor, type HttpExecutor, type HttpHookOptions } from '../../lib/executors/httpExecutor.js';
import {
  checkHttpTarget,
  combineHttpPolicy,
  expandHeaders,
  globMatches,
  mergeHttpSettings,
  type HttpSettings,
} from '../../lib/policy/httpPolicy.js';
import { beforeTool } from '../../lib/testing/inputs.js';
import { answer, httpHook, runHttp, startServer, type TestServer } from './httpHarness.js';

const servers: TestServer[] = [];
const executors: HttpExecutor[] = [];
const input = beforeTool('Bash', { command: 'ls' });

const serve = async (): Promise<TestServer> => {
  const server = await startServer(answer({ decision: 'allow' }));
  servers.push(server);
  return server;
};

const make = (host?: HttpHookOptions, settings?: HttpSettings, env?: Record<string, string>): HttpExecutor => {
  const executor = createHttpExecutor({ host, settings: () => settings, env });
  executors.push(executor);
  return executor;
};

afterEach(async () => {
  await Promise.all(executors.splice(0).map((executor) => executor.dispose()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('plain http', () => {
  it('is refused to a host that is not loopback, for a hook that can block', async () => {
    const run = await runHttp(
      make({ allowLoopbackHttp: true }),
      httpHook('BeforeTool', { url: 'http://10.255.255.1:8080/hook', name: 'remote' }),
      input,
    );
    expect(run).toMatchObject({
      outcome: 'failed',
      message:
        'Hook "remote" was not sent: "http://10.255.255.1:8080/hook" uses plain http:// for an event it can block; use https:// (http:// is allowed only to 127.0.0.1, ::1 or localhost, with allowLoopbackHttp)',
    });
  });

  it('is refused to loopback unless allowLoopbackHttp is given, by the host or the settings', async () => {
    const server = await serve();
    const hook = httpHook('BeforeTool', { url: `${server.origin}/hook`, name: 'local' });
    const refused = await runHttp(make(), hook, input);
    expect(refused.outcome).toBe('failed');
    expect(refused.message).toBe(
      `Hook "local" was not sent: "${server.origin}/hook" uses plain http:// for an event it can block; allow it with { http: { allowLoopbackHttp: true } } or "hooksConfig": { "http": { "allowLoopbackHttp": true } } in user settings, or use https://`,
    );
    expect(server.received).toEqual([]);
    expect((await runHttp(make({ allowLoopbackHttp: true }), hook, input)).outcome).toBe('success');
    expect((await runHttp(make({}, { allowLoopbackHttp: true }), hook, input)).outcome).toBe('success');
    expect(server.received).toHaveLength(2);
  });
});

describe('URL allowlists', () => {
  it('refuses a URL outside the host allowlist, and lets a wildcard pattern through', async () => {
    const server = await serve();
    const executor = make({ allowLoopbackHttp: true, allowedUrls: [`${server.origin}/hooks/*`] });
    const outside = await runHttp(
      executor,
      httpHook('BeforeTool', { url: `${server.origin}/admin`, name: 'a' }),
      input,
    );
    expect(outside).toMatchObject({
      outcome: 'failed',
      message: `Hook "a" was not sent: "${server.origin}/admin" is not in the allowed HTTP hook URLs ("${server.origin}/hooks/*")`,
    });
    const inside = await runHttp(executor, httpHook('BeforeTool', { url: `${server.origin}/hooks/pre-tool` }), input);
    expect(inside.outcome).toBe('success');
    expect(server.received.map((request) => request.path)).toEqual(['/hooks/pre-tool']);
  });

  it("needs a match in every list: the settings' list cannot widen the host's, nor the host's the settings'", async () => {
    const server = await serve();
    const url = `${server.origin}/hook`;
    const hook = httpHook('BeforeTool', { url, name: 'h' });
    const hostOnly = make(
      { allowLoopbackHttp: true, allowedUrls: ['https://policy.example.com/*'] },
      { allowedUrls: [url] },
    );
    expect((await runHttp(hostOnly, hook, input)).message).toBe(
      `Hook "h" was not sent: "${url}" is not in the allowed HTTP hook URLs ("https://policy.example.com/*")`,
    );
    const settingsOnly = make({ allowLoopbackHttp: true, allowedUrls: [url] }, { allowedUrls: [] });
    expect((await runHttp(settingsOnly, hook, input)).message).toBe(
      `Hook "h" was not sent: "${url}" is not in the allowed HTTP hook URLs (an empty list: none is allowed)`,
    );
    expect(server.received).toEqual([]);
  });

  it('refuses credentials in the URL, other schemes and text that is not a URL', async () => {
    const executor = make();
    const cases: [string, string][] = [
      [
        'https://user:pa55@policy.example.com/hook?k=v',
        'its URL "https://policy.example.com/hook?…" holds credentials; put them in a header that references an allowed environment variable',
      ],
      [
        'ftp://policy.example.com/hook',
        'its URL "ftp://policy.example.com/hook" uses ftp:; only https:// (or http:// to loopback) is allowed',
      ],
      ['policy.example.com/hook', 'its URL "policy.example.com/hook" is not a valid absolute URL'],
    ];
    for (const [url, refusal] of cases) {
      const run = await runHttp(executor, httpHook('BeforeTool', { url, name: 'x' }), input);
      expect(run).toMatchObject({ outcome: 'failed', message: `Hook "x" was not sent: ${refusal}` });
      expect(run.message).not.toContain('pa55');
    }
  });

  it('matches `*` as any run of characters, anchored at both ends', () => {
    expect(globMatches('https://a.example/*', 'https://a.example/x/y')).toBe(true);
    expect(globMatches('https://*.example/hook', 'https://b.example/hook')).toBe(true);
    expect(globMatches('https://*.example/hook', 'https://b.example/hook/more')).toBe(false);
    expect(globMatches('https://a.example/*', 'https://a.example.evil.com/')).toBe(false);
    expect(globMatches('*a*a*a*b', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')).toBe(false);
    expect(globMatches('https://a.example', 'https://a.example')).toBe(true);
    const policy = combineHttpPolicy({ allowedUrls: ['https://a.example'] }, undefined);
    expect(checkHttpTarget('https://A.example/', true, policy).refused).toBeUndefined();
  });
});

describe('header variables', () => {
  it('expand only for names the hook lists and every allowlist lets through; the rest are sent empty and reported', async () => {
    const server = await serve();
    const env = { POLICY_TOKEN: 'tok-123', TEAM: 'infra', HOME_SECRET: 'never' };
    const hook = httpHook('BeforeTool', {
      url: server.origin,
      headers: {
        authorization: 'Bearer $POLICY_TOKEN',
        'x-team': '${TEAM}-hooks',
        'x-leak': '$HOME_SECRET',
        'x-missing': '${NOT_SET}',
      },
      allowedEnvVars: ['POLICY_TOKEN', 'TEAM', 'NOT_SET'],
    });
    const run = await runHttp(
      make({ allowLoopbackHttp: true }, { allowedEnvVars: ['POLICY_TOKEN', 'NOT_SET'] }, env),
      hook,
      input,
    );
    expect(run.outcome).toBe('success');
    const headers = server.received[0]?.headers ?? {};
    expect(headers.authorization).toBe('Bearer tok-123');
    expect(headers['x-team']).toBe('-hooks');
    expect(headers['x-leak']).toBe('');
    expect(headers['x-missing']).toBe('');
    expect(run.outputWarnings).toEqual([
      'header "x-team" references $TEAM, but the allowed HTTP hook variables do not list it; sent empty',
      `header "x-leak" references $HOME_SECRET, but the hook's allowedEnvVars does not list it; sent empty`,
      'header "x-missing" references $NOT_SET, which is not set for this hook; sent empty',
    ]);
  });

  it('cannot change how the body is framed: content-type and content-length are set last', async () => {
    const server = await serve();
    const hook = httpHook('BeforeTool', {
      url: server.origin,
      headers: { 'Content-Type': 'text/plain', 'content-length': '1' },
    });
    expect((await runHttp(make({ allowLoopbackHttp: true }), hook, input)).outcome).toBe('success');
    expect(server.received[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(server.received[0]?.body ?? '')).toEqual(input);
  });

  it('a header value that breaks the request line is a failure, not a request', async () => {
    const expanded = expandHeaders({ a: '$V' }, ['V'], combineHttpPolicy(undefined, undefined), {
      V: 'x\r\nInjected: 1',
    });
    expect(expanded.headers).toEqual({ a: 'x\r\nInjected: 1' });
    const server = await serve();
    const hook = httpHook('BeforeTool', {
      url: server.origin,
      headers: { a: '$V' },
      allowedEnvVars: ['V'],
      name: 'inj',
    });
    const run = await runHttp(make({ allowLoopbackHttp: true }, undefined, { V: 'x\r\nInjected: 1' }), hook, input);
    expect(run.outcome).toBe('failed');
    expect(run.message).toMatch(
      /^Hook "inj" could not reach http:\/\/127\.0\.0\.1:\d+\/: Invalid character in header content \["a"\]/,
    );
    expect(server.received).toEqual([]);
  });
});

describe('merging settings', () => {
  it('joins the lists of several files; an absent list stays absent; loopback is any file saying yes', () => {
    expect(mergeHttpSettings([])).toBeUndefined();
    expect(
      mergeHttpSettings([
        { allowedUrls: ['https://a/*'] },
        { allowedUrls: ['https://b/*', 'https://a/*'], allowLoopbackHttp: true },
        {},
      ]),
    ).toEqual({ allowedUrls: ['https://a/*', 'https://b/*'], allowLoopbackHttp: true });
  });
});
