/**
 * A counting semaphore: `take()` resolves when one of `size` turns is free; `give()` frees it.
 * Used where work holds a pooled connection for long (reports' cursors, the file store's streamed
 * saves), so a burst waits its turn instead of taking every connection.
 */
export class Turns {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly size: number) {}
  /** Whether a `take()` now would have to wait. */
  get full(): boolean {
    return this.running >= this.size;
  }
  async take(): Promise<void> {
    if (this.running < this.size) {
      this.running++;
      return;
    }
    // The turn passes straight from `give()` to the first waiter, so `running` stays counted.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }
  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
