import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { agent } from "@steward/contracts";
import type { ConditionInput } from "@steward/domain";
import { createOrganization } from "../../testing/agent-harness.js";
import { enrollDevice } from "../../testing/device-fixtures.js";
import {
  createTestContext,
  signedInClient,
  type TestClient,
  type TestContext,
} from "../../testing/test-app.js";
import { alerts } from "./alerts.tables.js";

/** A condition as a policy stores it, with a threshold check on CPU unless told otherwise. */
export function cpuCondition(overrides: Partial<ConditionInput> = {}): ConditionInput {
  return {
    name: "CPU above 90%",
    check: { kind: "cpu", comparator: "GT", value: 90, durationSeconds: 0 },
    severity: "MAJOR",
    priority: "HIGH",
    healthStatus: "UNHEALTHY",
    ...overrides,
  };
}

/** A Windows workstation policy holding these conditions (by key), made by an administrator. */
export async function policyWith(
  admin: TestClient,
  conditions: Record<string, ConditionInput>,
): Promise<number> {
  const res = await admin.post("/api/policies", {
    name: `Alerts ${Math.random().toString(36).slice(2, 10)}`,
    deviceClass: "WINDOWS_WORKSTATION",
    items: { conditions },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

/** A device of the place whose own policy is `policyId`. */
export async function deviceWith(
  ctx: TestContext,
  admin: TestClient,
  place: { organizationId: number; locationId: number },
  policyId: number,
  options: { status?: "UP" | "DOWN" } = {},
): Promise<number> {
  const device = await enrollDevice(ctx, place, { status: options.status ?? "UP" });
  const res = await admin.put(`/api/devices/${device.id}/policy-override`, { policyId });
  expect(res.statusCode, res.body).toBe(200);
  return device.id;
}

type EventInput = Omit<agent.ConditionEvent, "policyVersion" | "at" | "detail"> &
  Partial<Pick<agent.ConditionEvent, "at" | "detail">>;

/** Hands the device's condition-events message to the ingest, as the gateway does, and waits for its follow-ups. */
export async function sendEvents(
  ctx: TestContext,
  deviceId: number,
  organizationId: number,
  events: EventInput[],
  options: { snapshot?: boolean; sentAt?: number } = {},
): Promise<void> {
  const now = Date.now();
  await ctx.services.alerts.acceptConditionEvents(deviceId, organizationId, {
    type: "condition-events",
    v: agent.CONDITION_EVENTS_VERSION,
    sentAt: options.sentAt ?? now,
    snapshot: options.snapshot ?? false,
    events: events.map((e) => ({ policyVersion: 1, at: options.sentAt ?? now, detail: "", ...e })),
  });
  await ctx.services.alerts.engine.idle();
}

/** A webhook receiver on loopback; `got` holds the JSON bodies it received. */
export async function webhookReceiver() {
  const got: { kind?: string; title?: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      got.push(JSON.parse(body) as { kind?: string; title?: string });
      res.end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { got, url, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A webhook channel to the receiver (the test context must allow loopback webhooks). */
export async function webhookChannel(admin: TestClient, url: string): Promise<number> {
  const res = await admin.post("/api/notification-channels", {
    name: `Hook ${Math.random().toString(36).slice(2, 10)}`,
    type: "WEBHOOK",
    url,
    secret: "a-webhook-secret-of-32-characters",
    // The tests count every notification: none may be held back for a digest.
    throttleLimit: 1000,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

/** What an alerts test file works in; filled in by its `beforeAll`. */
export interface AlertsWorld {
  /** A test context that allows loopback webhooks. */
  ctx: TestContext;
  admin: TestClient;
  /** An organization and its location, created for the file. */
  place: { organizationId: number; locationId: number };
  hook: Awaited<ReturnType<typeof webhookReceiver>>;
  /** A webhook channel to `hook`. */
  channelId: number;
  /** The device's alerts, oldest first. */
  alertsOf(deviceId: number): Promise<(typeof alerts.$inferSelect)[]>;
  /** Webhook bodies about this device's alerts (the receiver is shared by the file's tests). */
  hooksFor(deviceId: number): { kind?: string; title?: string }[];
}

/**
 * Registers the file's `beforeAll` and `afterAll`: a context allowing loopback webhooks, an
 * administrator, an organization, a webhook receiver and a channel to it. The fields of the
 * returned object are set once `beforeAll` has run.
 */
export function useAlertsWorld(): AlertsWorld {
  const world = {
    async alertsOf(deviceId: number) {
      return world.ctx.deps.db.select().from(alerts).where(eq(alerts.deviceId, deviceId)).orderBy(alerts.id);
    },
    hooksFor: (deviceId: number) =>
      world.hook.got.filter((b) => JSON.stringify(b).includes(`deviceId=${deviceId}`)),
  } as AlertsWorld;
  beforeAll(async () => {
    world.ctx = await createTestContext({ webhooksAllowLoopback: true });
    world.admin = (await signedInClient(world.ctx, { admin: true })).client;
    world.place = await createOrganization(world.ctx);
    world.hook = await webhookReceiver();
    world.channelId = await webhookChannel(world.admin, world.hook.url);
  });
  afterAll(async () => {
    await world.hook.close();
    await world.ctx.close();
  });
  return world;
}
