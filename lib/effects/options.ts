/**
 * A small option reader for the effect table: which words of a command are options (with their values) and
 * which are operands. Each program lists only its options that take a value; a word only the shell knows is
 * an operand (it may name any file), so a guard errs towards seeing a path rather than missing one.
 */
import type { Arg } from './sink.js';

/** One option given, with its value when it takes one. */
export interface GivenOption {
  readonly name: string;
  readonly value?: Arg;
}

export interface Options {
  /** Every option given, short clusters split (`-rf` → `-r`, `-f`), with its value when it takes one. */
  readonly given: readonly GivenOption[];
  readonly operands: Arg[];
}

/** The options of a command that gives none (most operands-only commands): one frozen list for all. */
const NO_OPTIONS: readonly GivenOption[] = Object.freeze([]);
/** No option value: one frozen list for all. */
const NO_VALUES: readonly Arg[] = Object.freeze([]);

/** `-a` … for each ASCII character, made once: a cluster (`-fsSL`) is split with no string built per flag. */
const SHORT_NAMES: readonly string[] = Array.from({ length: 128 }, (_, code) => `-${String.fromCharCode(code)}`);
const shortName = (text: string, at: number): string => {
  const code = text.charCodeAt(at);
  return code < 128 ? (SHORT_NAMES[code] as string) : `-${text[at] ?? ''}`;
};

/** Reads `args` with `valued` options taking a value; `clusters` splits `-abc` into three flags. */
export const readOptions = (args: readonly Arg[], valued: readonly string[] = [], clusters = true): Options => {
  // Made at the first option: most commands give few or none.
  let given: GivenOption[] | undefined;
  // Sized once and cut to length at the end: an array grown by push from empty reserves 17 slots, and every
  // handler of every command reads its arguments here.
  const operands = new Array<Arg>(args.length);
  let count = 0;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as Arg;
    const text = arg.text;
    if (!arg.known || !text.startsWith('-') || text === '-') {
      operands[count++] = arg;
      continue;
    }
    if (text === '--') {
      for (let rest = index + 1; rest < args.length; rest++) operands[count++] = args[rest] as Arg;
      break;
    }
    const equals = text.startsWith('--') ? text.indexOf('=') : -1;
    if (equals !== -1) {
      (given ??= []).push({ name: text.slice(0, equals), value: { text: text.slice(equals + 1), known: true } });
    } else if (valued.includes(text)) {
      const value = args[index + 1];
      (given ??= []).push(value === undefined ? { name: text } : { name: text, value });
      index += 1;
    } else if (clusters && !text.startsWith('--')) {
      for (let at = 1; at < text.length; at++) {
        const name = shortName(text, at);
        if (!valued.includes(name)) {
          (given ??= []).push({ name });
          continue;
        }
        const rest = text.slice(at + 1);
        const value = rest === '' ? args[++index] : { text: rest, known: true };
        (given ??= []).push(value === undefined ? { name } : { name, value });
        break;
      }
    } else (given ??= []).push({ name: text });
  }
  operands.length = count;
  return { given: given ?? NO_OPTIONS, operands };
};

/** Whether any of `names` was given; a list made once, for a handler every command of a kind runs. */
export const hasOptionIn = (options: Options, names: readonly string[]): boolean => {
  for (const option of options.given) if (names.includes(option.name)) return true;
  return false;
};

/** Whether any of `names` was given. */
export const hasOption = (options: Options, ...names: string[]): boolean => hasOptionIn(options, names);

/**
 * The values of the options named `names`, in order; a list made once. None is one frozen empty list, so
 * a handler that asks for several kinds of option (`curl`) builds an array only for those given.
 */
export const valuesIn = (options: Options, names: readonly string[]): readonly Arg[] => {
  let values: Arg[] | undefined;
  for (const option of options.given)
    if (option.value !== undefined && names.includes(option.name)) (values ??= []).push(option.value);
  return values ?? NO_VALUES;
};

/** The values of the options named `names`, in order. */
export const optionValues = (options: Options, ...names: string[]): readonly Arg[] => valuesIn(options, names);
