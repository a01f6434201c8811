import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { initZstd, open, packBlob, poly1305Aes, seal } from "./codec.mjs";
import { isIrreducible53, randomIrreduciblePolynomial } from "./polynomial.js";
import { Chunker, MAX_CHUNK, MIN_CHUNK } from "./chunker.js";
import { BlobIndex } from "./blob-index.js";

const h = (s: string) => Buffer.from(s, "hex");

describe("Poly1305-AES", () => {
  // the published test vectors of the Poly1305-AES paper: message, r, k, nonce, tag
  const vectors = [
    [
      "f3f6",
      "851fc40c3467ac0be05cc20404f3f700",
      "ec074c835580741701425b623235add6",
      "fb447350c4e868c52ac3275cf9d4327e",
      "f4c633c3044fc145f84f335cb81953de",
    ],
    [
      "",
      "a0f3080000f46400d0c7e9076c834403",
      "75deaa25c09f208e1dc4ce6b5cad3fbf",
      "61ee09218d29b0aaed7e154a2c5509cc",
      "dd3fab2251f11ac759f0887129cc2ee7",
    ],
    [
      "663cea190ffb83d89593f3f476b6bc24d7e679107ea26adb8caf6652d0656136",
      "48443d0bb0d21109c89a100b5ce2c208",
      "6acb5f61a7176dd320c5c1eb2edcdc74",
      "ae212a55399729595dea458bc621ff0e",
      "0ee1c16bb73f0f4fd19881753c01cdbe",
    ],
    [
      "ab0812724a7f1e342742cbed374d94d136c6b8795d45b3819830f2c04491faf0990c62e48b8018b2c3e4a0fa3134cb67fa83e158c994d961c4cb21095c1bf9",
      "12976a08c4426d0ce8a82407c4f48207",
      "e1a5668a4d5b66a5f68cc5424ed5982d",
      "9ae831e743978d3a23527c7128149e3a",
      "5154ad0d2cb26e01274fc51148491f1b",
    ],
  ] as const;
  it.each(vectors)("matches the published tag for a %s-byte message", (msg, r, k, nonce, tag) => {
    expect(poly1305Aes(h(msg), h(k), h(r), h(nonce)).toString("hex")).toBe(tag);
  });

  it("agrees with a plain big-number evaluation on random messages of every tail length", () => {
    const p = (1n << 130n) - 5n;
    const le = (b: Uint8Array) => b.reduceRight((acc, x) => (acc << 8n) | BigInt(x), 0n);
    for (let len = 0; len < 70; len++) {
      const msg = crypto.randomBytes(len);
      const r = crypto.randomBytes(16);
      const k = crypto.randomBytes(16);
      const nonce = crypto.randomBytes(16);
      const rc = Buffer.from(r);
      for (const i of [3, 7, 11, 15]) rc[i]! &= 15;
      for (const i of [4, 8, 12]) rc[i]! &= 252;
      const rv = le(rc);
      let acc = 0n;
      for (let i = 0; i < len; i += 16) {
        const block = msg.subarray(i, Math.min(len, i + 16));
        acc = ((acc + le(block) + (1n << BigInt(8 * block.length))) * rv) % p;
      }
      const c = crypto.createCipheriv("aes-128-ecb", k, null);
      c.setAutoPadding(false);
      const s = le(Buffer.concat([c.update(nonce), c.final()]));
      let tag = (acc + s) & ((1n << 128n) - 1n);
      const want = Buffer.alloc(16);
      for (let i = 0; i < 16; i++, tag >>= 8n) want[i] = Number(tag & 0xffn);
      expect(poly1305Aes(msg, k, r, nonce).toString("hex")).toBe(want.toString("hex"));
    }
  });
});

describe("sealing", () => {
  const key = { encrypt: crypto.randomBytes(32), macK: crypto.randomBytes(16), macR: crypto.randomBytes(16) };
  it("round-trips and costs 32 bytes", () => {
    const data = crypto.randomBytes(100_001);
    const sealed = seal(key, data);
    expect(sealed.length).toBe(data.length + 32);
    expect(open(key, sealed).equals(data)).toBe(true);
  });
  it("refuses a flipped bit anywhere", () => {
    const sealed = seal(key, Buffer.from("the quick brown fox"));
    for (const pos of [0, 16, sealed.length - 1]) {
      const bad = Buffer.from(sealed);
      bad[pos]! ^= 1;
      expect(() => open(key, bad)).toThrow(/verification failed/);
    }
  });
});

