/**
 * Queue placements of one process, one transaction at a time: the requests that arrive while one
 * runs are placed together in the next. In a rush of submits the machine's queue lock is then
 * taken once per batch instead of once per request, and the queue is read once per batch.
 */
export class PlacementBatches<Result> {
  readonly #place: (requestIds: number[] | undefined) => Promise<Result>;
  #next: Batch<Result> | null = null;
  #running: Promise<unknown> | null = null;

  /** `place`: places these requests (undefined: every one waiting to be placed). */
  constructor(place: (requestIds: number[] | undefined) => Promise<Result>) {
    this.#place = place;
  }

  /** Resolves with the result of the batch these requests were placed in. */
  place(requestIds?: number[]): Promise<Result> {
    const batch = (this.#next ??= newBatch<Result>());
    if (requestIds) for (const id of requestIds) batch.ids.add(id);
    else batch.all = true;
    this.#drain();
    return batch.done;
  }

  /** Resolves once the placements asked for so far are done (placed or failed). */
  async settled(): Promise<void> {
    const last = this.#next?.done ?? this.#running;
    await last?.catch(() => undefined);
  }

  #drain(): void {
    const batch = this.#next;
    if (this.#running || !batch) return;
    this.#next = null;
    this.#running = batch.done;
    this.#place(batch.all ? undefined : [...batch.ids])
      .then(batch.resolve, batch.reject)
      .finally(() => {
        this.#running = null;
        this.#drain();
      });
  }
}

interface Batch<Result> {
  all: boolean;
  ids: Set<number>;
  done: Promise<Result>;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

function newBatch<Result>(): Batch<Result> {
  let resolve: Batch<Result>['resolve'] = () => {};
  let reject: Batch<Result>['reject'] = () => {};
  const done = new Promise<Result>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { all: false, ids: new Set(), done, resolve, reject };
}
