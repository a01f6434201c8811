import { randomBytes } from "node:crypto";
import type { CreateOrganizationRequest, OrganizationDetail } from "@steward/contracts";
import type { TestClient } from "../../testing/test-app.js";

/** A name no other test in the file uses. */
export function uniqueName(prefix = "Org"): string {
  return `${prefix} ${randomBytes(4).toString("hex")}`;
}

/** Test factory: a fresh organization through the API (so it gets its default location). */
export async function createOrganization(
  client: TestClient,
  body: Partial<CreateOrganizationRequest> = {},
): Promise<OrganizationDetail> {
  const res = await client.post("/api/organizations", { name: uniqueName(), ...body });
  if (res.statusCode !== 201) throw new Error(`create organization failed: ${res.statusCode} ${res.body}`);
  return res.json<OrganizationDetail>();
}
