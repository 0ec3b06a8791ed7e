/**
 * The step and word budget of one static read of a shell command. Every scanning loop spends a step per
 * turn, so no input — a `\r`, a no-break space, a megabyte of `$(` — can make a loop spin or a word list
 * grow without end: running out ends the read with "cannot read", which callers treat as a construct they
 * do not follow (the trust view lists it, an `if` condition runs its hook).
 */
import { SHELL_READ_MAX_STEPS, SHELL_READ_MAX_WORDS } from '../core/limits.js';

export interface ReadBudget {
  /** Steps left. */
  steps: number;
  /** Words left. */
  words: number;
}

/** A fresh budget: one per command read, shared by the nested reads (`bash -c`, `eval`, `$(…)`) it makes. */
export const readBudget = (steps = SHELL_READ_MAX_STEPS, words = SHELL_READ_MAX_WORDS): ReadBudget => ({
  steps,
  words,
});

/** Thrown inside a reader when its budget runs out; every reader's entry point turns it into a typed result. */
export class BudgetExceeded extends Error {
  constructor(readonly what: 'steps' | 'words') {
    super(`too long to read: the ${what} budget of one read is spent`);
    this.name = 'BudgetExceeded';
  }
}

/** Spends one step (or `count`); throws BudgetExceeded when none is left. */
export const spendStep = (budget: ReadBudget, count = 1): void => {
  budget.steps -= count;
  if (budget.steps < 0) throw new BudgetExceeded('steps');
};

/** Spends one word; throws BudgetExceeded when none is left. */
export const spendWord = (budget: ReadBudget): void => {
  budget.words -= 1;
  if (budget.words < 0) throw new BudgetExceeded('words');
};
