/**
 * One spec per defect issue #9 fixed in the facade, each written so that the old code fails it:
 * validation that depended on whether a hook was configured, internal failures that failed open and lost
 * their cause, an `options.executor` that replaced the whole stack (trust included), `register()`
 * problems that went only to a silent logger, and results frozen on one path and mutable on the other.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EMPTY, firstValueFrom, of, throwError } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createHookSystem,
  InvalidEventInputError,
  InvalidHookError,
  type HookExecutor,
  type HookResult,
  type HookSystem,
  type HookSystemOptions,
  type Logger,
} from '../../lib/index.js';
import { allow, deny, fakeExecutor, functionHook } from '../../lib/testing/index.js';

// ------------------------------------------------------------------------------------------------ world

let root: string;
let storePath: string;
const systems: HookSystem[] = [];

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'hookstream-defects-'));
  // Every system of this file gets a store here: the user's real store is never read or written.
  storePath = path.join(root, 'home', '.hookstream', 'trusted-hooks.json');
});
afterEach(async () => {
  await Promise.all(systems.splice(0).map((s) => s.dispose()));
  rmSync(root, { recursive: true, force: true });
});

const system = (options: HookSystemOptions = {}): HookSystem => {
  const created = createHookSystem({ projectDir: root, sessionId: 'spec', trust: { store: storePath }, ...options });
  systems.push(created);
  return created;
};

/** One call a logger received; `meta` includes what its `child` bound (the component). */
interface LogLine {
  level: 'debug' | 'info' | 'warn' | 'error';
  message: string;
  meta: Record<string, unknown>;
}

/** A winston-compatible logger that records every line, its children included. */
const recordingLogger = (): { logger: Logger; lines: LogLine[] } => {
  const lines: LogLine[] = [];
  const make = (bound: Record<string, unknown>): Logger => {
    const at =
      (level: LogLine['level']) =>
      (message: string, meta: Record<string, unknown> = {}): void => {
        lines.push({ level, message, meta: Object.assign({}, bound, meta) });
      };
    return {
      debug: at('debug'),
      info: at('info'),
      warn: at('warn'),
      error: at('error'),
      child: (meta) => make(Object.assign({}, bound, meta)),
      isDebugEnabled: () => false,
    };
  };
  return { logger: make({}), lines };
};

const WRITE_FILE = { tool_name: 'write_file', tool_input: { path: 'a.txt' } };
/** `tool_name` must be a string. */
const MALFORMED = { tool_name: 42, tool_input: { path: 'a.txt' } };

/** Each way a host fires an event, as a promise of its result. */
const FIRE_PATHS = {
  fire: (hooks: HookSystem, fields: Record<string, unknown>) => hooks.fire('BeforeTool', fields),
  fire$: (hooks: HookSystem, fields: Record<string, unknown>) => firstValueFrom(hooks.fire$('BeforeTool', fields)),
  decide: (hooks: HookSystem, fields: Record<string, unknown>) =>
    firstValueFrom(of(fields).pipe(hooks.decide('BeforeTool'))),
} as const;

/** The error a promise rejects with (fails the test when it resolves). */
const rejectionOf = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection, got a result');
};

// --------------------------------------------------------------------------------------------- defects

