import { agent } from "@steward/contracts";
import { AppError } from "../../platform/errors/app-error.js";
import type { AppDeps } from "../../platform/deps.js";
import type { Db } from "../../platform/db/database.js";
import { randomToken, sha256 } from "../../platform/crypto/index.js";
import { systemScope } from "../../platform/identity/index.js";
import type { DevicesService } from "../devices/index.js";
import type { EnrollmentRepository, EnrollmentTokenRow } from "./enrollment.repository.js";

export const TOKEN_PREFIX = "stw_";

export type TokenState = "ACTIVE" | "EXPIRED" | "REVOKED" | "EXHAUSTED";

export function tokenState(row: EnrollmentTokenRow, now = new Date()): TokenState {
  if (row.revokedAt) return "REVOKED";
  if (row.expiresAt.getTime() <= now.getTime()) return "EXPIRED";
  if (row.maxUses !== null && row.useCount >= row.maxUses) return "EXHAUSTED";
  return "ACTIVE";
}

/** An enrollment token is sealed for its own row, named by the token's unique hash. */
const enrollmentTokenContext = (tokenHash: string) => `enrollment_tokens:${tokenHash}:token`;

const refusal: Record<Exclude<TokenState, "ACTIVE">, () => AppError> = {
  EXPIRED: () => new AppError("E_ENROLLMENT_TOKEN_EXPIRED", 401, { id: "errors.enrollment.tokenExpired" }),
  REVOKED: () => new AppError("E_ENROLLMENT_TOKEN_REVOKED", 401, { id: "errors.enrollment.tokenRevoked" }),
  EXHAUSTED: () =>
    new AppError("E_ENROLLMENT_TOKEN_EXHAUSTED", 401, { id: "errors.enrollment.tokenExhausted" }),
};

/**
 * Enrollment: tokens for the console, and the agent's one-time enroll call. `repoOn` and
 * `devicesOn` give the repository and the devices service on a transaction's handle: the token's
 * use and the new device commit together.
 */
export function createEnrollmentService(
  deps: Pick<AppDeps, "db" | "secretBox" | "commandSigner" | "config">,
  {
    repo,
    repoOn,
    devicesOn,
  }: {
    repo: EnrollmentRepository;
    repoOn: (db: Db) => Pick<EnrollmentRepository, "claimUse">;
    devicesOn: (db: Db) => Pick<DevicesService, "enroll">;
  },
) {
  const organizationOf = (locationId: number) => repo.placeOfLocation(locationId);

  return {
    repo,

    async createToken(input: {
      organizationId: number;
      locationId: number;
      name: string;
      expiresInHours: number;
      maxUses: number | null;
      createdByUserId: number;
    }) {
      const org = await organizationOf(input.locationId);
      if (!org || org.organizationId !== input.organizationId) {
        throw new AppError("E_LOCATION_NOT_FOUND", 404, { id: "errors.locations.notInOrganization" });
      }
      const token = `${TOKEN_PREFIX}${randomToken(32)}`;
      const row = await repo.insert({
        organizationId: input.organizationId,
        locationId: input.locationId,
        name: input.name,
        tokenHash: sha256(token),
        tokenSealed: deps.secretBox.seal(token, enrollmentTokenContext(sha256(token))),
        expiresAt: new Date(Date.now() + input.expiresInHours * 3600_000),
        maxUses: input.maxUses,
        createdByUserId: input.createdByUserId,
      });
      return { row, token };
    },

    revealToken(row: EnrollmentTokenRow): string {
      return deps.secretBox.open(row.tokenSealed, enrollmentTokenContext(row.tokenHash));
    },

    /** The agent's enroll call; everything in it is untrusted and already schema-checked. */
    async enroll(
      request: agent.EnrollRequest & { organizationId?: number | undefined },
      publicIp: string | null,
      options: { simulated?: boolean } = {},
    ) {
      // A key that is not exactly 32 bytes could never verify a signature: refused before the
      // token is even looked up, so it cannot use up one of the token's uses.
      if (!agent.isEd25519PublicKey(request.publicKey)) {
        throw new AppError("E_VALIDATION", 400, { id: "errors.enrollment.badPublicKey" });
      }
      // The agent proves itself with the token, which names its organization: no caller scope here.
      const token = await repo.byHash(systemScope, sha256(request.token));
      if (!token)
        throw new AppError("E_ENROLLMENT_TOKEN_INVALID", 401, { id: "errors.enrollment.tokenInvalid" });
      const state = tokenState(token);
      if (state !== "ACTIVE") throw refusal[state]();
      if (request.organizationId !== undefined && request.organizationId !== token.organizationId) {
        throw new AppError("E_ENROLLMENT_WRONG_ORGANIZATION", 403, {
          id: "errors.enrollment.wrongOrganization",
        });
      }
      const org = await organizationOf(token.locationId);
      if (!org || org.organizationId !== token.organizationId) {
        throw new AppError("E_ENROLLMENT_WRONG_ORGANIZATION", 403, {
          id: "errors.enrollment.wrongOrganization",
        });
      }
      if (org.approvalMode === "REJECT") {
        throw new AppError("E_ENROLLMENT_REJECTED", 403, { id: "errors.enrollment.rejected" });
      }
      const approvalStatus = org.approvalMode === "MANUAL" ? ("PENDING" as const) : ("APPROVED" as const);
      try {
        // One transaction (one commit) for the use count, the device and its first activity.
        const device = await deps.db.transaction(async (tx) => {
          if (!(await repoOn(tx).claimUse(systemScope, token.id, new Date()))) return null;
          return devicesOn(tx).enroll({
            organizationId: token.organizationId,
            locationId: token.locationId,
            publicKey: request.publicKey,
            encryptionPublicKey: request.encryptionPublicKey ?? null,
            approvalStatus,
            inventory: request.inventory,
            publicIp,
            enrollmentTokenId: token.id,
            simulated: request.simulated === true || options.simulated === true,
          });
        });
        if (!device) {
          const again = await repo.byId(systemScope, token.id);
          const now = again ? tokenState(again) : "REVOKED";
          throw refusal[now === "ACTIVE" ? "EXHAUSTED" : now]();
        }
        return {
          deviceId: device.id,
          approval: approvalStatus,
          serverPublicKey: deps.commandSigner.publicKey,
          heartbeatSeconds: deps.config.agentHeartbeatSeconds,
        };
      } catch (err) {
        if (err instanceof AppError) throw err;
        if (
          /devices_public_key_key|duplicate key/i.test(
            String((err as Error).message) + String((err as { cause?: Error }).cause?.message),
          )
        ) {
          throw new AppError("E_DEVICE_KEY_TAKEN", 409, { id: "errors.enrollment.deviceKeyTaken" });
        }
        throw err;
      }
    },
  };
}

export type EnrollmentService = ReturnType<typeof createEnrollmentService>;
