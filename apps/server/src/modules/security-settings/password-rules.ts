import fs from "node:fs";
import { gunzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { passwordRuleBroken, type SecuritySettings } from "@steward/contracts";
import { AppError } from "../../platform/errors/app-error.js";
import { hashPassword, verifyPassword } from "../../platform/crypto/index.js";
import type { PasswordHistoryRepository } from "./password-history.repository.js";

/** The list of common passwords shipped with the server (lowercase, one a line, gzip). */
export const commonPasswordsFile = fileURLToPath(
  new URL("../../../data/common-passwords.txt.gz", import.meta.url),
);

let shipped: ReadonlySet<string> | undefined;
/** The shipped list, read once on first use. */
export function shippedCommonPasswords(): ReadonlySet<string> {
  shipped ??= new Set(gunzipSync(fs.readFileSync(commonPasswordsFile)).toString("utf8").split("\n"));
  return shipped;
}

/**
 * The password policy of the security settings, applied wherever a password is set: length and
 * character kinds, the list of common passwords, and the user's own recent passwords.
 */
export function createPasswordRules(deps: {
  policy: () => Promise<SecuritySettings["passwordPolicy"]>;
  history: PasswordHistoryRepository;
  commonPasswords?: () => ReadonlySet<string>;
}) {
  const common = deps.commonPasswords ?? shippedCommonPasswords;

  /** Refuses a password the policy does not allow, with the rule it breaks. */
  async function check(password: string, userId: number | null): Promise<void> {
    const policy = await deps.policy();
    const broken = passwordRuleBroken(password, policy);
    if (broken?.rule === "length")
      throw new AppError("E_WEAK_PASSWORD", 400, {
        id: "errors.auth.passwordTooShort",
        values: { min: broken.min },
      });
    if (broken?.rule === "characterClasses")
      throw new AppError("E_WEAK_PASSWORD", 400, {
        id: "errors.auth.passwordCharacterClasses",
        values: { count: broken.count },
      });
    if (policy.rejectBreached && common().has(password.toLowerCase()))
      throw new AppError("E_PASSWORD_BREACHED", 400);
    if (userId !== null && policy.history > 0) {
      for (const earlier of await deps.history.recent(userId, policy.history))
        if (await verifyPassword(earlier, password)) throw new AppError("E_PASSWORD_REUSED", 400);
    }
  }

  return {
    check,

    /** Checks a new password for a user (null: not yet known) and answers its hash. */
    async hashAcceptable(password: string, userId: number | null): Promise<string> {
      await check(password, userId);
      return hashPassword(password);
    },

    /** Keeps a password just set in the user's history (as many as the policy remembers). */
    async remember(userId: number, hash: string): Promise<void> {
      const { history } = await deps.policy();
      await deps.history.add(userId, hash, history);
    },
  };
}

export type PasswordRules = ReturnType<typeof createPasswordRules>;
