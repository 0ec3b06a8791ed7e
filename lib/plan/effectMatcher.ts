/**
 * Effect matchers: a hook group's `"effects": { "writes": [".env*", "secrets/**"], "egress": "*" }` runs its
 * hooks when the tool call does any of those things — whatever the tool is called (`Write`, `cat > .env`,
 * `sed -i`, an `apply_patch` body). Paths are gitignore-style rules (lib/plan/pathPattern.ts) tried against
 * the call's cwd and the project directory, and against the real path when the file exists (a symlink to
 * `.env` is `.env`); hosts, programs and the other classes take `*` wildcards.
 *
 * Unknown never fails open: a call with an `unknown` effect, or a path or host only a running shell could
 * tell, matches every effect matcher, so the guard runs and decides. `examples` (`match` / `notMatch`, each a
 * shell command or `{ tool_name, tool_input }`) are checked when the settings load.
 */
import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import {
  EFFECT_CLASSES,
  effectText,
  PATH_CLASSES,
  toolEffects,
  type Effect,
  type EffectClass,
  type McpEffectMap,
  type ToolEffects,
} from '../effects/index.js';
import type { HookCondition } from '../model/types.js';
import { heldToolEffects, matchedRecord } from './effectRecords.js';
import { compileWildcard, matchesPathRule, parsePathRule, type PathContext, type PathRule } from './pathPattern.js';

type TargetTest = (effect: Effect, context: PathContext) => boolean;

/**
 * An effect matcher as written in settings and passed to `register(…, { effects })`: the hooks run when the call
 * has any listed effect (or one that could not be read). `examples` are checked when it is compiled.
 */
export interface EffectMatcherSpec {
  /** Path rules for `reads`, `writes`, `deletes`; `*` wildcards for the other classes. One or a list. */
  readonly reads?: string | readonly string[];
  readonly writes?: string | readonly string[];
  readonly deletes?: string | readonly string[];
  readonly executes?: string | readonly string[];
  readonly egress?: string | readonly string[];
  readonly installs?: string | readonly string[];
  readonly vcs?: string | readonly string[];
  readonly changes?: string | readonly string[];
  readonly unknown?: string | readonly string[];
  /** Calls that must match and must not: a shell command, or `{ tool_name, tool_input }`. */
  readonly examples?: {
    readonly match?: readonly (string | { readonly tool_name: string; readonly tool_input: object })[];
    readonly notMatch?: readonly (string | { readonly tool_name: string; readonly tool_input: object })[];
  };
}

export interface CompiledEffectMatcher {
  /** Holds when the call has a listed effect, or one that could not be read. */
  readonly condition: HookCondition;
  /** Problems by JSON pointer under the `effects` object (`/writes/0`, `/examples/match/1`). */
  readonly problems: readonly { readonly pointer: string; readonly message: string; readonly error: boolean }[];
}

/** Where a call's relative paths resolve: its cwd and the project. */
export interface EffectContext {
  readonly cwd: string;
  readonly projectDir: string;
}

const realPath = (file: string, cwd: string): string | undefined => {
  try {
    return realpathSync(isAbsolute(file) ? file : resolve(cwd, file));
  } catch {
    return undefined;
  }
};

const pathTest = (rules: readonly PathRule[]): TargetTest => {
  return (effect, context) => {
    const target = effect.target;
    if (target === undefined) return true;
    const anchors = [context, { cwd: context.projectDir, projectDir: context.projectDir, home: context.home }];
    const real = target.startsWith('~') ? undefined : realPath(target, context.cwd);
    return rules.some((rule) =>
      anchors.some(
        (anchor) =>
          matchesPathRule(rule, target, anchor) || (real !== undefined && matchesPathRule(rule, real, anchor)),
      ),
    );
  };
};

const wildcardTest = (patterns: readonly string[]): TargetTest => {
  const tests = patterns.map((pattern) => compileWildcard(pattern.toLowerCase()));
  return (effect) => effect.target === undefined || tests.some((test) => test((effect.target ?? '').toLowerCase()));
};

const listOf = (value: unknown): string[] | undefined =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value) && value.every((v) => typeof v === 'string')
      ? value
      : undefined;

/** A call given as an example: a shell command, or `{ tool_name, tool_input }`. */
const exampleCall = (value: unknown): { tool: string; input: Record<string, unknown> } | undefined => {
  if (typeof value === 'string') return { tool: 'Bash', input: { command: value } };
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const input = record['tool_input'];
  if (typeof record['tool_name'] !== 'string' || typeof input !== 'object' || input === null) return undefined;
  return { tool: record['tool_name'], input: input as Record<string, unknown> };
};

/**
 * Compiles an `effects` object once, at load.
 *
 * @example
 * const { condition } = compileEffectMatcher({ writes: ['.env*'] }, { projectDir: '/repo' });
 * condition.test({ tool_name: 'Bash', tool_input: { command: 'cat x > .env' }, cwd: '/repo' }); // true
 */
