/**
 * The bookkeeping of a live stream under AfterModel: which text has been released to the consumer, which chunks
 * wait. Text is released as hooks judge it, except a tail window of `holdBackChars` that a later chunk could
 * still turn into something a hook redacts; chunks without text (framing, tool calls) keep their place in
 * the order. Released text is never taken back: a judgement that disagrees with it freezes the release, and
 * the rest waits for the final AfterModel run.
 */

/** How a host's stream chunks carry text. */
export interface StreamText<Chunk> {
  /** The text a chunk adds to the response; `undefined` for a chunk that carries none (metadata, tool calls). */
  textOf(chunk: Chunk): string | undefined;
  /** A chunk like `template` (a text chunk of the same stream) carrying `text` instead. */
  withText(template: Chunk, text: string): Chunk;
}

interface Placed<Chunk> {
  /** Offset in the received text where the chunk sits. */
  at: number;
  chunk: Chunk;
}

export class TailRelease<Chunk> {
  private received = '';
  private released = '';
  private readonly texts: Placed<Chunk>[] = [];
  private readonly held: Placed<Chunk>[] = [];
  /** A judgement contradicted released text (or a preview blocked): nothing more is released until the end. */
  frozen = false;

  constructor(
    private readonly text: StreamText<Chunk>,
    private readonly holdBackChars: number,
    private readonly emit: (chunk: Chunk) => void,
  ) {}

  /** All text received so far. */
  get receivedText(): string {
    return this.received;
  }

  /** All text released so far. */
  get releasedText(): string {
    return this.released;
  }

  /** Takes a chunk from the model; returns true when it added text (a new judgement is due). */
  add(chunk: Chunk): boolean {
    const text = this.text.textOf(chunk);
    if (text === undefined) {
      // Framing before any held text goes out at once (a stream start, a text-block start).
      if (this.held.length === 0 && this.received.length <= this.released.length) this.emit(chunk);
      else this.held.push({ at: this.received.length, chunk });
      return false;
    }
    if (text === '') return false;
    this.texts.push({ at: this.received.length, chunk });
    this.received += text;
    return true;
  }

  /**
   * A hook's verdict on (a prefix of) the response: `judged` is its text after hooks. Releases all of it but the
   * tail window (`holdBackChars`: the hooks' own, when they declared one); with `complete`, all of it and every
   * held chunk. Returns false when it contradicts released text.
   */
  judge(judged: string, complete = false, holdBackChars = this.holdBackChars): boolean {
    if (this.frozen) return false;
    // A redaction in the tail may shorten the text below what went out: only a different prefix contradicts.
    if (!judged.startsWith(this.released)) {
      this.frozen = true;
      return false;
    }
    const target = complete ? judged : judged.slice(0, Math.max(0, judged.length - holdBackChars));
    this.releaseTo(target);
    if (complete) this.flushHeld(Infinity);
    return true;
  }

  /** Ends the stream: releases `finalText` if it agrees with what went out, then every held chunk. */
  finish(finalText: string): boolean {
    const agreed = this.judge(finalText, true);
    this.flushHeld(Infinity);
    return agreed;
  }

  private releaseTo(target: string): void {
    let position = this.released.length;
    while (position < target.length) {
      this.flushHeld(position);
      const nextHeld = this.held[0]?.at;
      const stop = nextHeld !== undefined && nextHeld > position ? Math.min(nextHeld, target.length) : target.length;
      this.emit(this.text.withText(this.templateAt(position), target.slice(position, stop)));
      position = stop;
      this.released = target.slice(0, position);
    }
    this.flushHeld(position);
  }

  private flushHeld(upTo: number): void {
    while (this.held.length > 0 && (this.held[0] as Placed<Chunk>).at <= upTo) {
      this.emit((this.held.shift() as Placed<Chunk>).chunk);
    }
  }

  /** The text chunk whose text covers `position` (the one before it when edits moved offsets). */
  private templateAt(position: number): Chunk {
    let template = this.texts[0] as Placed<Chunk>;
    for (const placed of this.texts) if (placed.at <= position) template = placed;
    return template.chunk;
  }
}
