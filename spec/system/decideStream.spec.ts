/**
 * `decide()` remembers, per stream, that its event has no hook and then skips the planner: that memory must
 * not outlive a change of hooks (register, unregister, reload) nor skip validation or the enabled switch.
 */
import { tmpdir } from 'node:os';
import { Subject } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createHookSystem, InvalidEventInputError, type HookResult, type HookSystem } from '../../lib/index.js';
import { deny, functionHook } from '../../lib/testing/index.js';

const systems: HookSystem[] = [];
afterEach(async () => {
  await Promise.all(systems.splice(0).map((system) => system.dispose()));
});

const system = (): HookSystem => {
  const created = createHookSystem({ projectDir: tmpdir(), trust: false });
  systems.push(created);
  return created;
};

const call = (i: number) => ({ tool_name: 'write_file', tool_input: { path: `/tmp/${i}` } });

describe('decide() on a stream whose event had no hook', () => {
  it('runs a hook registered mid-stream from the next event on, and stops after it is unregistered', () => {
    const hooks = system();
    hooks.register(
      'AfterTool',
      functionHook('elsewhere', () => undefined),
    );
    const source = new Subject<Record<string, unknown>>();
    const results: HookResult[] = [];
    source.pipe(hooks.decide('BeforeTool')).subscribe((result) => results.push(result));
    source.next(call(0));
    const registration = hooks.register(
      'BeforeTool',
      functionHook('guard', () => deny('no')),
    );
    source.next(call(1));
    registration.unregister();
    source.next(call(2));
    expect(results.map((result) => result.blocked)).toEqual([false, true, false]);
    expect(results.map((result) => result.toolInput)).toEqual([call(0), call(1), call(2)].map((c) => c.tool_input));
    expect(results.every((result) => Object.isFrozen(result))).toBe(true);
  });

  it('sees a hook that a reload brings in', async () => {
    const hooks = system();
    const source = new Subject<Record<string, unknown>>();
    const results: HookResult[] = [];
    source.pipe(hooks.decide('BeforeTool')).subscribe((result) => results.push(result));
    source.next(call(0));
    hooks.register(
      'BeforeTool',
      functionHook('guard', () => deny('no')),
    );
    await hooks.reload();
    source.next(call(1));
    expect(results.map((result) => result.blocked)).toEqual([false, true]);
  });

  it("answers a tool its hook's matcher misses without running it, and runs it for the tool it matches", () => {
    const hooks = system();
    let runs = 0;
    hooks.register(
      'BeforeTool',
      functionHook('shell-only', () => {
        runs++;
        return deny('no shell');
      }),
      { matcher: '^run_shell_command$' },
    );
    const source = new Subject<Record<string, unknown>>();
    const results: HookResult[] = [];
    source.pipe(hooks.decide('BeforeTool')).subscribe((result) => results.push(result));
    source.next(call(0));
    source.next({ tool_name: 'run_shell_command', tool_input: { command: 'ls' } });
    source.next(call(1));
    expect(results.map((result) => result.blocked)).toEqual([false, true, false]);
    expect(runs).toBe(1);
  });

  it('still validates every event', () => {
    const hooks = system();
    const source = new Subject<Record<string, unknown>>();
    const errors: unknown[] = [];
    const results: HookResult[] = [];
    source
      .pipe(hooks.decide('BeforeTool'))
      .subscribe({ next: (result) => results.push(result), error: (e) => errors.push(e) });
    source.next(call(0));
    source.next({ tool_name: 'write_file' });
    expect(results).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(InvalidEventInputError);
  });
});
