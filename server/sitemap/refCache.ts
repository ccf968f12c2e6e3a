/**
 * Values derived from content, kept for one content version only (docs/architecture.md "Content": the cache
 * key includes the master ref). Seeing a new ref drops everything of the old one, so a publish
 * invalidates the cache and memory stays bounded by one version's worth of entries (and by
 * `maxBytes` for the bodies).
 *
 * Entries are promises: a value still being computed is shared by every request that asks for
 * it meanwhile, and a failed computation is forgotten so the next request tries again.
 */
export interface RefCacheOptions<V> {
  /** Upper bound on the summed `sizeOf` of the kept values; a value that would pass it is not kept. */
  maxBytes?: number;
  sizeOf?: (value: V) => number;
}

export class RefCache<V> {
  #ref: string | null = null;
  #entries = new Map<string, Promise<V>>();
  #bytes = 0;
  readonly #maxBytes: number;
  readonly #sizeOf: (value: V) => number;

  constructor(options: RefCacheOptions<V> = {}) {
    this.#maxBytes = options.maxBytes ?? Infinity;
    this.#sizeOf = options.sizeOf ?? (() => 0);
  }

  /** The ref whose entries are kept. */
  get ref(): string | null {
    return this.#ref;
  }

  /** Records the current master ref; a different one than before drops every entry. */
  observe(ref: string): void {
    if (ref === this.#ref) return;
    this.#ref = ref;
    this.#entries.clear();
    this.#bytes = 0;
  }

  get(ref: string, key: string): Promise<V> | undefined {
    return ref === this.#ref ? this.#entries.get(key) : undefined;
  }

  /**
   * The entry for `key`, computing it with `compute` when absent. The promise is registered at
   * once, so concurrent callers share one computation. Values of an older ref are not kept.
   */
  getOrCompute(ref: string, key: string, compute: () => Promise<V>): Promise<V> {
    const existing = this.get(ref, key);
    if (existing !== undefined) return existing;
    const promise = compute();
    this.track(ref, key, promise);
    return promise;
  }

  /** Keeps `promise` under `key` while it runs and, if it succeeds and fits, afterwards. */
  track(ref: string, key: string, promise: Promise<V>): void {
    if (ref !== this.#ref) return;
    this.#entries.set(key, promise);
    promise.then(
      (value) => {
        if (this.#entries.get(key) !== promise) return;
        const size = this.#sizeOf(value);
        if (this.#bytes + size > this.#maxBytes) this.#entries.delete(key);
        else this.#bytes += size;
      },
      () => {
        if (this.#entries.get(key) === promise) this.#entries.delete(key);
      },
    );
  }
}
