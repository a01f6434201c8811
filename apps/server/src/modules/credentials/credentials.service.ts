import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import type {
  createCredentialRequest,
  RunAsChoice,
  RunAsChoicesResponse,
  updateCredentialRequest,
} from "@steward/contracts";
import { builtInRunAsChoices, credentialRunAsValue, credentialTypesFor, type RunAsOs } from "@steward/domain";
import type { SecretBox } from "../../platform/crypto/index.js";
import { AppError } from "../../platform/errors/app-error.js";
import { audit, type Scope } from "../../platform/identity/index.js";
import type { CredentialsRepository } from "./credentials.repository.js";
import { credentialSecretContext } from "./credentials.sealing.js";

const notFound = () => new AppError("E_CREDENTIAL_NOT_FOUND", 404, { id: "errors.credentials.notFound" });
const organizationNotFound = () =>
  new AppError("E_ORGANIZATION_NOT_FOUND", 404, { id: "errors.organizations.noSuch" });

function nameTaken(error: unknown, name: string): never {
  for (let e: unknown = error; e !== null && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505" && constraint === "credentials_org_name_key") {
      throw new AppError("E_CREDENTIAL_NAME_TAKEN", 409, {
        id: "errors.credentials.nameTaken",
        values: { name },
      });
    }
  }
  throw error;
}

const userIdOf = (request: FastifyRequest) => request.auth?.session.user.id ?? null;

/**
 * An organization's stored credentials (editor /editor/customer/:id/credentials) and the run-as
 * choices built from them. Secrets are sealed before they reach the repository and never leave it.
 * Every call takes the caller's scope: an organization outside it answers like one that does not
 * exist, and nothing there is read or changed.
 */
export function createCredentialsService({
  repo,
  secretBox,
}: {
  repo: CredentialsRepository;
  secretBox: SecretBox;
}) {
  async function requireOrganization(scope: Scope, organizationId: number) {
    if (!(await repo.organizationExists(scope, organizationId))) throw organizationNotFound();
  }

  async function existing(scope: Scope, organizationId: number, id: number) {
    const row = await repo.find(scope, organizationId, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    /** An organization's credentials (rows; the route presents them). */
    async list(scope: Scope, organizationId: number) {
      await requireOrganization(scope, organizationId);
      return repo.list(scope, organizationId);
    },

    async create(
      scope: Scope,
      organizationId: number,
      input: z.output<typeof createCredentialRequest>,
      request: FastifyRequest,
    ) {
      await requireOrganization(scope, organizationId);
      const { secret, ...values } = input;
      const id = await repo
        .insert(
          scope,
          organizationId,
          { ...values, sealSecret: (id) => secretBox.seal(secret, credentialSecretContext(id)) },
          userIdOf(request),
        )
        .catch((e: unknown) => nameTaken(e, input.name));
      await audit(repo.db, request, {
        action: "credential.create",
        targetType: "credential",
        targetId: id,
        data: { organizationId, name: input.name, type: input.type },
      });
      return existing(scope, organizationId, id);
    },

    async update(
      scope: Scope,
      organizationId: number,
      id: number,
      input: z.output<typeof updateCredentialRequest>,
      request: FastifyRequest,
    ) {
      await requireOrganization(scope, organizationId);
      const { secret, ...values } = input;
      const updated = await repo
        .update(
          scope,
          organizationId,
          id,
          {
            ...values,
            secretSealed:
              secret === undefined ? undefined : secretBox.seal(secret, credentialSecretContext(id)),
          },
          userIdOf(request),
        )
        .catch((e: unknown) => nameTaken(e, input.name));
      if (!updated) throw notFound();
      await audit(repo.db, request, {
        action: "credential.update",
        targetType: "credential",
        targetId: id,
        data: { organizationId, name: input.name, type: input.type, secretChanged: secret !== undefined },
      });
      return existing(scope, organizationId, id);
    },

    async remove(scope: Scope, organizationId: number, id: number, request: FastifyRequest): Promise<void> {
      await requireOrganization(scope, organizationId);
      const row = await existing(scope, organizationId, id);
      if (!(await repo.delete(scope, organizationId, id))) throw notFound();
      await audit(repo.db, request, {
        action: "credential.delete",
        targetType: "credential",
        targetId: id,
        data: { organizationId, name: row.name },
      });
    },

    /** The built-in run-as choices for an OS, then the organization's stored credentials that fit it. */
    async runAsChoices(
      scope: Scope,
      os: RunAsOs,
      organizationId: number | undefined,
    ): Promise<RunAsChoicesResponse> {
      const stored =
        organizationId === undefined
          ? []
          : await (async () => {
              await requireOrganization(scope, organizationId);
              return repo.list(scope, organizationId, credentialTypesFor[os]);
            })();
      const builtIn: RunAsChoice[] = builtInRunAsChoices[os].map((c) => ({
        value: c.value,
        label: c.label,
        kind: "BUILT_IN",
        credentialId: stored.find((s) => s.preferred && s.type === c.credentialType)?.id ?? null,
        credentialType: c.credentialType,
      }));
      const own: RunAsChoice[] = stored.map((s) => ({
        value: credentialRunAsValue(s.id),
        label: `${s.name} (${s.username})`,
        kind: "CREDENTIAL",
        credentialId: s.id,
        credentialType: s.type as RunAsChoice["credentialType"],
      }));
      return { os, choices: [...builtIn, ...own] };
    },
  };
}

export type CredentialsService = ReturnType<typeof createCredentialsService>;
