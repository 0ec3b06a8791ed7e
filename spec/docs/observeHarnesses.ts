/**
 * Harnesses of the README's "Watching hooks" blocks (see readmeHarnesses.ts for the shape): the streams, the
 * OpenTelemetry spans read back from the SDK's in-memory exporter, the dashboard's state fetched over HTTP, a
 * redacted recording, a replay against a changed policy, and a signed decision ledger checked and then tampered
 * with — each block run as written.
 */
import { expect } from 'vitest';
import type { Harness } from './readmeHarnesses.js';
import { lines, printed } from './printedLines.js';

export const OBSERVE_HARNESSES: Readonly<Record<string, Harness>> = {
  'observe-streams': {
    check: (stdout) => {
      expect(lines(stdout)).toEqual([
        '▶ no-env',
        '■ no-env blocked',
        'BeforeTool write_file {"path":".env"} → deny',
        'SessionStart startup → no decision',
      ]);
    },
  },

  'observe-otel': {
    // The host's tracing set-up: an SDK provider exporting to memory, and a context manager (for the parent).
    prelude: `
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
const exporter = new InMemorySpanExporter();
api.trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());`,
    epilogue: `
const spans = exporter.getFinishedSpans();
const nameOf = (id: string | undefined) => spans.find((span) => span.spanContext().spanId === id)?.name ?? 'root';
console.log(JSON.stringify(spans.map((span) => \`\${span.name} <- \${nameOf(span.parentSpanContext?.spanId)}\`).sort()));`,
    check: (stdout) => {
      expect(printed(stdout)).toEqual([
        'agent turn <- root',
        'hookstream BeforeTool <- agent turn',
        'hookstream hook guard <- hookstream BeforeTool',
      ]);
    },
  },

  'observe-dashboard': {
    // The host's hook system and agent loop; the "agent" reads back what the page would show.
    prelude: `
import { createHookSystem, type HookSystem } from 'hookstream';
const hooks = createHookSystem();
hooks.register('BeforeTool', {
  type: 'function',
  name: 'no-env',
  run: (input) => (String(input.tool_input.path).endsWith('.env') ? { decision: 'deny', reason: 'secrets' } : undefined),
});
let shown = '';
const runAgent = async (system: HookSystem): Promise<void> => {
  await system.fire('BeforeTool', { tool_name: 'write_file', tool_input: { path: '.env' } });
  await system.fire('SessionStart', { source: 'startup' });
  const state = (await (await fetch(\`http://127.0.0.1:4848/state?token=\${dashboard.token}\`)).json()) as { row?: { event: string; decision: string } }[];
  shown = JSON.stringify(state.flatMap((message) => (message.row ? [\`\${message.row.event}:\${message.row.decision}\`] : [])));
};`,
    epilogue: `
await hooks.dispose();
console.log(shown);`,
    check: (stdout) => {
      expect(lines(stdout)[0]).toMatch(/^dashboard: http:\/\/127\.0\.0\.1:4848\/\?token=[A-Za-z0-9_-]{43}$/);
      expect(printed(stdout)).toEqual(['BeforeTool:deny', 'SessionStart:none']);
    },
  },

  'observe-record': {
    prelude: `
import { readFileSync } from 'node:fs';
import { createHookSystem } from 'hookstream';`,
    epilogue: `
await hooks.fire('BeforeTool', { tool_name: 'http_request', tool_input: { url: 'https://api.example', api_key: 'sk-live-123' } });
await hooks.dispose();
console.log(readFileSync('session.jsonl', 'utf8').trim().split('\\n').at(-1));`,
    check: (stdout) => {
      expect(stdout).not.toContain('sk-live-123');
      expect(printed(stdout)).toMatchObject({
        event: 'BeforeTool',
        fields: { tool_input: { url: 'https://api.example', api_key: '[REDACTED]' } },
        result: { toolInput: { api_key: '[REDACTED]' } },
      });
    },
  },

  'observe-replay': {
    // A project of its own: a session recorded under policy A (allow all), then policy B in the settings file.
    prelude: `
import { mkdirSync, writeFileSync } from 'node:fs';
import { createHookSystem as recordingSystem } from 'hookstream';
mkdirSync('replay-project/.hookstream', { recursive: true });
mkdirSync('replay-project/recordings', { recursive: true });
process.chdir('replay-project');
const recorder = recordingSystem({ record: 'recordings/session.jsonl', sessionId: 'recorded' });
recorder.register('BeforeTool', { type: 'function', name: 'policy-a', run: () => ({ decision: 'allow' }) });
await recorder.fire('BeforeTool', { tool_name: 'write_file', tool_input: { path: 'notes.md' } });
await recorder.fire('BeforeTool', { tool_name: 'write_file', tool_input: { path: '/etc/hosts' } });
await recorder.dispose();
const policyB = \`grep -q '"path":"/etc/' && echo '{"decision":"deny","reason":"a system file"}' || echo '{"decision":"allow"}'\`;
writeFileSync(
  '.hookstream/settings.json',
  JSON.stringify({ tools: { enableHooks: true }, hooks: { BeforeTool: [{ matcher: '^write_file$', hooks: [{ name: 'policy-b', command: policyB }] }] } }),
);`,
    // The block sets the exit status for CI; the harness reads it and lets the script succeed.
    epilogue: `
console.log(JSON.stringify({ exitCode: process.exitCode }));
process.exitCode = 0;`,
    check: (stdout) => {
      expect(lines(stdout)).toEqual([
        'line 2: BeforeTool write_file {"path":"/etc/hosts"}',
        '  decision: allow → deny',
        '  blocked: false → true',
        '  reason: undefined → a system file',
        '{"exitCode":1}',
      ]);
    },
  },

  'ledger-proof': {
    check: (stdout) => {
      expect(lines(stdout)).toEqual([
        'write blocked: true, read blocked: true',
        '4 records, 2 events, signatures verified',
        'ran-and-failed: crash: audit-reads',
        'line 2: its record does not match its hash: it was edited after it was written',
      ]);
    },
  },
};
