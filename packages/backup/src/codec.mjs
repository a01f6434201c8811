// The repository's cipher suite and compression, in plain JavaScript so that the blob workers
// (which run outside any TypeScript loader) and the engine share one implementation:
// AES-256-CTR encryption authenticated by Poly1305-AES over the ciphertext, the random 16-byte
// IV doubling as the MAC nonce, laid out as IV || ciphertext || MAC; zstd for blobs and
// unpacked files (level 1: in this wasm build higher levels cost several times the time for little gain).
import crypto from "node:crypto";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

export const IV_SIZE = 16;
export const MAC_SIZE = 16;
export const OVERHEAD = IV_SIZE + MAC_SIZE;

const P = (1n << 130n) - 5n;
const MOD128 = (1n << 128n) - 1n;

/** Poly1305 key clamping: r gets its top four bits of every fourth byte and low two bits of bytes 4, 8, 12 cleared. */
function clampR(r) {
  const c = Buffer.from(r);
  c[3] &= 15;
  c[7] &= 15;
  c[11] &= 15;
  c[15] &= 15;
  c[4] &= 252;
  c[8] &= 252;
  c[12] &= 252;
  return c;
}

/** Splits a little-endian 16-byte number into six 22-bit limbs. */
function toLimbs(bytes, out) {
  for (let i = 0; i < 6; i++) {
    const bit = i * 22;
    const byte = bit >> 3;
    let v = 0;
    for (let j = 3; j >= 0; j--) v = v * 256 + (bytes[byte + j] ?? 0);
    out[i] = Math.floor(v / 2 ** (bit & 7)) % 4194304;
  }
}

// Absorbs whole 16-byte blocks into the accumulator h: six 22-bit limbs held in doubles (2^132
// is 20 modulo 2^130 - 5, which folds the top limb back); every product and sum stays below 2^53,
// so all arithmetic is exact. hibit is the 2^128 bit of each block (0 only for a padded last block).
function polyBlocks(msg, start, end, hibit, st) {
  let h0 = st[0],
    h1 = st[1],
    h2 = st[2],
    h3 = st[3],
    h4 = st[4],
    h5 = st[5];
  const r0 = st[6],
    r1 = st[7],
    r2 = st[8],
    r3 = st[9],
    r4 = st[10],
    r5 = st[11];
  const s1 = r1 * 20,
    s2 = r2 * 20,
    s3 = r3 * 20,
    s4 = r4 * 20,
    s5 = r5 * 20;
  for (let p = start; p < end; p += 16) {
    h0 += ((msg[p + 0] | (msg[p + 1] << 8) | (msg[p + 2] << 16) | (msg[p + 3] << 24)) >>> 0) & 0x3fffff;
    h1 += ((msg[p + 2] | (msg[p + 3] << 8) | (msg[p + 4] << 16) | (msg[p + 5] << 24)) >>> 6) & 0x3fffff;
    h2 += ((msg[p + 5] | (msg[p + 6] << 8) | (msg[p + 7] << 16) | (msg[p + 8] << 24)) >>> 4) & 0x3fffff;
    h3 += ((msg[p + 8] | (msg[p + 9] << 8) | (msg[p + 10] << 16) | (msg[p + 11] << 24)) >>> 2) & 0x3fffff;
    h4 += ((msg[p + 11] | (msg[p + 12] << 8) | (msg[p + 13] << 16) | (msg[p + 14] << 24)) >>> 0) & 0x3fffff;
    h5 += (msg[p + 13] | (msg[p + 14] << 8) | (msg[p + 15] << 16) | (hibit << 24)) >>> 6;
    const d0 = h0 * r0 + h1 * s5 + h2 * s4 + h3 * s3 + h4 * s2 + h5 * s1;
    const d1 = h0 * r1 + h1 * r0 + h2 * s5 + h3 * s4 + h4 * s3 + h5 * s2;
    const d2 = h0 * r2 + h1 * r1 + h2 * r0 + h3 * s5 + h4 * s4 + h5 * s3;
    const d3 = h0 * r3 + h1 * r2 + h2 * r1 + h3 * r0 + h4 * s5 + h5 * s4;
    const d4 = h0 * r4 + h1 * r3 + h2 * r2 + h3 * r1 + h4 * r0 + h5 * s5;
    const d5 = h0 * r5 + h1 * r4 + h2 * r3 + h3 * r2 + h4 * r1 + h5 * r0;
    let c = Math.floor(d0 * 2.384185791015625e-7);
    h0 = d0 - c * 4194304;
    const e1 = d1 + c;
    c = Math.floor(e1 * 2.384185791015625e-7);
    h1 = e1 - c * 4194304;
    const e2 = d2 + c;
    c = Math.floor(e2 * 2.384185791015625e-7);
    h2 = e2 - c * 4194304;
    const e3 = d3 + c;
    c = Math.floor(e3 * 2.384185791015625e-7);
    h3 = e3 - c * 4194304;
    const e4 = d4 + c;
    c = Math.floor(e4 * 2.384185791015625e-7);
    h4 = e4 - c * 4194304;
    const e5 = d5 + c;
    c = Math.floor(e5 * 2.384185791015625e-7);
    h5 = e5 - c * 4194304;
    h0 += c * 20;
    c = Math.floor(h0 * 2.384185791015625e-7);
    h0 -= c * 4194304;
    h1 += c;
  }
  st[0] = h0;
  st[1] = h1;
  st[2] = h2;
  st[3] = h3;
  st[4] = h4;
  st[5] = h5;
}

