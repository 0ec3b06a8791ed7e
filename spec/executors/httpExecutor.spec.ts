/**
 * The HTTP-hook executor against real local servers (issue 14 item 1): the body is read as a command hook's
 * stdout, failures fail open with a message naming the URL (or block under a failure policy), and every
 * transport edge — timeouts, refused connections, oversized answers, redirects, TLS, cancellation, dispose,
 * the concurrency limit — ends in one record. The policy's refusals are in httpExecutor.policy.spec.ts.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HookEntry, HookRun, Mutable } from '../../lib/model/types.js';
import { withFailurePolicy } from '../../lib/executors/failurePolicy.js';
import { createHttpExecutor, type HttpExecutor, type HttpHookOptions } from '../../lib/executors/httpExecutor.js';
import { startable } from '../../lib/executors/startRun.js';
import { beforeTool, sessionEnd } from '../../lib/testing/inputs.js';
import {
  answer,
  httpHook,
  runHttp,
  selfSignedCertificate,
  startServer,
  type Handler,
  type TestServer,
} from './httpHarness.js';

const servers: TestServer[] = [];
const executors: HttpExecutor[] = [];

const serve = async (handler: Handler, tls?: { key: string; cert: string }): Promise<TestServer> => {
  const server = await startServer(handler, tls);
  servers.push(server);
  return server;
};

/** Plain http to the loopback servers is allowed here; the policy spec checks the refusals. */
const make = (host: HttpHookOptions = {}, maxOutputBytes?: number): HttpExecutor => {
  const executor = createHttpExecutor({ host: Object.assign({ allowLoopbackHttp: true }, host), maxOutputBytes });
  executors.push(executor);
  return executor;
};

const input = beforeTool('Bash', { command: 'rm -rf /' });

