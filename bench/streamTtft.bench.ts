/**
 * Time to first token of a streamed model call with an AfterModel hook (issue 13: ≤ 1.2× without one), against
 * the same stream with no model hook, interleaved. The model is simulated: its first chunk after `FIRST_MS`, then
 * one chunk of `CHUNK` characters every `EVERY_MS` (a typical hosted model's pace, scaled down). The hook is an
 * in-process redaction of AWS key ids. Contenders: live redaction with the default tail window (32 characters),
 * with an 8-character window, with a hook that opts into the per-chunk phase (it declares the tail it still needs,
 * `hookSpecificOutput.holdBack`), and `holdChunks` (the wrapper before issue 13: nothing until the end).
 */
import { lastValueFrom, take } from 'rxjs';
import { createHookSystem } from '../dist/lib/index.js';
import { createTranslator, streamModelWithHooks } from '../dist/lib/entry/host.js';
import { median, round3, scaled } from './measure.js';

const FIRST_MS = 60;
const EVERY_MS = 8;
const CHUNK = 'tok ';
const CHUNKS = 40;

interface Answer {
  text: string;
}
const translator = createTranslator<{ prompt: string }, Answer, { prompt: string }>({
  name: 'bench',
  messages: (request) => [request],
  withMessages: (request) => request,
  message: { role: () => 'user', text: (m) => m.prompt, edit: (m) => m, create: (m) => ({ prompt: m.content }) },
  response: { text: (r) => r.text, withText: (_r, text) => ({ text }), create: ({ text }) => ({ text }) },
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function* model(): AsyncGenerator<string> {
  await sleep(FIRST_MS);
  for (let i = 0; i < CHUNKS; i++) {
    if (i > 0) await sleep(EVERY_MS);
    yield CHUNK;
  }
}

const KEY = /AKIA[0-9A-Z]{16}/g;
/** The trailing characters that could still become a key: a suffix that is a prefix of one. */
const PARTIAL_KEY = /(?:AKIA[0-9A-Z]{0,15}|AKI|AK|A)$/;
const redact = (input: { llm_response: { text?: string } }) => {
  const text = input.llm_response.text ?? '';
  const redacted = text.replaceAll(KEY, '[REDACTED]');
  return { redacted, holdBack: PARTIAL_KEY.exec(redacted)?.[0].length ?? 0 };
};

const plain = createHookSystem();
const hooked = createHookSystem();
hooked.register('AfterModel', {
  type: 'function',
  name: 'redact-keys',
  run: (input) => {
    const { redacted } = redact(input);
    return redacted === input.llm_response.text
      ? undefined
      : { hookSpecificOutput: { llm_response: { text: redacted } } };
  },
});
// The same redaction, opting into the per-chunk phase: it says how much of the tail it still needs held.
const optedIn = createHookSystem();
optedIn.register('AfterModel', {
  type: 'function',
  name: 'redact-keys-streaming',
  run: (input) => {
    const { redacted, holdBack } = redact(input);
    return {
      hookSpecificOutput: {
        holdBack,
        ...(redacted !== input.llm_response.text && { llm_response: { text: redacted } }),
      },
    };
  },
});

const text = { textOf: (chunk: string) => chunk, withText: (_chunk: string, released: string) => released };
const assemble = (chunks: readonly string[]): Answer => ({ text: chunks.join('') });

/** Milliseconds from the call to the first chunk (or the final event, when nothing streams before it). */
async function firstToken(options: {
  hooks: typeof plain;
  holdBackChars?: number;
  holdChunks?: boolean;
}): Promise<number> {
  const started = performance.now();
  await lastValueFrom(
    streamModelWithHooks(options.hooks, { prompt: 'hi' }, () => model(), {
      translator,
      assemble,
      ...(options.holdChunks === true ? { holdChunks: true } : { text }),
      ...(options.holdBackChars !== undefined && { holdBackChars: options.holdBackChars }),
    }).pipe(take(1)),
  );
  return performance.now() - started;
}

export async function benchStreamTtft(): Promise<Record<string, unknown>> {
  const contenders = {
    noHook: () => firstToken({ hooks: plain }),
    live32: () => firstToken({ hooks: hooked }),
    live8: () => firstToken({ hooks: hooked, holdBackChars: 8 }),
    liveOptIn: () => firstToken({ hooks: optedIn }),
    held: () => firstToken({ hooks: hooked, holdChunks: true }),
  };
  const samples: Record<string, number[]> = { noHook: [], live32: [], live8: [], liveOptIn: [], held: [] };
  const rounds = scaled(30, 3);
  for (let round = -2; round < rounds; round++) {
    for (const [name, run] of Object.entries(contenders)) {
      const ms = await run();
      if (round >= 0) samples[name]?.push(ms);
    }
  }
  const ms = Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, round3(median(values))]));
  const base = ms.noHook ?? NaN;
  await Promise.all([plain.dispose(), hooked.dispose(), optedIn.dispose()]);
  return {
    model: { firstChunkMs: FIRST_MS, everyMs: EVERY_MS, charsPerChunk: CHUNK.length, chunks: CHUNKS },
    firstTokenMs: ms,
    vsNoHook: {
      live32: round3((ms.live32 ?? NaN) / base),
      live8: round3((ms.live8 ?? NaN) / base),
      liveOptIn: round3((ms.liveOptIn ?? NaN) / base),
      held: round3((ms.held ?? NaN) / base),
    },
  };
}
