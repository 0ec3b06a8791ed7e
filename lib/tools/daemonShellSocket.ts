/**
 * The session daemon's second unix socket, `daemon-http.sock`, for the shell hook client (lib/cli/hook.sh): HTTP,
 * because curl speaks it and a POSIX shell plus curl start in milliseconds where Node takes tens of them. The
 * socket sits beside the line-protocol one in the 0700 runtime directory, so the file system is what keeps other
 * users out, as for the first socket; there is no token.
 *
 * Request: `POST /hook`, a form (`application/x-www-form-urlencoded`, as `curl --data-urlencode` sends it) with
 * `agent`, `event`, `cwd`, `stdin` and `env.<NAME>` for each project variable the agent set. Answer: the agent's
 * exit code, stdout and stderr joined by the control character RS (0x1e) and ended by one, which a shell splits
 * with parameter expansion alone.
 */
import { createServer, type Server } from 'node:http';
import type { AgentAnswer } from '../protocol/agentAnswer.js';
import { failureAnswer } from '../protocol/agentAnswer.js';
import { readBody } from './daemonHttp.js';
import { PROJECT_VARIABLES, type DaemonRequest } from './daemonRequest.js';
import { listen } from './daemonSocket.js';

const RS = '\x1e';

/** The answer as the shell client reads it: `<exit code> RS <stdout> RS <stderr> RS`. */
export const shellAnswerBody = (answer: AgentAnswer): string => {
  // Agents' stdout is JSON, which holds no raw control character; one here would cut the shell's split short.
  if (answer.stdout.includes(RS)) return shellAnswerBody(failureAnswer('an answer held the separator RS'));
  return `${answer.exitCode}${RS}${answer.stdout}${RS}${answer.stderr}${RS}`;
};

/** The daemon request a form names, or why it names none. */
export const requestOfForm = (body: string): DaemonRequest | string => {
  const form = new URLSearchParams(body);
  const agent = form.get('agent');
  const stdin = form.get('stdin');
  if (agent === null || stdin === null) return 'the daemon received a request without agent and stdin';
  const env: Record<string, string> = {};
  for (const name of PROJECT_VARIABLES) {
    const value = form.get(`env.${name}`);
    if (value !== null) env[name] = value;
  }
  return { agent, event: form.get('event') ?? '', cwd: form.get('cwd') ?? '/', env, stdin };
};

export interface ShellSocket {
  close(): Promise<void>;
}

/** Listens on `socket` (a stale file is replaced, a live listener refused) and answers through `decide`. */
export const startShellSocket = async (
  socket: string,
  decide: (request: DaemonRequest) => Promise<AgentAnswer>,
): Promise<ShellSocket> => {
  const server: Server = createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/hook') {
      response.writeHead(404).end();
      return;
    }
    readBody(request).then(
      async (body) => {
        const parsed = body === undefined ? 'the request is too large' : requestOfForm(body);
        const answer = typeof parsed === 'string' ? failureAnswer(parsed) : await decide(parsed);
        response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(shellAnswerBody(answer));
      },
      // The client went away mid-body: nobody to answer; unhandled, it would end the daemon.
      () => response.destroy(),
    );
  });
  await listen(server, socket);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
};