afterEach(async () => {
  await Promise.all(executors.splice(0).map((executor) => executor.dispose()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('a 2xx answer is read as a command hook stdout at exit 0', () => {
  it('POSTs the input JSON with content-type application/json; an empty body allows', async () => {
    const server = await serve(answer('', 204));
    const run = await runHttp(make(), httpHook('BeforeTool', { url: `${server.origin}/hook` }), input);
    expect(run).toMatchObject({ outcome: 'success', source: 'project', command: `POST ${server.origin}/hook` });
    expect(run.output).toBeUndefined();
    expect(server.received).toHaveLength(1);
    const [received] = server.received;
    expect(received?.method).toBe('POST');
    expect(received?.path).toBe('/hook');
    expect(received?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(received?.body ?? '')).toEqual(input);
  });

  it('blocks on decision "block", on permissionDecision "deny", and stops on continue: false', async () => {
    const answers: unknown[] = [
      { decision: 'block', reason: 'no rm -rf' },
      {
        hookSpecificOutput: { hookEventName: 'BeforeTool', permissionDecision: 'deny', permissionDecisionReason: 'no' },
      },
      { continue: false, stopReason: 'halt' },
    ];
    const server = await serve((request, response) => {
      answer(answers[Number(request.path.slice(1))])(request, response);
    });
    const executor = make();
    const [block, deny, stop] = await Promise.all(
      answers.map((_, index) => runHttp(executor, httpHook('BeforeTool', { url: `${server.origin}/${index}` }), input)),
    );
    expect(block).toMatchObject({ outcome: 'blocked', message: 'no rm -rf', output: { decision: 'block' } });
    expect(deny?.outcome).toBe('blocked');
    expect(stop).toMatchObject({ outcome: 'success', output: { continue: false, stopReason: 'halt' } });
  });

  it('reads plain text as a system message and keeps the body on the record', async () => {
    const server = await serve(answer('checked by policy server'));
    const run = await runHttp(make(), httpHook('BeforeTool', { url: server.origin }), input);
    expect(run).toMatchObject({
      outcome: 'success',
      output: { decision: 'allow', systemMessage: 'checked by policy server' },
      stdout: 'checked by policy server',
    });
  });

  it('refuses a body that is not valid UTF-8', async () => {
    const server = await serve((_request, response) => {
      response.end(Buffer.from([0x7b, 0xff, 0x7d]));
    });
    const run = await runHttp(make(), httpHook('BeforeTool', { url: server.origin }), input);
    expect(run.outcome).toBe('failed');
    expect(run.message).toContain('is not valid UTF-8');
  });
});

describe('a Claude Code http hook sees its own agent', () => {
  const claudeHook = (event: 'BeforeTool' | 'SessionEnd', native: string, url: string): HookEntry => {
    const hook = httpHook(event, { url });
    const origin = hook.origin as Mutable<HookEntry['origin']>;
    origin.dialect = 'claude';
    origin.nativeEvent = native;
    return hook;
  };

  it("gets Claude's input (hook_event_name PreToolUse) and its answer is read Claude's way", async () => {
    const server = await serve(
      answer({
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'deny',
          permissionDecisionReason: 'blocked by the policy server',
        },
      }),
    );
    const run = await runHttp(make(), claudeHook('BeforeTool', 'PreToolUse', server.origin), input);
    expect(JSON.parse(server.received[0]?.body ?? '')).toMatchObject({
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf /' },
    });
    expect(run.outcome).toBe('blocked');
    expect(run.output?.hookSpecificOutput?.permissionDecisionReason).toBe('blocked by the policy server');
  });

  it('may use plain http to loopback without allowLoopbackHttp on an event whose answer Claude ignores', async () => {
    const server = await serve(answer('', 200));
    const executor = createHttpExecutor({});
    executors.push(executor);
    const run = await runHttp(executor, claudeHook('SessionEnd', 'SessionEnd', server.origin), sessionEnd('exit'));
    expect(run.outcome).toBe('success');
    expect(JSON.parse(server.received[0]?.body ?? '')).toMatchObject({ hook_event_name: 'SessionEnd' });
  });
});

describe('failures fail open with a message naming the URL, or block under the failure policy', () => {
  /** The executor under the failure-policy decorator, as createExecutors composes it. */
  const policed = (executor: HttpExecutor) => startable(withFailurePolicy(executor.execute.start, 'block'));

  it('a non-2xx answer is a failure naming the status and the URL without its query', async () => {
    const server = await serve(answer('policy engine crashed', 500));
    const url = `${server.origin}/check?token=secret-value`;
    const run = await runHttp(make(), httpHook('BeforeTool', { url }), input);
    expect(run.outcome).toBe('failed');
    expect(run.message).toBe(
      `Hook "${server.origin}/check" got HTTP 500 Internal Server Error from ${server.origin}/check?…: policy engine crashed`,
    );
    expect(run.message).not.toContain('secret-value');
    // The default display name (no `name`) is the URL without its query either.
    expect(run.name).toBe(`${server.origin}/check`);
  });

  it('a non-2xx answer blocks under failurePolicy "block"', async () => {
    const server = await serve(answer('down', 503));
    const hook = httpHook('BeforeTool', { url: server.origin, name: 'policy', failurePolicy: 'block' });
    const strict = await new Promise<HookRun>((resolve) => {
      policed(make())(hook, input).subscribe(resolve);
    });
    expect(strict).toMatchObject({ outcome: 'blocked', strictFailure: 'failed', output: { decision: 'block' } });
    expect(strict.message).toBe(
      `Hook "policy" failed (strict): got HTTP 503 Service Unavailable from ${server.origin}/: down`,
    );
  });

  it('a server that does not answer in time is a timeout; required: true makes it block', async () => {
    const server = await serve(() => {
      // Never answers: the hook's timeout ends the request.
    });
    const hook = httpHook('BeforeTool', { url: `${server.origin}/slow`, name: 'slow', timeout: 200, required: true });
    const executor = make();
    const run = await runHttp(executor, hook, input);
    expect(run).toMatchObject({
      outcome: 'timeout',
      message: `Hook "slow" timed out after 200 ms waiting for ${server.origin}/slow`,
    });
    const strict = await new Promise<HookRun>((resolve) => {
      policed(executor)(hook, input).subscribe(resolve);
    });
    expect(strict).toMatchObject({ outcome: 'blocked', strictFailure: 'timeout' });
  });

  it('a refused connection is a failure saying so', async () => {
    const server = await serve(answer(''));
    await server.close();
    servers.splice(servers.indexOf(server), 1);
    const run = await runHttp(make(), httpHook('BeforeTool', { url: server.origin, name: 'gone' }), input);
    expect(run).toMatchObject({
      outcome: 'failed',
      message: `Hook "gone" could not reach ${server.origin}/: connection refused`,
    });
  });

  it('an answer larger than maxOutputBytes is not used', async () => {
    const server = await serve(answer({ decision: 'allow', reason: 'x'.repeat(4096) }));
    const run = await runHttp(make({}, 1024), httpHook('BeforeTool', { url: server.origin, name: 'big' }), input);
    expect(run).toMatchObject({
      outcome: 'failed',
      message: `Hook "big" answer was not used: the response of ${server.origin}/ is larger than 1024 bytes`,
    });
    expect(run.output).toBeUndefined();
  });
});

describe('redirects', () => {
  it('are never followed to another origin', async () => {
    const elsewhere = await serve(answer({ decision: 'allow' }));
    const server = await serve((_request, response) => {
      response.writeHead(307, { location: `${elsewhere.origin}/steal` });
      response.end();
    });
    const run = await runHttp(make(), httpHook('BeforeTool', { url: server.origin, name: 'moved' }), input);
    expect(run.outcome).toBe('failed');
    expect(run.message).toBe(
      `Hook "moved" was not answered: ${server.origin}/ redirected (307) to another origin, ${elsewhere.origin}; not followed`,
    );
    expect(elsewhere.received).toEqual([]);
  });

  it('a same-origin 307 is followed with the same body; a 302 is an answer, not followed', async () => {
    const server = await serve((request, response) => {
      if (request.path === '/old') response.writeHead(307, { location: '/new' }).end();
      else if (request.path === '/found') response.writeHead(302, { location: '/new' }).end();
      else answer({ decision: 'block', reason: 'from /new' })(request, response);
    });
    const executor = make();
    const followed = await runHttp(executor, httpHook('BeforeTool', { url: `${server.origin}/old` }), input);
    expect(followed).toMatchObject({ outcome: 'blocked', message: 'from /new' });
    expect(server.received.map((request) => [request.path, request.body])).toEqual([
      ['/old', JSON.stringify(input)],
      ['/new', JSON.stringify(input)],
    ]);
    const found = await runHttp(executor, httpHook('BeforeTool', { url: `${server.origin}/found`, name: 'f' }), input);
    expect(found).toMatchObject({
      outcome: 'failed',
      message: `Hook "f" got HTTP 302 Found from ${server.origin}/found`,
    });
  });
});

describe('https', () => {
  let tls: { key: string; cert: string };
  beforeAll(() => {
    tls = selfSignedCertificate();
  });

  it('refuses a certificate Node does not trust (a TLS error, failing open)', async () => {
    const server = await serve(answer({ decision: 'block', reason: 'unreachable' }), tls);
    const run = await runHttp(make(), httpHook('BeforeTool', { url: server.origin, name: 'tls' }), input);
    expect(run.outcome).toBe('failed');
    expect(run.message).toMatch(/^Hook "tls" could not reach https:\/\/localhost:\d+\/: TLS error: .*self[- ]signed/);
  });

  it('trusts the certificate given as `ca`', async () => {
    const server = await serve(answer({ decision: 'block', reason: 'over https' }), tls);
    const run = await runHttp(make({ ca: tls.cert }), httpHook('BeforeTool', { url: `${server.origin}/v1` }), input);
    expect(run).toMatchObject({ outcome: 'blocked', message: 'over https' });
  });
});

describe('lifecycle', () => {
  /** A server that holds every request until `release`, and reports when a held request's connection closes. */
  const holding = async () => {
    const held: { response: Parameters<Handler>[1]; closed: Promise<void> }[] = [];
    let arrived: () => void = () => undefined;
    const server = await serve((_request, response) => {
      held.push({
        response,
        closed: new Promise((resolve) =>
          response.on('close', () => {
            resolve();
          }),
        ),
      });
      arrived();
    });
    const next = () =>
      new Promise<void>((resolve) => {
        arrived = resolve;
      });
    return { server, held, next };
  };

  it('unsubscribing aborts the request', async () => {
    const { server, held, next } = await holding();
    const arrival = next();
    const records: unknown[] = [];
    const subscription = make()
      .execute(httpHook('BeforeTool', { url: server.origin }), input)
      .subscribe((run) => records.push(run));
    await arrival;
    subscription.unsubscribe();
    await held[0]?.closed;
    expect(records).toEqual([]);
  });

  it('dispose aborts requests in flight, delivers them as canceled and fails later runs', async () => {
    const { server, held, next } = await holding();
    const executor = make();
    const arrival = next();
    const pending = runHttp(executor, httpHook('BeforeTool', { url: server.origin, name: 'held' }), input);
    await arrival;
    await executor.dispose();
    await held[0]?.closed;
    expect(await pending).toMatchObject({
      outcome: 'canceled',
      message: 'Hook "held" was canceled: executor disposed',
    });
    expect(executor.live).toBe(0);
    const late = await runHttp(executor, httpHook('BeforeTool', { url: server.origin, name: 'late' }), input);
    expect(late).toMatchObject({ outcome: 'failed', message: 'Hook "late" cannot run: executor disposed' });
  });

  it('maxConcurrentRequests bounds the requests in flight; the rest queue', async () => {
    const { server, held, next } = await holding();
    const executor = make({ maxConcurrentRequests: 1 });
    const first = next();
    const runs = [
      runHttp(executor, httpHook('BeforeTool', { url: `${server.origin}/1` }), input),
      runHttp(executor, httpHook('BeforeTool', { url: `${server.origin}/2` }), input),
    ];
    await first;
    // The second request is sent only once the first is answered: one in flight.
    expect(server.received.map((request) => request.path)).toEqual(['/1']);
    const second = next();
    held[0]?.response.end();
    await second;
    expect(server.received.map((request) => request.path)).toEqual(['/1', '/2']);
    held[1]?.response.end();
    expect((await Promise.all(runs)).map((run) => run.outcome)).toEqual(['success', 'success']);
  });
});
