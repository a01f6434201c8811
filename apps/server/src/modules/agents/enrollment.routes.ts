import { createHash } from "node:crypto";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { inArray } from "drizzle-orm";
import {
  createEnrollmentTokenRequest,
  enrollmentToken,
  enrollmentTokenList,
  enrollmentTokenSecret,
  agentDownloads,
  idParam,
} from "@steward/contracts";
import { AppError } from "../../platform/errors/app-error.js";
import { audit, requireAuth, requireScope, type Scope } from "../../platform/identity/index.js";
import type { AppDeps } from "../../platform/deps.js";
import { locations } from "../organizations/organizations.tables.js";
import type { EnrollmentService } from "./enrollment.service.js";
import type { EnrollmentTokenRow } from "./enrollment.repository.js";
import { installCommands, presentToken } from "./enrollment.presenter.js";
import { agentRelease } from "./agent-release.js";

export const agentBundlePath = fileURLToPath(
  new URL("../../../../agent/dist/steward-agent.mjs", import.meta.url),
);
const tags = ["enrollment"];

let bundleHash: { stamp: string; sha256: string } | undefined;

/**
 * SHA-256 (hex) of the agent file the listener serves, printed in install commands so that a
 * file changed on the way is never run; recomputed when the file changes (null: not built).
 */
export function agentBundleSha256(): string | null {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(agentBundlePath);
  } catch {
    return null;
  }
  const stamp = `${stat.size}:${stat.mtimeMs}`;
  if (bundleHash?.stamp !== stamp)
    bundleHash = {
      stamp,
      sha256: createHash("sha256").update(fs.readFileSync(agentBundlePath)).digest("hex"),
    };
  return bundleHash.sha256;
}

/** SHA-256 (hex) of the server's raw command-signing public key: agents pin it at enrollment. */
export function serverKeyFingerprint(publicKey: string): string {
  return createHash("sha256").update(Buffer.from(publicKey, "base64")).digest("hex");
}

export function enrollmentRoutes(deps: AppDeps, enrollment: EnrollmentService): FastifyPluginAsyncZod {
  async function locationNames(rows: EnrollmentTokenRow[]) {
    const ids = [...new Set(rows.map((r) => r.locationId))];
    if (ids.length === 0) return new Map<number, string>();
    const found = await deps.db
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(inArray(locations.id, ids));
    return new Map(found.map((l) => [l.id, l.name]));
  }
  async function present(row: EnrollmentTokenRow) {
    return presentToken(row, (await locationNames([row])).get(row.locationId) ?? "");
  }
  async function secretOf(row: EnrollmentTokenRow) {
    const secret = enrollment.revealToken(row);
    const pins = {
      serverKeyFingerprint: serverKeyFingerprint(deps.commandSigner.publicKey),
      agentSha256: agentBundleSha256(),
    };
    return {
      token: await present(row),
      secret,
      agentServerUrl: deps.config.agentPublicUrl,
      ...pins,
      commands: installCommands(deps.config.agentPublicUrl, secret, row.organizationId, pins, agentRelease()),
    };
  }
  /** A token of an organization outside the scope answers like one that does not exist. */
  async function tokenOr404(scope: Scope, id: number) {
    const row = await enrollment.repo.byId(scope, id);
    if (!row)
      throw new AppError("E_ENROLLMENT_TOKEN_NOT_FOUND", 404, { id: "errors.enrollment.tokenNotFound" });
    return row;
  }

  /** Tokens are listed and created only for an organization inside the scope. */
  async function organizationOr404(scope: Scope, organizationId: number) {
    if (!(await enrollment.repo.organizationInScope(scope, organizationId)))
      throw new AppError("E_ORGANIZATION_NOT_FOUND", 404, { id: "errors.organizations.noSuch" });
  }

  return async (app) => {
    app.get(
      "/organizations/:id/enrollment-tokens",
      {
        config: { access: "devices.read" },
        schema: { tags, params: idParam, response: { 200: enrollmentTokenList } },
      },
      async (request) => {
        const scope = requireScope(request);
        await organizationOr404(scope, request.params.id);
        const rows = await enrollment.repo.listForOrganization(scope, request.params.id);
        const names = await locationNames(rows);
        return { items: rows.map((r) => presentToken(r, names.get(r.locationId) ?? "")) };
      },
    );

    app.post(
      "/organizations/:id/enrollment-tokens",
      {
        config: { access: "enrollment.manage" },
        schema: {
          tags,
          params: idParam,
          body: createEnrollmentTokenRequest,
          response: { 201: enrollmentTokenSecret },
        },
      },
      async (request, reply) => {
        const actor = requireAuth(request);
        await organizationOr404(requireScope(request), request.params.id);
        const { row } = await enrollment.createToken({
          organizationId: request.params.id,
          locationId: request.body.locationId,
          name: request.body.name,
          expiresInHours: request.body.expiresInHours,
          maxUses: request.body.maxUses,
          createdByUserId: actor.session.user.id,
        });
        await audit(deps.db, request, {
          action: "enrollment_token.created",
          targetType: "enrollment_token",
          targetId: row.id,
          data: { organizationId: row.organizationId, locationId: row.locationId },
        });
        return reply.status(201).send(await secretOf(row));
      },
    );

    app.get(
      "/enrollment-tokens/:id/secret",
      {
        config: { access: "enrollment.manage", stepUp: true },
        schema: { tags, params: idParam, response: { 200: enrollmentTokenSecret } },
      },
      async (request) => {
        const row = await tokenOr404(requireScope(request), request.params.id);
        await audit(deps.db, request, {
          action: "enrollment_token.revealed",
          targetType: "enrollment_token",
          targetId: row.id,
          organizationId: row.organizationId,
        });
        return secretOf(row);
      },
    );

    app.post(
      "/enrollment-tokens/:id/revoke",
      {
        config: { access: "enrollment.manage" },
        schema: { tags, params: idParam, response: { 200: enrollmentToken } },
      },
      async (request) => {
        const scope = requireScope(request);
        const token = await tokenOr404(scope, request.params.id);
        await enrollment.repo.revoke(scope, request.params.id, new Date());
        await audit(deps.db, request, {
          action: "enrollment_token.revoked",
          targetType: "enrollment_token",
          targetId: request.params.id,
          organizationId: token.organizationId,
        });
        return present(await tokenOr404(scope, request.params.id));
      },
    );

    app.get(
      "/agent/downloads",
      { config: { access: "devices.read" }, schema: { tags, response: { 200: agentDownloads } } },
      () => {
        const release = agentRelease();
        return {
          built: release !== null,
          version: release?.version ?? null,
          builtAt: release?.builtAt ?? null,
          downloadBase: `${deps.config.agentPublicUrl}/agent/v1/download`,
          artifacts: release?.artifacts ?? [],
        };
      },
    );

    app.get(
      "/agent/download",
      { config: { access: "devices.read" }, schema: { tags, response: { 200: z.any() } } },
      async (_request, reply) => {
        if (!fs.existsSync(agentBundlePath))
          throw new AppError("E_NOT_FOUND", 404, { id: "errors.enrollment.agentNotBuiltHint" });
        return reply
          .type("text/javascript")
          .header("content-disposition", 'attachment; filename="steward-agent.mjs"')
          .send(fs.createReadStream(agentBundlePath));
      },
    );
  };
}
