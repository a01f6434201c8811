// A repository in restic's format, version 2, on a local folder: config and key files, packs of
// sealed blobs with an encrypted header at the end, index files, snapshots. Every file except
// the config is named by the SHA-256 of its bytes and written atomically.
import fs, { type FileHandle } from "node:fs/promises";
import path from "node:path";
import os from "node:os";
import crypto from "node:crypto";
import { compress, decompress, initZstd, open, seal, sha256, OVERHEAD } from "./codec.mjs";
import { BlobIndex, type BlobLocation, type BlobType } from "./blob-index.js";
import { exists, writeAtomic } from "./fsutil.js";
import { randomIrreduciblePolynomial } from "./polynomial.js";

export interface MasterKey {
  encrypt: Buffer;
  macK: Buffer;
  macR: Buffer;
}

export interface RepoConfig {
  version: number;
  id: string;
  chunker_polynomial: string;
}

export type FileType = "snapshots" | "index" | "keys" | "locks";

export interface PackBlob {
  id: Buffer;
  type: BlobType;
  offset: number;
  length: number;
  uncompressedLength: number;
}

export interface IndexJson {
  supersedes?: string[];
  packs: {
    id: string;
    blobs: { id: string; type: BlobType; offset: number; length: number; uncompressed_length?: number }[];
  }[];
}

export interface InitOptions {
  /** scrypt cost for the password's key file (a power of two). */
  scryptN?: number;
  hostname?: string;
  username?: string;
}

const SCRYPT_R = 8;
const SCRYPT_P = 1;