/**
 * Poly1305-AES: the polynomial of the message's 16-byte blocks (each with a high 1 bit) evaluated
 * at the clamped r modulo 2^130 - 5, plus AES_k(nonce), modulo 2^128.
 */
export function poly1305Aes(msg, k, r, nonce) {
  const rl = new Float64Array(6);
  toLimbs(clampR(r), rl);
  const st = new Float64Array(12);
  st.set(rl, 6);
  const full = msg.length - (msg.length % 16);
  polyBlocks(msg, 0, full, 1, st);
  if (full < msg.length) {
    const last = new Uint8Array(16);
    last.set(msg.subarray(full));
    last[msg.length - full] = 1;
    polyBlocks(last, 0, 16, 0, st);
  }
  const h = st;
  let acc = 0n;
  for (let i = 5; i >= 0; i--) acc = (acc << 22n) + BigInt(h[i]);
  acc %= P;
  const cipher = crypto.createCipheriv("aes-128-ecb", k, null);
  cipher.setAutoPadding(false);
  const s = Buffer.concat([cipher.update(nonce), cipher.final()]);
  let sv = 0n;
  for (let i = 15; i >= 0; i--) sv = (sv << 8n) | BigInt(s[i]);
  let tag = (acc + sv) & MOD128;
  const out = Buffer.alloc(16);
  for (let i = 0; i < 16; i++) {
    out[i] = Number(tag & 0xffn);
    tag >>= 8n;
  }
  return out;
}

/** Encrypts and authenticates: IV || AES-256-CTR(plaintext) || Poly1305-AES(ciphertext). */
export function seal(key, plaintext) {
  const iv = crypto.randomBytes(IV_SIZE);
  const out = Buffer.allocUnsafe(plaintext.length + OVERHEAD);
  iv.copy(out, 0);
  const cipher = crypto.createCipheriv("aes-256-ctr", key.encrypt, iv);
  const a = cipher.update(plaintext);
  a.copy(out, IV_SIZE);
  const f = cipher.final();
  if (f.length) f.copy(out, IV_SIZE + a.length);
  const ct = out.subarray(IV_SIZE, IV_SIZE + plaintext.length);
  poly1305Aes(ct, key.macK, key.macR, iv).copy(out, IV_SIZE + plaintext.length);
  return out;
}

/** Verifies and decrypts what seal produced; throws when the MAC does not match. */
export function open(key, sealed) {
  if (sealed.length < OVERHEAD) throw new Error("ciphertext too short");
  const iv = sealed.subarray(0, IV_SIZE);
  const ct = sealed.subarray(IV_SIZE, sealed.length - MAC_SIZE);
  const mac = sealed.subarray(sealed.length - MAC_SIZE);
  const want = poly1305Aes(ct, key.macK, key.macR, iv);
  if (!crypto.timingSafeEqual(want, mac)) throw new Error("ciphertext verification failed");
  const decipher = crypto.createDecipheriv("aes-256-ctr", key.encrypt, iv);
  return Buffer.concat([decipher.update(ct), decipher.final()]);
}

export function sha256(data) {
  return crypto.createHash("sha256").update(data).digest();
}

let zstd;
let zstdReady;

/** Loads the zstd wasm module once per thread. */
export function initZstd() {
  if (!zstdReady) {
    zstd = require("@bokuweb/zstd-wasm");
    zstdReady = zstd.init();
  }
  return zstdReady;
}

export function compress(data, level = 1) {
  return Buffer.from(zstd.compress(data, level));
}

/** Decompresses one zstd frame; sizeHint is the plaintext length when known. */
export function decompress(data, sizeHint) {
  const hint = sizeHint ?? 64 * 1024 * 1024;
  return Buffer.from(zstd.decompress(data, { defaultHeapSize: Math.max(hint, 1) }));
}

const SAMPLE = 64 * 1024;

/** For large blobs, a 64 KiB sample from the middle that zstd cannot shrink by 3 % marks the blob as not worth compressing. */
function looksIncompressible(data) {
  if (data.length < 4 * SAMPLE) return false;
  const at = Math.floor(data.length / 2);
  const sample = data.subarray(at, at + SAMPLE);
  return compress(sample).length > sample.length * 0.97;
}

/**
 * One blob through the write path: optionally compressed (kept only when smaller), then sealed.
 * Returns the sealed bytes and whether they hold compressed data.
 */
export function packBlob(key, plaintext, tryCompress) {
  if (tryCompress && plaintext.length > 0 && !looksIncompressible(plaintext)) {
    const c = compress(plaintext);
    if (c.length < plaintext.length) return { sealed: seal(key, c), compressed: true };
  }
  return { sealed: seal(key, plaintext), compressed: false };
}

/** The read path of one blob: verified, decrypted, decompressed when stored compressed. */
export function unpackBlob(key, sealed, uncompressedLength) {
  const plain = open(key, sealed);
  return uncompressedLength > 0 ? decompress(plain, uncompressedLength) : plain;
}
