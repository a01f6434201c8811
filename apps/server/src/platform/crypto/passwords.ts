import argon2 from "argon2";

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

// Verifying against this keeps the time of "no such user" equal to "wrong password".
let dummyHash: Promise<string> | undefined;
export async function burnPasswordTime(password: string): Promise<void> {
  await verifyPassword(await prepareDummyHash(), password);
}

/** Computes the dummy hash ahead of time, so even the first unknown email costs one verify. */
export function prepareDummyHash(): Promise<string> {
  dummyHash ??= hashPassword("steward-timing-equalizer");
  return dummyHash;
}