describe('defect: validation depended on whether a hook was configured', () => {
  /** The three configurations the old code treated differently; `ran` counts the hook's runs. */
  const configurations = (): Record<string, { hooks: HookSystem; ran: () => number }> => {
    const counted = (options: HookSystemOptions, register: boolean) => {
      let runs = 0;
      const hooks = system(options);
      if (register) {
        hooks.register(
          'BeforeTool',
          functionHook('count', () => {
            runs += 1;
          }),
        );
      }
      return { hooks, ran: () => runs };
    };
    return {
      'no hook': counted({}, false),
      'hooks disabled': counted({ enabled: false }, true),
      'a hook': counted({}, true),
    };
  };

  it.each(Object.keys(FIRE_PATHS) as (keyof typeof FIRE_PATHS)[])(
    '%s rejects malformed fields with one InvalidEventInputError, with or without hooks',
    async (way) => {
      // Old code: with no hook for the event (or hooks disabled) the fields were never checked.
      const messages: string[] = [];
      for (const [name, { hooks, ran }] of Object.entries(configurations())) {
        const error = await rejectionOf(FIRE_PATHS[way](hooks, MALFORMED));
        expect(error, name).toBeInstanceOf(InvalidEventInputError);
        expect((error as InvalidEventInputError).event).toBe('BeforeTool');
        messages.push((error as Error).message);
        expect(ran(), `${name}: nothing runs`).toBe(0);
      }
      expect(messages[0]).toMatch(/tool_name/);
      expect(new Set(messages).size).toBe(1);
    },
  );

  it('gives the same message on every path', async () => {
    // One check behind fire, fire$ and decide: a host sees one error whichever it calls.
    const hooks = system();
    const messages = await Promise.all(
      Object.values(FIRE_PATHS).map(async (fire) => ((await rejectionOf(fire(hooks, MALFORMED))) as Error).message),
    );
    expect(new Set(messages).size).toBe(1);
  });

  it('still answers valid fields on every path', async () => {
    // The check rejects only what is malformed: the same fields pass with and without hooks.
    for (const { hooks } of Object.values(configurations())) {
      for (const fire of Object.values(FIRE_PATHS)) {
        await expect(fire(hooks, WRITE_FILE)).resolves.toMatchObject({ event: 'BeforeTool', blocked: false });
      }
    }
  });
});

