/**
 * Runs one job per key at a time: a kick while the key's job runs asks for one more run
 * after it (however many kicks came), never a second job beside it. The orchestrator's
 * advances of one execution so never overlap.
 */
export class SerialRuns {
  private readonly chains = new Map<number, Promise<void>>();
  private readonly again = new Set<number>();

  /** `run(key)` now, or once more after the one in progress; `shouldGoOn` false stops repeating. */
  kick(key: number, run: (key: number) => Promise<void>, shouldGoOn: () => boolean): void {
    if (this.chains.has(key)) {
      this.again.add(key);
      return;
    }
    const chain = (async () => {
      do {
        this.again.delete(key);
        await run(key);
      } while (this.again.has(key) && shouldGoOn());
    })().finally(() => this.chains.delete(key));
    this.chains.set(key, chain);
  }

  /** Resolves when no job of this key is in progress. */
  async settled(key: number): Promise<void> {
    while (this.chains.has(key)) await this.chains.get(key);
  }

  /** Resolves when the jobs in progress now have ended (whatever their outcome). */
  async allSettled(): Promise<void> {
    await Promise.allSettled([...this.chains.values()]);
  }
}
