/**
 * OpenTelemetry through the facade (`telemetry: { api, tracer }`), read back from the SDK's in-memory
 * exporter: a span per event under the host's active span, a child per hook with its attributes, status
 * error for a hook that failed (a real command exiting 1) and none for a block, spans of events no hook ran
 * for, and cancelled events closing their spans. hookstream itself never imports OpenTelemetry.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import * as api from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { firstValueFrom, NEVER } from 'rxjs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHookSystem, type HookSystem } from '../../lib/system/createHookSystem.js';
import { allow, block } from '../../lib/testing/index.js';
import { MARKER_VARIABLE, ProcessTest } from '../process/processHarness.js';

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const tracer = provider.getTracer('spec');
const contextManager = new AsyncLocalStorageContextManager();

beforeAll(() => {
  api.context.setGlobalContextManager(contextManager.enable());
});
afterAll(async () => {
  api.context.disable();
  await provider.shutdown();
});

let world: ProcessTest;
let hooks: HookSystem | undefined;
beforeEach(() => {
  exporter.reset();
  world = new ProcessTest();
});
afterEach(async () => {
  await world.verifyClean(hooks ?? { dispose: async () => undefined });
  hooks = undefined;
});

const spanNamed = (name: string): ReadableSpan => {
  const span = exporter.getFinishedSpans().find((candidate) => candidate.name === name);
  if (span === undefined)
    throw new Error(
      `no span ${name}; have ${exporter
        .getFinishedSpans()
        .map((s) => s.name)
        .join(', ')}`,
    );
  return span;
};

const system = (): HookSystem => {
  hooks = createHookSystem({ projectDir: world.dir, trust: false, telemetry: { api, tracer } });
  return hooks;
};

describe('telemetry', () => {
  it('makes a span per event under the host span, with a child span per hook', async () => {
    const hooks = system();
    hooks.register('BeforeTool', { type: 'function', name: 'guard', run: () => allow() }, { matcher: 'write' });
    hooks.register('BeforeTool', {
      type: 'command',
      command: 'echo "{\\"decision\\": \\"allow\\"}"',
      name: 'echo-allow',
      env: { [MARKER_VARIABLE]: world.marker },
    });
    await tracer.startActiveSpan('agent turn', async (turn) => {
      await hooks.fire('BeforeTool', { tool_name: 'write_file', tool_input: { path: 'a.txt' } });
      turn.end();
    });
    const turn = spanNamed('agent turn');
    const event = spanNamed('hookstream BeforeTool');
    expect(event.parentSpanContext?.spanId).toBe(turn.spanContext().spanId);
    expect(event.spanContext().traceId).toBe(turn.spanContext().traceId);
    expect(event.attributes).toMatchObject({
      'hookstream.event': 'BeforeTool',
      'hookstream.session.id': hooks.sessionId,
      'hookstream.target': 'write_file',
      'hookstream.hook.count': 2,
      'hookstream.decision': 'allow',
      'hookstream.blocked': false,
      'hookstream.warning.count': 0,
    });
    expect(event.status.code).toBe(api.SpanStatusCode.UNSET);
    const guard = spanNamed('hookstream hook guard');
    const echo = spanNamed('hookstream hook echo-allow');
    for (const child of [guard, echo]) expect(child.parentSpanContext?.spanId).toBe(event.spanContext().spanId);
    expect(echo.attributes).toMatchObject({
      'hookstream.event': 'BeforeTool',
      'hookstream.hook.name': 'echo-allow',
      'hookstream.hook.source': 'runtime',
      'hookstream.hook.outcome': 'success',
      'hookstream.hook.decision': 'allow',
      'hookstream.hook.exit_code': 0,
    });
    expect(echo.attributes['hookstream.hook.duration_ms']).toEqual(expect.any(Number));
  });

  it('sets status error on a hook that failed and on its event; a block is a decision, not an error', async () => {
    const hooks = system();
    hooks.register('BeforeTool', {
      type: 'command',
      command: 'echo "audit endpoint unset" >&2; exit 1',
      env: { [MARKER_VARIABLE]: world.marker },
    });
    hooks.register('AfterTool', { type: 'function', name: 'no-etc', run: () => block('a system file') });
    await hooks.fire('BeforeTool', { tool_name: 'run_shell_command', tool_input: { command: 'ls' } });
    await hooks.fire('AfterTool', { tool_name: 'read_file', tool_input: {}, tool_response: {} });
    // An unnamed command hook is named by its command, shortened.
    const failed = spanNamed('hookstream hook echo "audit endpoint unset" >&2; exit 1');
    expect(failed.status.code).toBe(api.SpanStatusCode.ERROR);
    expect(failed.status.message).toContain('exited with code 1');
    expect(failed.attributes).toMatchObject({ 'hookstream.hook.outcome': 'warning', 'hookstream.hook.exit_code': 1 });
    expect(spanNamed('hookstream BeforeTool').status.code).toBe(api.SpanStatusCode.ERROR);
    const blocked = spanNamed('hookstream hook no-etc');
    expect(blocked.status.code).toBe(api.SpanStatusCode.UNSET);
    expect(blocked.attributes['hookstream.hook.outcome']).toBe('blocked');
    expect(spanNamed('hookstream AfterTool').attributes).toMatchObject({
      'hookstream.decision': 'block',
      'hookstream.blocked': true,
    });
  });

  it('makes a span for an event no hook ran for (a hook that never fires shows as hook.count 0)', async () => {
    const hooks = system();
    await hooks.fire('SessionStart', { source: 'startup' });
    const event = spanNamed('hookstream SessionStart');
    expect(event.attributes).toMatchObject({ 'hookstream.hook.count': 0, 'hookstream.target': 'startup' });
    expect(exporter.getFinishedSpans()).toHaveLength(1);
  });

  it('ends the spans of a cancelled event, marked canceled', async () => {
    const hooks = system();
    hooks.register('BeforeTool', { type: 'function', name: 'forever', run: () => NEVER });
    const subscription = hooks.fire$('BeforeTool', { tool_name: 'x', tool_input: {} }).subscribe();
    expect(exporter.getFinishedSpans()).toHaveLength(0);
    subscription.unsubscribe();
    expect(spanNamed('hookstream hook forever').attributes).toMatchObject({
      'hookstream.hook.outcome': 'canceled',
      'hookstream.canceled': true,
    });
    expect(spanNamed('hookstream BeforeTool').attributes['hookstream.canceled']).toBe(true);
  });

  it('ends the spans of events still running at dispose', async () => {
    const hooks = system();
    hooks.register('BeforeAgent', { type: 'function', name: 'forever', run: () => NEVER });
    const pending = firstValueFrom(hooks.fire$('BeforeAgent', { prompt: 'hi' })).catch((error: unknown) => error);
    await hooks.dispose();
    expect(await pending).toBeInstanceOf(Error);
    expect(spanNamed('hookstream BeforeAgent').attributes['hookstream.canceled']).toBe(true);
  });
});

describe('telemetry: loading', () => {
  it('is never imported by hookstream itself (the host passes the api)', () => {
    const lib = path.resolve(import.meta.dirname, '../../lib');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const file = path.join(dir, name);
        return statSync(file).isDirectory() ? files(file) : file.endsWith('.ts') ? [file] : [];
      });
    // Import statements only: doc comments may show the host's own import.
    const statement = /^\s*(?:import|export)\b[^\n]*from '@opentelemetry|\bimport\(\s*'@opentelemetry/m;
    const importers = files(lib).filter((file) => statement.test(readFileSync(file, 'utf8')));
    expect(importers).toEqual([]);
  });
});
