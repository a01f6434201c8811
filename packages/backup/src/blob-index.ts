// The in-memory blob index: where each blob lives (pack, offset, sealed length, plaintext length).
// Entries are twelve 32-bit words in one typed array (48 bytes a blob, no object per blob):
// words 0-7 the SHA-256 id, word 8 the pack number with the tree flag in the top bit, word 9 the
// offset, word 10 the sealed length, word 11 the plaintext length (0 = stored uncompressed).
// The main run is kept sorted by id for binary search; new entries land in a small unsorted tail
// (at most 4096 entries, found through a fixed 32 KiB hash table) that is sorted and merged
// into the main run when it fills.

export type BlobType = "data" | "tree";

export interface BlobLocation {
  pack: number;
  type: BlobType;
  offset: number;
  length: number;
  /** Plaintext length when stored compressed, 0 otherwise. */
  uncompressedLength: number;
}

const W = 12;
const TAIL_MAX = 4096;
const TREE_BIT = 0x80000000;

function idWords(id: Uint8Array): Uint32Array {
  const w = new Uint32Array(8);
  for (let i = 0; i < 8; i++) {
    const o = i * 4;
    w[i] = ((id[o]! << 24) | (id[o + 1]! << 16) | (id[o + 2]! << 8) | id[o + 3]!) >>> 0;
  }
  return w;
}

function cmp(a: Uint32Array, ai: number, b: Uint32Array, bi: number): number {
  for (let k = 0; k < 8; k++) {
    const x = a[ai + k]!;
    const y = b[bi + k]!;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

export class BlobIndex {
  private main = new Uint32Array(0);
  private mainCount = 0;
  private tail = new Uint32Array(W * 64);
  private tailCount = 0;
  // open addressing over the tail (slot = tail position + 1, 0 = empty), keyed by the id's first word
  private tailSlots = new Int32Array(2 * TAIL_MAX);
  /** Pack ids (hex), numbered in the order they were first seen. */
  readonly packs: string[] = [];
  private packNumbers = new Map<string, number>();

  get size(): number {
    return this.mainCount + this.tailCount;
  }

  /** Bytes held for blob entries (the typed arrays' capacity). */
  get bytes(): number {
    return this.main.byteLength + this.tail.byteLength + this.tailSlots.byteLength;
  }

  packNumber(packId: string): number {
    let n = this.packNumbers.get(packId);
    if (n === undefined) {
      n = this.packs.length;
      this.packs.push(packId);
      this.packNumbers.set(packId, n);
    }
    return n;
  }

  has(id: Uint8Array): boolean {
    return this.find(idWords(id)) >= 0 || this.findTail(idWords(id)) >= 0;
  }

  get(id: Uint8Array): BlobLocation | undefined {
    const w = idWords(id);
    let i = this.find(w);
    let arr = this.main;
    if (i < 0) {
      i = this.findTail(w);
      arr = this.tail;
      if (i < 0) return undefined;
    }
    return this.read(arr, i);
  }

  /** Adds a blob; an id already present keeps its first location. */
  add(id: Uint8Array, loc: BlobLocation): void {
    const w = idWords(id);
    if (this.find(w) >= 0 || this.findTail(w) >= 0) return;
    const o = this.tailCount * W;
    if (o + W > this.tail.length) {
      const grown = new Uint32Array(Math.min(this.tail.length * 2, W * TAIL_MAX));
      grown.set(this.tail);
      this.tail = grown;
    }
    this.tail.set(w, o);
    this.tail[o + 8] = (loc.pack | (loc.type === "tree" ? TREE_BIT : 0)) >>> 0;
    this.tail[o + 9] = loc.offset;
    this.tail[o + 10] = loc.length;
    this.tail[o + 11] = loc.uncompressedLength;
    this.slotTail(w, this.tailCount);
    this.tailCount++;
    if (this.tailCount === TAIL_MAX) this.merge();
  }

  /** Every entry: id (hex) and location. */
  *entries(): Generator<[string, BlobLocation]> {
    for (const [arr, count] of [
      [this.main, this.mainCount],
      [this.tail, this.tailCount],
    ] as const) {
      for (let i = 0; i < count; i++) {
        const o = i * W;
        let hex = "";
        for (let k = 0; k < 8; k++) hex += arr[o + k]!.toString(16).padStart(8, "0");
        yield [hex, this.read(arr, i)];
      }
    }
  }

  private read(arr: Uint32Array, i: number): BlobLocation {
    const o = i * W;
    const p = arr[o + 8]!;
    return {
      pack: p & ~TREE_BIT,
      type: p & TREE_BIT ? "tree" : "data",
      offset: arr[o + 9]!,
      length: arr[o + 10]!,
      uncompressedLength: arr[o + 11]!,
    };
  }

  private find(w: Uint32Array): number {
    let lo = 0;
    let hi = this.mainCount - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const c = cmp(this.main, mid * W, w, 0);
      if (c === 0) return mid;
      if (c < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  private findTail(w: Uint32Array): number {
    const mask = this.tailSlots.length - 1;
    for (let slot = w[0]! & mask; ; slot = (slot + 1) & mask) {
      const v = this.tailSlots[slot]!;
      if (v === 0) return -1;
      if (cmp(this.tail, (v - 1) * W, w, 0) === 0) return v - 1;
    }
  }

  private slotTail(w: Uint32Array, pos: number): void {
    const mask = this.tailSlots.length - 1;
    let slot = w[0]! & mask;
    while (this.tailSlots[slot] !== 0) slot = (slot + 1) & mask;
    this.tailSlots[slot] = pos + 1;
  }

  /** First main position at or after lo whose id is not below the id at arr[off]. */
  private lowerBound(arr: Uint32Array, off: number, lo: number): number {
    let l = lo;
    let h = this.mainCount;
    while (l < h) {
      const mid = (l + h) >>> 1;
      if (cmp(this.main, mid * W, arr, off) < 0) l = mid + 1;
      else h = mid;
    }
    return l;
  }

  // the tail, sorted, goes between runs of the main array that are copied in bulk
  private merge(): void {
    const order = Array.from({ length: this.tailCount }, (_, i) => i);
    order.sort((a, b) => cmp(this.tail, a * W, this.tail, b * W));
    const total = this.mainCount + this.tailCount;
    const out = new Uint32Array(total * W);
    let src = 0;
    let k = 0;
    for (const j of order) {
      const pos = this.lowerBound(this.tail, j * W, src);
      if (pos > src) {
        out.set(this.main.subarray(src * W, pos * W), k * W);
        k += pos - src;
        src = pos;
      }
      out.set(this.tail.subarray(j * W, j * W + W), k * W);
      k++;
    }
    if (src < this.mainCount) out.set(this.main.subarray(src * W, this.mainCount * W), k * W);
    this.main = out;
    this.mainCount = total;
    this.tailCount = 0;
    this.tailSlots.fill(0);
  }
}
