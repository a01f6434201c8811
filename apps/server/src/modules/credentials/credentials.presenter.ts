import type { CredentialView } from "@steward/contracts";
import type { CredentialRow } from "./credentials.repository.js";

/** A credential as every answer shows it: built from the public columns only (never the secret). */
export function presentCredential(row: CredentialRow): CredentialView {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    type: row.type as CredentialView["type"],
    username: row.username,
    description: row.description,
    preferred: row.preferred,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
