// A small pool of blob workers (hash, compress, seal). Jobs go to the least busy worker; results
// come back as promises, so a caller can keep many blobs in flight and still consume them in order.
import { Worker } from "node:worker_threads";
import os from "node:os";
import type { MasterKey } from "./repository.js";

export interface SealedBlob {
  id: Buffer;
  sealed: Buffer;
  compressed: boolean;
  plainLength: number;
}

interface Pending {
  resolve(v: SealedBlob | Buffer): void;
  reject(e: Error): void;
}

interface Slot {
  worker: Worker;
  busy: number;
  ready: Promise<void>;
}

export class BlobPool {
  private slots: Slot[] = [];
  private pending = new Map<number, Pending>();
  private nextJob = 1;
  private failed: Error | null = null;

  constructor(key: MasterKey, size = Math.max(1, Math.min(4, os.availableParallelism()))) {
    const url = new URL("./blob-worker.mjs", import.meta.url);
    for (let i = 0; i < size; i++) {
      const worker = new Worker(url, {
        workerData: {
          encrypt: Buffer.from(key.encrypt),
          macK: Buffer.from(key.macK),
          macR: Buffer.from(key.macR),
        },
      });
      const slot: Slot = {
        worker,
        busy: 0,
        ready: new Promise((resolve) => {
          const onReady = (m: { ready?: boolean }) => {
            if (m.ready) {
              worker.off("message", onReady);
              resolve();
            }
          };
          worker.on("message", onReady);
        }),
      };
      worker.on(
        "message",
        (m: {
          job?: number;
          error?: string;
          id?: Uint8Array;
          sealed?: Uint8Array;
          compressed?: boolean;
          plainLength?: number;
          plain?: Uint8Array;
        }) => {
          if (m.job === undefined) return;
          const p = this.pending.get(m.job);
          if (!p) return;
          this.pending.delete(m.job);
          slot.busy--;
          if (m.error !== undefined) p.reject(new Error(m.error));
          else if (m.plain) p.resolve(Buffer.from(m.plain.buffer, m.plain.byteOffset, m.plain.byteLength));
          else
            p.resolve({
              id: Buffer.from(m.id!.buffer, m.id!.byteOffset, m.id!.byteLength),
              sealed: Buffer.from(m.sealed!.buffer, m.sealed!.byteOffset, m.sealed!.byteLength),
              compressed: m.compressed!,
              plainLength: m.plainLength!,
            });
        },
      );
      worker.on("error", (err) => {
        this.failed = err;
        for (const p of this.pending.values()) p.reject(err);
        this.pending.clear();
      });
      this.slots.push(slot);
    }
  }

  get size(): number {
    return this.slots.length;
  }

  get inFlight(): number {
    return this.pending.size;
  }

  process(data: Buffer, compress: boolean): Promise<SealedBlob> {
    return this.send({ data, compress }) as Promise<SealedBlob>;
  }

  /** Verifies, decrypts and decompresses a blob read from a pack; rejects when it does not match its id. */
  unpack(sealed: Buffer, uncompressedLength: number, id: Uint8Array): Promise<Buffer> {
    return this.send({ op: "unpack", data: sealed, uncompressedLength, id }) as Promise<Buffer>;
  }

  private async send(msg: { data: Buffer } & Record<string, unknown>): Promise<SealedBlob | Buffer> {
    if (this.failed) throw this.failed;
    let slot = this.slots[0]!;
    for (const s of this.slots) if (s.busy < slot.busy) slot = s;
    slot.busy++;
    await slot.ready;
    const job = this.nextJob++;
    const result = new Promise<SealedBlob | Buffer>((resolve, reject) =>
      this.pending.set(job, { resolve, reject }),
    );
    const data = msg.data;
    const own = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength;
    slot.worker.postMessage({ ...msg, job }, own ? [data.buffer as ArrayBuffer] : []);
    return result;
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
    this.slots = [];
  }
}