export const compileEffectMatcher = (
  spec: unknown,
  options: { readonly projectDir?: string; readonly mcp?: McpEffectMap } = {},
): CompiledEffectMatcher => {
  const problems: { pointer: string; message: string; error: boolean }[] = [];
  const tests = new Map<EffectClass, TargetTest>();
  const record =
    typeof spec === 'object' && spec !== null && !Array.isArray(spec) ? (spec as Record<string, unknown>) : {};
  if (record !== spec)
    problems.push({ pointer: '', message: 'effects must be an object such as { "writes": [".env*"] }', error: true });
  for (const [key, value] of Object.entries(record)) {
    if (key === 'examples') continue;
    if (!(EFFECT_CLASSES as readonly string[]).includes(key)) {
      problems.push({
        pointer: `/${key}`,
        message: `unknown effect class ${JSON.stringify(key)}; expected one of ${EFFECT_CLASSES.join(', ')}`,
        error: true,
      });
      continue;
    }
    const patterns = listOf(value);
    if (patterns === undefined || patterns.length === 0) {
      problems.push({
        pointer: `/${key}`,
        message: `${key} must be a pattern or a non-empty list of patterns`,
        error: true,
      });
      continue;
    }
    const kind = key as EffectClass;
    tests.set(kind, PATH_CLASSES.has(kind) ? pathTest(patterns.map(parsePathRule)) : wildcardTest(patterns));
  }
  const home = homedir();
  const matches = (fields: Readonly<Record<string, unknown>>): boolean => {
    const toolName = typeof fields['tool_name'] === 'string' ? fields['tool_name'] : '';
    const toolInput =
      typeof fields['tool_input'] === 'object' && fields['tool_input'] !== null
        ? (fields['tool_input'] as Record<string, unknown>)
        : {};
    const cwd = typeof fields['cwd'] === 'string' ? fields['cwd'] : (options.projectDir ?? process.cwd());
    const context: PathContext = { cwd, projectDir: options.projectDir ?? cwd, home };
    const { effects } = matchedRecord(toolName, toolInput, options.mcp);
    for (const effect of effects) {
      // What could not be read may be anything a guard is for.
      if (effect.effect === 'unknown') return true;
      const test = tests.get(effect.effect);
      if (test?.(effect, context) === true) return true;
    }
    return false;
  };
  const rule = `effects ${JSON.stringify(Object.fromEntries(Object.entries(record).filter(([key]) => key !== 'examples')))}`;
  const condition: HookCondition = { rule, test: matches };
  effectConditions.set(condition, { mcp: options.mcp });
  checkExamples(record['examples'], condition, options.projectDir, problems);
  return { condition, problems };
};

/** Each example must come out as it says: a failing one is a settings error at its pointer. */
const checkExamples = (
  examples: unknown,
  condition: HookCondition,
  projectDir: string | undefined,
  problems: { pointer: string; message: string; error: boolean }[],
): void => {
  if (examples === undefined) return;
  if (typeof examples !== 'object' || examples === null) {
    problems.push({
      pointer: '/examples',
      message: 'examples must be { "match": [...], "notMatch": [...] }',
      error: true,
    });
    return;
  }
  const cwd = projectDir ?? process.cwd();
  for (const [key, want] of [
    ['match', true],
    ['notMatch', false],
  ] as const) {
    const list = (examples as Record<string, unknown>)[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      problems.push({ pointer: `/examples/${key}`, message: `examples.${key} must be a list`, error: true });
      continue;
    }
    list.forEach((item, index) => {
      const call = exampleCall(item);
      const pointer = `/examples/${key}/${String(index)}`;
      if (call === undefined) {
        problems.push({
          pointer,
          message: 'an example is a shell command or { "tool_name": …, "tool_input": { … } }',
          error: true,
        });
        return;
      }
      const got = condition.test({ tool_name: call.tool, tool_input: call.input, cwd });
      if (got !== want) {
        const what = typeof item === 'string' ? JSON.stringify(item) : `${call.tool} ${JSON.stringify(call.input)}`;
        const effects = toolEffects(call.tool, call.input).effects.map(effectText);
        problems.push({
          pointer,
          message: `example ${what} ${want ? 'does not match' : 'matches'} these effects (it does: ${effects.join(', ') || 'nothing'})`,
          error: true,
        });
      }
    });
  }
};

/** Effect conditions, with the MCP map their calls are read with. */
const effectConditions = new WeakMap<HookCondition, { readonly mcp: McpEffectMap | undefined }>();

/**
 * Whether `condition` holds an effect matcher (alone or beside an `if`): `validate` explains to its authors that
 * such a hook also runs for every call whose effects cannot be read.
 */
export const hasEffectMatcher = (condition: HookCondition | undefined): boolean =>
  condition !== undefined && effectConditions.has(condition);

/** Both conditions (a group's effects and a hook's own `if`): the hook runs when both hold. */
export const allConditions = (
  first: HookCondition | undefined,
  second: HookCondition | undefined,
): HookCondition | undefined => (first === undefined || second === undefined ? (first ?? second) : both(first, second));

const both = (first: HookCondition, second: HookCondition): HookCondition => {
  const condition: HookCondition = {
    rule: `${first.rule} and ${second.rule}`,
    test: (input) => first.test(input) && second.test(input),
  };
  const reads = effectConditions.get(first) ?? effectConditions.get(second);
  if (reads !== undefined) effectConditions.set(condition, reads);
  return condition;
};

/**
 * The `tool_effects` a hook whose condition holds an effect matcher is given: the record its matcher read for
 * this call (effectRecords.ts); undefined for any other condition.
 */
export const conditionToolEffects = (
  condition: HookCondition,
  input: Readonly<Record<string, unknown>>,
): ToolEffects | undefined => {
  const reads = effectConditions.get(condition);
  if (reads === undefined) return undefined;
  const toolName = typeof input['tool_name'] === 'string' ? input['tool_name'] : '';
  const toolInput = input['tool_input'];
  return heldToolEffects(toolName, typeof toolInput === 'object' && toolInput !== null ? toolInput : {}, reads.mcp);
};