function scrypt(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    crypto.scrypt(password, salt, 64, { N, r, p, maxmem: 256 * 1024 * 1024 + 256 * N * r }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

function keyFromBytes(b: Buffer): MasterKey {
  return { encrypt: b.subarray(0, 32), macK: b.subarray(32, 48), macR: b.subarray(48, 64) };
}

export function hex(b: Uint8Array): string {
  return Buffer.from(b).toString("hex");
}

export class Repository {
  readonly index = new BlobIndex();
  /** Index files whose packs are in the in-memory index. */
  readonly indexFiles = new Set<string>();

  private constructor(
    readonly root: string,
    readonly key: MasterKey,
    readonly config: RepoConfig,
  ) {}

  static async init(root: string, password: string, opts: InitOptions = {}): Promise<Repository> {
    await initZstd();
    if (await exists(path.join(root, "config"))) throw new Error(`a repository already exists at ${root}`);
    await fs.mkdir(root, { recursive: true });
    for (const d of ["keys", "snapshots", "index", "locks", "tmp"])
      await fs.mkdir(path.join(root, d), { recursive: true });
    for (let i = 0; i < 256; i++)
      await fs.mkdir(path.join(root, "data", i.toString(16).padStart(2, "0")), { recursive: true });
    const master = keyFromBytes(crypto.randomBytes(64));
    const config: RepoConfig = {
      version: 2,
      id: crypto.randomBytes(32).toString("hex"),
      chunker_polynomial: randomIrreduciblePolynomial().toString(16),
    };
    const repo = new Repository(root, master, config);
    await repo.addKey(password, opts);
    await writeAtomic(
      path.join(root, "tmp"),
      path.join(root, "config"),
      seal(master, Buffer.from(JSON.stringify(config))),
    );
    return repo;
  }

  static async open(root: string, password: string): Promise<Repository> {
    await initZstd();
    const keyDir = path.join(root, "keys");
    const names = await fs.readdir(keyDir);
    let master: MasterKey | undefined;
    for (const name of names) {
      const kf = JSON.parse(await fs.readFile(path.join(keyDir, name), "utf8")) as {
        kdf: string;
        N: number;
        r: number;
        p: number;
        salt: string;
        data: string;
      };
      if (kf.kdf !== "scrypt") continue;
      const user = keyFromBytes(await scrypt(password, Buffer.from(kf.salt, "base64"), kf.N, kf.r, kf.p));
      try {
        const plain = open(user, Buffer.from(kf.data, "base64"));
        const mk = JSON.parse(plain.toString("utf8")) as { mac: { k: string; r: string }; encrypt: string };
        master = {
          encrypt: Buffer.from(mk.encrypt, "base64"),
          macK: Buffer.from(mk.mac.k, "base64"),
          macR: Buffer.from(mk.mac.r, "base64"),
        };
        break;
      } catch {
        // another password's key file
      }
    }
    if (!master) throw new Error("wrong password or no key file for it");
    const config = JSON.parse(
      open(master, await fs.readFile(path.join(root, "config"))).toString("utf8"),
    ) as RepoConfig;
    if (config.version !== 1 && config.version !== 2)
      throw new Error(`unsupported repository version ${config.version}`);
    await fs.mkdir(path.join(root, "tmp"), { recursive: true });
    return new Repository(root, master, config);
  }

  /** Adds a key file that opens the repository with this password. */
  async addKey(password: string, opts: InitOptions = {}): Promise<string> {
    const N = opts.scryptN ?? 1 << 15;
    const salt = crypto.randomBytes(64);
    const user = keyFromBytes(await scrypt(password, salt, N, SCRYPT_R, SCRYPT_P));
    const mk = JSON.stringify({
      mac: { k: this.key.macK.toString("base64"), r: this.key.macR.toString("base64") },
      encrypt: this.key.encrypt.toString("base64"),
    });
    const file = Buffer.from(
      JSON.stringify({
        created: new Date().toISOString(),
        username: opts.username ?? os.userInfo().username,
        hostname: opts.hostname ?? os.hostname(),
        kdf: "scrypt",
        N,
        r: SCRYPT_R,
        p: SCRYPT_P,
        salt: salt.toString("base64"),
        data: seal(user, Buffer.from(mk)).toString("base64"),
      }),
    );
    const id = hex(sha256(file));
    await writeAtomic(this.tmpDir, path.join(this.root, "keys", id), file);
    return id;
  }

  get tmpDir(): string {
    return path.join(this.root, "tmp");
  }

  /** The keyed material for the chunker: stable for this repository, unknown without its key. */
  chunkerKey(): Buffer {
    return crypto
      .createHmac("sha256", this.key.macK)
      .update(this.config.id)
      .update(this.config.chunker_polynomial)
      .digest();
  }

  packPath(id: string): string {
    return path.join(this.root, "data", id.slice(0, 2), id);
  }

  filePath(type: FileType, id: string): string {
    return path.join(this.root, type, id);
  }

  async list(type: FileType): Promise<string[]> {
    try {
      return (await fs.readdir(path.join(this.root, type))).filter((n) => /^[0-9a-f]{64}$/.test(n));
    } catch {
      return [];
    }
  }

  /** Every pack file with its size. */
  async listPacks(): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    const dataDir = path.join(this.root, "data");
    for (const sub of await fs.readdir(dataDir).catch(() => [] as string[])) {
      const dir = path.join(dataDir, sub);
      for (const n of await fs.readdir(dir).catch(() => [] as string[])) {
        if (!/^[0-9a-f]{64}$/.test(n)) continue;
        out.set(n, (await fs.stat(path.join(dir, n))).size);
      }
    }
    return out;
  }

  /** Writes an unpacked file (index, snapshot, lock): compressed JSON, sealed, named by its hash. */
  async saveJson(type: FileType, value: unknown): Promise<string> {
    const json = Buffer.from(JSON.stringify(value));
    const plain = this.config.version >= 2 ? Buffer.concat([Buffer.from([2]), compress(json)]) : json;
    const sealed = seal(this.key, plain);
    const id = hex(sha256(sealed));
    await writeAtomic(this.tmpDir, this.filePath(type, id), sealed);
    return id;
  }

  async loadJson<T>(type: FileType, id: string): Promise<T> {
    const raw = await fs.readFile(this.filePath(type, id));
    if (hex(sha256(raw)) !== id) throw new Error(`${type}/${id}: content does not match its name`);
    const plain = open(this.key, raw);
    return JSON.parse(this.decodeUnpacked(plain).toString("utf8")) as T;
  }

  private decodeUnpacked(plain: Buffer): Buffer {
    const first = plain[0];
    if (first === 0x5b || first === 0x7b) return plain;
    if (first === 2) return decompress(plain.subarray(1));
    throw new Error(`unknown encoding version ${first}`);
  }

  /** Loads every index file into the in-memory index. */
  async loadIndex(): Promise<void> {
    for (const id of await this.list("index")) {
      if (this.indexFiles.has(id)) continue;
      const idx = await this.loadJson<IndexJson>("index", id);
      this.addIndexJson(idx);
      this.indexFiles.add(id);
    }
  }

  addIndexJson(idx: IndexJson): void {
    for (const p of idx.packs) {
      const n = this.index.packNumber(p.id);
      for (const b of p.blobs) {
        this.index.add(Buffer.from(b.id, "hex"), {
          pack: n,
          type: b.type,
          offset: b.offset,
          length: b.length,
          uncompressedLength: b.uncompressed_length ?? 0,
        });
      }
    }
  }

  /** Writes a pack of already sealed blobs (one type) and returns its id and header entries. */
  async writePack(
    blobs: { id: Buffer; type: BlobType; sealed: Buffer; compressed: boolean; plainLength: number }[],
  ): Promise<{ id: string; blobs: PackBlob[]; size: number }> {
    const entries: PackBlob[] = [];
    const parts: Buffer[] = [];
    const headerParts: Buffer[] = [];
    let offset = 0;
    for (const b of blobs) {
      const typeByte = (b.type === "tree" ? 1 : 0) | (b.compressed ? 2 : 0);
      const e = Buffer.alloc(b.compressed ? 41 : 37);
      e[0] = typeByte;
      e.writeUInt32LE(b.sealed.length, 1);
      if (b.compressed) {
        e.writeUInt32LE(b.plainLength, 5);
        b.id.copy(e, 9);
      } else b.id.copy(e, 5);
      headerParts.push(e);
      parts.push(b.sealed);
      entries.push({
        id: b.id,
        type: b.type,
        offset,
        length: b.sealed.length,
        uncompressedLength: b.compressed ? b.plainLength : 0,
      });
      offset += b.sealed.length;
    }
    const header = seal(this.key, Buffer.concat(headerParts));
    const len = Buffer.alloc(4);
    len.writeUInt32LE(header.length, 0);
    parts.push(header, len);
    const h = crypto.createHash("sha256");
    for (const p of parts) h.update(p);
    const id = h.digest("hex");
    const target = this.packPath(id);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await writeAtomic(this.tmpDir, target, parts);
    return { id, blobs: entries, size: offset + header.length + 4 };
  }

  /** Reads and decrypts a pack's header: the blobs it holds, in order. */
  async readPackHeader(packId: string, whole?: Buffer): Promise<PackBlob[]> {
    const buf = whole;
    if (!buf) {
      const fh = await fs.open(this.packPath(packId), "r");
      try {
        const { size } = await fh.stat();
        const tail = Buffer.alloc(4);
        await fh.read(tail, 0, 4, size - 4);
        const hl = tail.readUInt32LE(0);
        if (hl + 4 > size) throw new Error(`pack ${packId}: header length ${hl} beyond the file`);
        const header = Buffer.alloc(hl);
        await fh.read(header, 0, hl, size - 4 - hl);
        return this.parseHeader(packId, header);
      } finally {
        await fh.close();
      }
    }
    const hl = buf.readUInt32LE(buf.length - 4);
    if (hl + 4 > buf.length) throw new Error(`pack ${packId}: header length ${hl} beyond the file`);
    return this.parseHeader(packId, buf.subarray(buf.length - 4 - hl, buf.length - 4));
  }

  private parseHeader(packId: string, sealedHeader: Buffer): PackBlob[] {
    const h = open(this.key, sealedHeader);
    const out: PackBlob[] = [];
    let pos = 0;
    let offset = 0;
    while (pos < h.length) {
      const t = h[pos]!;
      if (t > 3) throw new Error(`pack ${packId}: invalid blob type ${t}`);
      const length = h.readUInt32LE(pos + 1);
      const compressed = (t & 2) !== 0;
      const uncompressedLength = compressed ? h.readUInt32LE(pos + 5) : 0;
      const idStart = pos + (compressed ? 9 : 5);
      out.push({
        id: Buffer.from(h.subarray(idStart, idStart + 32)),
        type: t & 1 ? "tree" : "data",
        offset,
        length,
        uncompressedLength,
      });
      offset += length;
      pos = idStart + 32;
    }
    return out;
  }

  /** Decrypts (and decompresses) one blob's bytes as stored in a pack. */
  decodeBlob(sealed: Buffer, loc: { uncompressedLength: number }): Buffer {
    const plain = open(this.key, sealed);
    return loc.uncompressedLength > 0 ? decompress(plain, loc.uncompressedLength) : plain;
  }

  async readBlob(id: Uint8Array, verify = true): Promise<Buffer> {
    const loc = this.index.get(id);
    if (!loc) throw new Error(`blob ${hex(id)} is not in the index`);
    const data = await this.readAt(this.index.packs[loc.pack]!, loc);
    if (verify && !sha256(data).equals(Buffer.from(id)))
      throw new Error(`blob ${hex(id)}: content does not match its id`);
    return data;
  }

  /** A blob's sealed bytes as stored, with its location. */
  async readSealed(id: Uint8Array): Promise<{ sealed: Buffer; loc: BlobLocation }> {
    const loc = this.index.get(id);
    if (!loc) throw new Error(`blob ${hex(id)} is not in the index`);
    const packId = this.index.packs[loc.pack]!;
    const fh = await this.handle(packId);
    const sealed = Buffer.alloc(loc.length);
    const { bytesRead } = await fh.read(sealed, 0, loc.length, loc.offset);
    if (bytesRead !== loc.length) throw new Error(`pack ${packId}: short read`);
    return { sealed, loc };
  }

  async readAt(
    packId: string,
    loc: Pick<BlobLocation, "offset" | "length" | "uncompressedLength">,
  ): Promise<Buffer> {
    const fh = await this.handle(packId);
    const buf = Buffer.alloc(loc.length);
    const { bytesRead } = await fh.read(buf, 0, loc.length, loc.offset);
    if (bytesRead !== loc.length) throw new Error(`pack ${packId}: short read`);
    return this.decodeBlob(buf, loc);
  }

  // a few packs stay open between reads: a file's blobs mostly sit in the same pack
  private handles = new Map<string, Promise<FileHandle>>();

  private handle(packId: string): Promise<FileHandle> {
    let h = this.handles.get(packId);
    if (h) {
      this.handles.delete(packId);
      this.handles.set(packId, h);
      return h;
    }
    h = fs.open(this.packPath(packId), "r");
    h.catch(() => this.handles.delete(packId));
    this.handles.set(packId, h);
    if (this.handles.size > 8) {
      const [oldest, oh] = this.handles.entries().next().value as [string, Promise<FileHandle>];
      this.handles.delete(oldest);
      void oh.then((x) => x.close()).catch(() => undefined);
    }
    return h;
  }

  /** Closes the pack files kept open for reading. */
  async close(): Promise<void> {
    const all = [...this.handles.values()];
    this.handles.clear();
    await Promise.all(all.map((h) => h.then((x) => x.close()).catch(() => undefined)));
  }

  /** Removes leftovers of interrupted writes (temporary files), all or those older than olderThanMs. */
  async cleanTmp(olderThanMs = 0): Promise<void> {
    for (const n of await fs.readdir(this.tmpDir).catch(() => [] as string[])) {
      const p = path.join(this.tmpDir, n);
      if (olderThanMs > 0) {
        const st = await fs.stat(p).catch(() => null);
        if (!st || Date.now() - st.mtimeMs < olderThanMs) continue;
      }
      await fs.rm(p, { force: true });
    }
  }
}

export const SEAL_OVERHEAD = OVERHEAD;
