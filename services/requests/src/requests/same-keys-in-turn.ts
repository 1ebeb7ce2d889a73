/**
 * Runs work items that share a key one after the other, in the order they came, in this process;
 * items without a key in common run at once. Nothing is held while an item waits its turn.
 */
export class SameKeysInTurn {
  readonly #last = new Map<string, Promise<void>>();

  async run<T>(keys: readonly string[], work: () => Promise<T>): Promise<T> {
    const earlier = [...new Set(keys)].flatMap((key) => this.#last.get(key) ?? []);
    let done = (): void => {};
    const turn = new Promise<void>((resolve) => (done = resolve));
    for (const key of keys) this.#last.set(key, turn);
    try {
      await Promise.all(earlier);
      return await work();
    } finally {
      done();
      for (const key of keys) if (this.#last.get(key) === turn) this.#last.delete(key);
    }
  }
}
