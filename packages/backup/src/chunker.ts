// Content-defined chunking: a rolling hash over a 64-byte window (a table-driven cyclic
// polynomial hash whose table is derived from the repository's key, so cut points cannot be
// predicted without it) cuts where the hash's low bits are all zero. Chunks are at least 512 KiB
// and at most 8 MiB, 1 MiB on average; a file below the minimum is a single chunk. Inserting or
// removing bytes only changes the chunks around the edit, which is what deduplicates revisions.
import crypto from "node:crypto";

export const MIN_CHUNK = 512 * 1024;
export const MAX_CHUNK = 8 * 1024 * 1024;
const WINDOW = 64;
const SPLIT_MASK = (1 << 19) - 1;

export interface ChunkerParams {
  min?: number;
  max?: number;
  /** Low-bit mask of the cut condition; its bit count sets the average above the minimum. */
  mask?: number;
}

export class Chunker {
  private readonly table = new Int32Array(256);
  readonly min: number;
  readonly max: number;
  private readonly mask: number;

  constructor(key: Uint8Array, params: ChunkerParams = {}) {
    const stream = crypto.createCipheriv("aes-256-ctr", Buffer.from(key).subarray(0, 32), Buffer.alloc(16));
    const bytes = stream.update(Buffer.alloc(1024));
    for (let i = 0; i < 256; i++) this.table[i] = bytes.readInt32LE(i * 4);
    this.min = params.min ?? MIN_CHUNK;
    this.max = params.max ?? MAX_CHUNK;
    this.mask = params.mask ?? SPLIT_MASK;
  }

  /**
   * The length of the next chunk of buf[start, end). Needs at least max bytes after start unless
   * eof; returns -1 when more data is needed to decide.
   */
  next(buf: Uint8Array, start: number, end: number, eof: boolean): number {
    const avail = end - start;
    if (avail <= this.min) return eof || avail === this.max ? avail : -1;
    const limit = Math.min(end, start + this.max);
    if (!eof && limit < start + this.max) return -1;
    const t = this.table;
    const mask = this.mask;
    let h = 0;
    let i = start + this.min - WINDOW;
    const warm = start + this.min;
    for (; i < warm; i++) h = ((h << 1) | (h >>> 31)) ^ t[buf[i]!]!;
    for (; i < limit; i++) {
      h = ((h << 1) | (h >>> 31)) ^ t[buf[i - WINDOW]!]! ^ t[buf[i]!]!;
      if ((h & mask) === 0) return i + 1 - start;
    }
    return limit - start;
  }
}

/**
 * Splits a readable file into chunks. Yields each chunk's bytes (a copy the caller owns).
 * fixedSize switches to fixed blocks (image plans). scratch, when given, is the read buffer
 * (reused across files read one after another).
 */
export async function* chunkFile(
  fh: { read(buf: Buffer, off: number, len: number, pos: number | null): Promise<{ bytesRead: number }> },
  chunker: Chunker | null,
  fixedSize = 1024 * 1024,
  scratch?: Buffer,
): AsyncGenerator<Buffer> {
  const max = chunker ? chunker.max : fixedSize;
  const buf =
    scratch && scratch.length >= 2 * max ? scratch : Buffer.allocUnsafe(Math.max(2 * max, 16 * 1024 * 1024));
  const cap = buf.length;
  let start = 0;
  let end = 0;
  let eof = false;
  for (;;) {
    if (!eof && end - start < max) {
      if (start > 0) {
        buf.copy(buf, 0, start, end);
        end -= start;
        start = 0;
      }
      while (!eof && end < cap) {
        const { bytesRead } = await fh.read(buf, end, cap - end, null);
        if (bytesRead === 0) eof = true;
        end += bytesRead;
      }
    }
    if (start === end && eof) return;
    let n: number;
    if (chunker) {
      n = chunker.next(buf, start, end, eof);
      if (n < 0) throw new Error("chunker asked for more data at the end of its buffer");
    } else n = Math.min(fixedSize, end - start);
    yield Buffer.from(buf.subarray(start, start + n));
    start += n;
    if (start === end && eof) return;
    if (start === end) {
      start = 0;
      end = 0;
    }
  }
}
