import os from 'node:os';

/** Slots an attempt holds, and the machine's CPUs they pin it to. */
export interface HeldCpus {
  slots: number[];
  cpuList: number[];
}

/**
 * The executor's CPU slots, by index: an attempt holds particular slots while it runs and
 * is pinned to the machine's CPUs they stand for (slot modulo the CPUs of this machine),
 * so a task that was given one CPU cannot take the whole machine.
 */
export class CpuSlots {
  private readonly available: Set<number>;
  private readonly machine: number;

  constructor(total: number, machine = os.availableParallelism()) {
    this.available = new Set(Array.from({ length: total }, (_, index) => index));
    this.machine = Math.max(1, machine);
  }

  get free(): number {
    return this.available.size;
  }

  /** the lowest `count` free slots (the caller checked `free`) */
  take(count: number): HeldCpus {
    const slots = [...this.available].sort((a, b) => a - b).slice(0, count);
    for (const slot of slots) this.available.delete(slot);
    return { slots, cpuList: [...new Set(slots.map((slot) => slot % this.machine))].sort((a, b) => a - b) };
  }

  give(held: HeldCpus | undefined): void {
    for (const slot of held?.slots ?? []) this.available.add(slot);
  }
}
