/** A small in-process LRU bounded by total size. Keys must carry a version, so stale entries are never hit. */
export class SizedCache<V> {
  private readonly entries = new Map<string, { value: V; size: number }>();
  private bytes = 0;
  constructor(
    private readonly maxBytes: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry?.value;
  }

  set(key: string, value: V): void {
    const size = this.sizeOf(value);
    if (size > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.size;
    }
    this.entries.set(key, { value, size });
    this.bytes += size;
    for (const [k, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= entry.size;
    }
  }
}
