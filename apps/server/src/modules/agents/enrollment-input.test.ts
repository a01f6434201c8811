import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../testing/test-app.js";
import { createOrganization, startAgentSide } from "../../testing/agent-harness.js";
import { makeInventory } from "../../testing/device-fixtures.js";
import { AppError } from "../../platform/errors/app-error.js";
import { devices } from "../devices/devices.tables.js";
import { enrollmentTokens } from "./agents.tables.js";
import type { AgentSide } from "./index.js";

let ctx: TestContext;
let side: AgentSide;
let url: string;
let closeSide: () => Promise<void>;
let org: { organizationId: number; locationId: number };

beforeAll(async () => {
  ctx = await createTestContext();
  ({ side, url, close: closeSide } = await startAgentSide(ctx));
  org = await createOrganization(ctx);
});
afterAll(async () => {
  await closeSide();
  await ctx.close();
});

async function token(maxUses = 1) {
  const { token: value, row } = await side.enrollment.createToken({
    ...org,
    name: "input test",
    expiresInHours: 1,
    maxUses,
    createdByUserId: 1,
  });
  return { value, id: row.id };
}

const useCount = async (id: number) =>
  (await ctx.deps.db.select().from(enrollmentTokens).where(eq(enrollmentTokens.id, id)))[0]!.useCount;

const enroll = (body: unknown) =>
  fetch(`${url}/agent/v1/enroll`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("enrollment input", () => {
  it("refuses any key but 32 bytes of base64 with 400, and the token keeps its use", async () => {
    const once = await token(1);
    const badKeys = [
      randomBytes(31).toString("base64"),
      randomBytes(33).toString("base64"),
      randomBytes(32).toString("hex"),
      randomBytes(32).toString("base64url"),
      "",
      "A".repeat(43) + "\u0000",
    ];
    for (const publicKey of badKeys) {
      const res = await enroll({ token: once.value, publicKey, inventory: makeInventory() });
      expect(res.status, publicKey).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe("E_VALIDATION");
    }
    expect(await useCount(once.id)).toBe(0);

    // The service refuses too, before the token is looked up (a caller that skips the schema).
    await expect(
      side.enrollment.enroll(
        { token: once.value, publicKey: randomBytes(31).toString("base64"), inventory: makeInventory() },
        null,
      ),
    ).rejects.toMatchObject({ code: "E_VALIDATION", statusCode: 400 } satisfies Partial<AppError>);
    expect(await useCount(once.id)).toBe(0);

    const ok = await enroll({
      token: once.value,
      publicKey: randomBytes(32).toString("base64"),
      inventory: makeInventory(),
    });
    expect(ok.status).toBe(201);
    expect(await useCount(once.id)).toBe(1);
  });

  it("strips NULs and lone surrogates from the reported inventory instead of failing", async () => {
    const { value } = await token(1);
    const res = await enroll({
      token: value,
      publicKey: randomBytes(32).toString("base64"),
      inventory: makeInventory({
        hostname: "web\u0000-01",
        software: [{ name: "Odd\uD800 Program\u0000", version: "1.0\u0000" }],
      }),
    });
    expect(res.status).toBe(201);
    const { deviceId } = (await res.json()) as { deviceId: number };
    const row = (await ctx.deps.db.select().from(devices).where(eq(devices.id, deviceId)))[0]!;
    expect(row.hostname).toBe("web-01");
    const inventory = await side.devices.repo.inventory(deviceId);
    expect(inventory?.software?.[0]).toMatchObject({ name: "Odd\uFFFD Program", version: "1.0" });
  });

  it("refuses a NUL in the token and an organization id beyond the 32-bit columns", async () => {
    const { value, id } = await token(1);
    const key = () => randomBytes(32).toString("base64");
    for (const body of [
      { token: `${value}\u0000`, publicKey: key(), inventory: makeInventory() },
      { token: value, publicKey: key(), inventory: makeInventory(), organizationId: 2147483648 },
    ]) {
      const res = await enroll(body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe("E_VALIDATION");
    }
    expect(await useCount(id)).toBe(0);
  });
});