describe('defect: a failure of hookstream itself failed open and lost its cause', () => {
  const STACK_MESSAGE = 'hookstream internal error';
  const thrown = new Error('executor exploded');
  const errored = new Error('executor stream broke');

  /** Executors that break the seam's contract, and the cause each one is reported with. */
  const BROKEN: Record<string, { executor: HookExecutor; cause: (cause: unknown) => void }> = {
    'throws synchronously': {
      executor: () => {
        throw thrown;
      },
      cause: (cause) => {
        expect(cause).toBe(thrown);
      },
    },
    'errors its Observable': {
      executor: () => throwError(() => errored),
      cause: (cause) => {
        expect(cause).toBe(errored);
      },
    },
    'completes without a record': {
      executor: () => EMPTY,
      cause: (cause) => {
        expect((cause as Error).message).toMatch(/completed without a run record/);
      },
    },
  };

  it.each(Object.keys(BROKEN))('blocks the event when the executor %s, and logs the cause at error', async (name) => {
    // Old code: the broken executor became a fail-open warning (a deny policy silently allowed), stack dropped.
    const broken = BROKEN[name] as (typeof BROKEN)[string];
    const { logger, lines } = recordingLogger();
    const hooks = system({ executor: broken.executor, logger });
    hooks.register(
      'BeforeTool',
      functionHook('guard', () => deny('never reached')),
    );
    const result = await hooks.fire('BeforeTool', WRITE_FILE);
    expect(result).toMatchObject({ blocked: true, decision: 'block', internal: true });
    expect(result.reason).toContain(`Hook "guard" could not run: ${STACK_MESSAGE}`);
    expect(result.hooks).toEqual([
      expect.objectContaining({ name: 'guard', outcome: 'blocked', internal: true, strictFailure: 'failed' }),
    ]);
    const errors = lines.filter((line) => line.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toContain(STACK_MESSAGE);
    broken.cause(errors[0]?.meta.cause);
    // The run record keeps the cause too, off its JSON.
    broken.cause(result.hooks[0]?.cause);
    expect(JSON.stringify(result.hooks[0])).not.toContain('"cause"');
  });

  it('fails open with a warning under internalFailurePolicy allow, still marked internal and logged', async () => {
    // The policy is the host's explicit choice: the event passes, but the failure is not disguised.
    const { logger, lines } = recordingLogger();
    const hooks = system({ executor: () => EMPTY, internalFailurePolicy: 'allow', logger });
    hooks.register(
      'BeforeTool',
      functionHook('guard', () => deny('never reached')),
    );
    const result = await hooks.fire('BeforeTool', WRITE_FILE);
    expect(result).toMatchObject({ blocked: false, internal: true, success: false });
    expect(result.decision).toBeUndefined();
    expect(result.warnings).toEqual([expect.stringContaining(`Hook "guard" could not run: ${STACK_MESSAGE}`)]);
    expect(result.hooks[0]).toMatchObject({ outcome: 'failed', internal: true });
    expect(lines.filter((line) => line.level === 'error')).toHaveLength(1);
  });

  it("keeps a hook's own failure fail-open and not internal", async () => {
    // Only hookstream's failures close: a throwing policy is the hook's failure, a warning as before.
    const { logger, lines } = recordingLogger();
    const hooks = system({ logger });
    hooks.register(
      'BeforeTool',
      functionHook('flaky', () => {
        throw new Error('policy store down');
      }),
    );
    const result = await hooks.fire('BeforeTool', WRITE_FILE);
    expect(result.blocked).toBe(false);
    expect(result.internal).toBeUndefined();
    expect(result.hooks[0]).toMatchObject({ name: 'flaky', outcome: 'failed' });
    expect(result.hooks[0]?.internal).toBeUndefined();
    expect(result.warnings).toEqual([expect.stringContaining('policy store down')]);
    expect(lines.filter((line) => line.level === 'error')).toEqual([]);
    expect(lines.filter((line) => line.level === 'warn')).toHaveLength(1);
  });
});

describe('defect: options.executor replaced the whole stack, trust included', () => {
  const GUARD = 'guard';
  let project: string;
  let settingsPath: string;

  beforeEach(() => {
    project = path.join(root, 'project');
    mkdirSync(path.join(project, '.hookstream'), { recursive: true });
    settingsPath = path.join(project, '.hookstream', 'settings.json');
    // An unapproved command hook from a project settings file: it must not run until approved.
    writeFileSync(
      settingsPath,
      JSON.stringify({
        tools: { enableHooks: true },
        hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'echo guarded', name: GUARD }] }] },
      }),
    );
  });

  const fromProject = (options: HookSystemOptions): HookSystem =>
    system({ projectDir: project, settings: [{ scope: 'project', path: settingsPath, required: true }], ...options });

  it('does not call a custom executor for an unapproved project hook until it is approved', async () => {
    // Old code: the custom executor was the whole stack, so it ran unapproved project hooks.
    const spy = fakeExecutor({ [GUARD]: allow('spy ran') });
    const hooks = fromProject({ executor: spy });
    expect(hooks.problems).toEqual([]);
    const before = await hooks.fire('BeforeTool', WRITE_FILE);
    expect(spy.calls).toEqual([]);
    expect(before.hooks).toEqual([expect.objectContaining({ name: GUARD, source: 'project', outcome: 'untrusted' })]);
    expect(hooks.approveConfiguredHooks()).toHaveLength(1);
    expect(existsSync(storePath)).toBe(true);
    const after = await hooks.fire('BeforeTool', WRITE_FILE);
    expect(spy.calls.map((call) => call.hook)).toEqual([GUARD]);
    expect(after).toMatchObject({ blocked: false, decision: 'allow', reason: 'spy ran' });
    expect(after.hooks[0]?.outcome).toBe('success');
  });

  it('calls the custom executor without approval when trust is turned off explicitly', async () => {
    // `trust: false` is the one way to run unapproved hooks, and it touches no store.
    const spy = fakeExecutor({ [GUARD]: allow('spy ran') });
    const hooks = fromProject({ executor: spy, trust: false });
    const result = await hooks.fire('BeforeTool', WRITE_FILE);
    expect(spy.calls.map((call) => call.hook)).toEqual([GUARD]);
    expect(result.hooks[0]).toMatchObject({ name: GUARD, outcome: 'success' });
    expect(existsSync(storePath)).toBe(false);
  });
});

