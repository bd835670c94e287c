/**
 * A bounded memory of answers by key: the newest `max` are kept, the oldest forgotten first. `processing.ts` keeps
 * the too-large answers on stored files here, so asking again for work that failed answers at once.
 */
export class Remembered<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly max: number) {}

  get(key: string): T | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }
}