describe("blob compression", () => {
  const key = { encrypt: crypto.randomBytes(32), macK: crypto.randomBytes(16), macR: crypto.randomBytes(16) };
  it("compresses what shrinks and stores incompressible data as it is", async () => {
    await initZstd();
    const text = Buffer.from("backup engine ".repeat(80_000));
    const packed = packBlob(key, text, true);
    expect(packed.compressed).toBe(true);
    expect(packed.sealed.length).toBeLessThan(text.length / 10);
    const noise = crypto.randomBytes(1024 * 1024);
    const raw = packBlob(key, noise, true);
    expect(raw.compressed).toBe(false);
    expect(open(key, raw.sealed).equals(noise)).toBe(true);
  });
});

describe("chunker polynomial", () => {
  it("recognises irreducible degree-53 polynomials", () => {
    // the example polynomial of a restic config, and a product of two smaller factors
    expect(isIrreducible53(0x25b468838dcb75n)).toBe(true);
    expect(isIrreducible53(0x25b468838dcb74n)).toBe(false);
    const f = randomIrreduciblePolynomial();
    expect(f >> 53n).toBe(1n);
    expect(isIrreducible53(f)).toBe(true);
  });
});

function chunks(c: Chunker, data: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let s = 0;
  while (s < data.length) {
    const n = c.next(data, s, data.length, true);
    out.push(data.subarray(s, s + n));
    s += n;
  }
  return out;
}

describe("content-defined chunking", () => {
  const key = crypto.randomBytes(32);
  const data = crypto.randomBytes(24 * 1024 * 1024);
  it("cuts between the minimum and maximum size, about 1 MiB on average", () => {
    const list = chunks(new Chunker(key), data);
    for (const c of list.slice(0, -1)) {
      expect(c.length).toBeGreaterThanOrEqual(MIN_CHUNK);
      expect(c.length).toBeLessThanOrEqual(MAX_CHUNK);
    }
    const avg = data.length / list.length;
    expect(avg).toBeGreaterThan(600 * 1024);
    expect(avg).toBeLessThan(2 * 1024 * 1024);
  });
  it("re-finds the same chunks after an insertion near the start", () => {
    const c = new Chunker(key);
    const before = new Set(chunks(c, data).map((b) => crypto.createHash("sha256").update(b).digest("hex")));
    const edited = Buffer.concat([
      data.subarray(0, 1000),
      Buffer.from("inserted bytes"),
      data.subarray(1000),
    ]);
    const after = chunks(c, edited).map((b) => crypto.createHash("sha256").update(b).digest("hex"));
    const shared = after.filter((x) => before.has(x)).length;
    expect(shared).toBeGreaterThanOrEqual(after.length - 2);
  });
  it("cuts elsewhere under another repository's key", () => {
    const a = chunks(new Chunker(key), data).map((b) => b.length);
    const b = chunks(new Chunker(crypto.randomBytes(32)), data).map((x) => x.length);
    expect(a).not.toEqual(b);
  });
});

describe("blob index", () => {
  it("finds every blob among many and keeps 48 bytes per blob", () => {
    const idx = new BlobIndex();
    const ids: Buffer[] = [];
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const id = crypto.createHash("sha256").update(String(i)).digest();
      ids.push(id);
      idx.add(id, {
        pack: i % 300,
        type: i % 7 === 0 ? "tree" : "data",
        offset: i * 10,
        length: i + 1,
        uncompressedLength: i * 2,
      });
    }
    expect(idx.size).toBe(n);
    for (let i = 0; i < n; i += 97) {
      const loc = idx.get(ids[i]!);
      expect(loc).toEqual({
        pack: i % 300,
        type: i % 7 === 0 ? "tree" : "data",
        offset: i * 10,
        length: i + 1,
        uncompressedLength: i * 2,
      });
    }
    expect(idx.has(crypto.randomBytes(32))).toBe(false);
    // entries take 48 bytes, plus the unsorted tail of at most 4096 entries and its hash table
    expect(idx.bytes).toBeLessThanOrEqual(48 * n + 48 * 4096 + 4 * 8192);
    expect([...idx.entries()].length).toBe(n);
  });
});