describe('defect: register() problems went only to a logger that is silent by default', () => {
  const INVALID_PATTERN = '[unclosed';
  const PROBLEM = /not a valid regular expression/;

  it('returns the problems of an invalid matcher and registers the hook, matching by exact string', async () => {
    // Old code: the problem was logged (silently) and register returned nothing about it.
    let runs = 0;
    const hooks = system();
    const registration = hooks.register(
      'BeforeTool',
      functionHook('exact', () => {
        runs += 1;
      }),
      { matcher: INVALID_PATTERN },
    );
    expect(registration.problems).toEqual([expect.stringMatching(PROBLEM)]);
    expect(registration.problems[0]).toContain(INVALID_PATTERN);
    await hooks.fire('BeforeTool', WRITE_FILE);
    expect(runs).toBe(0);
    const exact = await hooks.fire('BeforeTool', { tool_name: INVALID_PATTERN, tool_input: {} });
    expect(runs).toBe(1);
    expect(exact.hooks.map((run) => run.name)).toEqual(['exact']);
  });

  it("throws InvalidHookError under registrationProblems 'throw' and registers nothing", async () => {
    // The strict mode: a host that wants a bad matcher to stop start-up gets an error, not a half-hook.
    let runs = 0;
    const hooks = system({ registrationProblems: 'throw' });
    const register = () =>
      hooks.register(
        'BeforeTool',
        functionHook('exact', () => {
          runs += 1;
        }),
        { matcher: INVALID_PATTERN },
      );
    expect(register).toThrow(InvalidHookError);
    expect(register).toThrow(PROBLEM);
    const result = await hooks.fire('BeforeTool', { tool_name: INVALID_PATTERN, tool_input: {} });
    expect(runs).toBe(0);
    expect(result.hooks).toEqual([]);
    expect(hooks.plan('BeforeTool', { tool_name: INVALID_PATTERN }).hooks).toEqual([]);
  });
});

describe('defect: fast-path results were shared and frozen, assembled ones mutable', () => {
  /** Everything a host could try to mutate on a result. */
  const expectFrozen = (result: HookResult): void => {
    expect(Object.isFrozen(result)).toBe(true);
    expect(Object.isFrozen(result.warnings)).toBe(true);
    expect(Object.isFrozen(result.hooks)).toBe(true);
    for (const run of result.hooks) expect(Object.isFrozen(run)).toBe(true);
  };

  it('freezes a fast-path result and an assembled one alike, warnings and hooks included', async () => {
    // Old code: only the fast path's shared template was frozen; a result with hooks could be mutated.
    const hooks = system();
    hooks.register(
      'AfterTool',
      functionHook('broken', () => {
        throw new Error('a warning line');
      }),
    );
    const fastBeforeTool = await hooks.fire('BeforeTool', WRITE_FILE);
    const fastSession = await hooks.fire('SessionStart', { source: 'startup' });
    const assembled = await hooks.fire('AfterTool', { ...WRITE_FILE, tool_response: { ok: true } });
    expect(fastBeforeTool.hooks).toEqual([]);
    expect(assembled.hooks).toHaveLength(1);
    expect(assembled.warnings).toHaveLength(1);
    for (const result of [fastBeforeTool, fastSession, assembled]) expectFrozen(result);
    expect(() => {
      (assembled.warnings as string[]).push('mutated');
    }).toThrow(TypeError);
  });

  it('keeps aggregated in the JSON of both kinds of result', async () => {
    // `aggregated` is a prototype getter: toJSON must still put it in `--json` and message-bus output.
    const hooks = system();
    hooks.register(
      'BeforeTool',
      functionHook('deny-all', () => deny('no')),
    );
    const assembled = await hooks.fire('BeforeTool', WRITE_FILE);
    const fast = await hooks.fire('SessionStart', { source: 'startup' });
    const json = JSON.parse(JSON.stringify(assembled)) as Record<string, unknown>;
    expect(json).toMatchObject({
      event: 'BeforeTool',
      blocked: true,
      aggregated: { success: true, finalOutput: { decision: 'deny', reason: 'no' }, errors: [] },
    });
    expect(JSON.parse(JSON.stringify(fast))).toMatchObject({ event: 'SessionStart', aggregated: { success: true } });
  });
});
