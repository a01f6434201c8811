// Random irreducible polynomials of degree 53 over GF(2), as a repository's config records one
// for chunking. Polynomials are bit sets in bigints (bit i = coefficient of x^i).
import crypto from "node:crypto";

const DEGREE = 53;

function deg(a: bigint): number {
  return a === 0n ? -1 : a.toString(2).length - 1;
}

function mod(a: bigint, m: bigint): bigint {
  const dm = deg(m);
  let r = a;
  for (let d = deg(r); d >= dm; d = deg(r)) r ^= m << BigInt(d - dm);
  return r;
}

function mulMod(a: bigint, b: bigint, m: bigint): bigint {
  let r = 0n;
  let x = a;
  let y = b;
  while (y > 0n) {
    if (y & 1n) r ^= x;
    y >>= 1n;
    x = mod(x << 1n, m);
  }
  return mod(r, m);
}

/**
 * Degree 53 is prime, so f is irreducible exactly when x^(2^53) = x (mod f) and f has no factor in
 * common with x^2 + x, that is f(0) = f(1) = 1.
 */
export function isIrreducible53(f: bigint): boolean {
  if (deg(f) !== DEGREE) return false;
  if ((f & 1n) === 0n) return false;
  let ones = 0;
  for (let v = f; v > 0n; v >>= 1n) ones += Number(v & 1n);
  if (ones % 2 === 0) return false;
  let x = 2n;
  for (let i = 0; i < DEGREE; i++) x = mulMod(x, x, f);
  return x === 2n;
}

export function randomIrreduciblePolynomial(): bigint {
  for (;;) {
    const b = crypto.randomBytes(7);
    let f = 0n;
    for (const byte of b) f = (f << 8n) | BigInt(byte);
    f = (f & ((1n << 53n) - 1n)) | (1n << 53n) | 1n;
    if (isIrreducible53(f)) return f;
  }
}
