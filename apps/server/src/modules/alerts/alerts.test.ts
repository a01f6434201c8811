import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AlertListResponse, AlertView } from "@steward/contracts";
import { MISSING, twoOrganizations, type TwoOrganizations } from "../../testing/scope-fixtures.js";
import { signedInClient, TestClient } from "../../testing/test-app.js";
import { deviceActivities, devices } from "../devices/devices.tables.js";
import { cpuCondition, deviceWith, policyWith, sendEvents } from "./alerts.fixtures.js";

let { ctx, admin, scoped, a, b } = {} as TwoOrganizations;
let policyId: number;
/** Open alerts: a CRITICAL and a MINOR one in organization A, a MAJOR one in B. */
let inA: { critical: number; minor: number; deviceId: number };
let inB: { major: number; deviceId: number };

async function openAlert(place: { organizationId: number; locationId: number }, keys: string[]) {
  const deviceId = await deviceWith(ctx, admin, place, policyId);
  await sendEvents(
    ctx,
    deviceId,
    place.organizationId,
    keys.map((key, i) => ({ key, state: "TRIGGERED" as const, value: 91 + i, detail: `${key} high` })),
  );
  const list = await admin.get("/api/alerts", { query: { deviceId: String(deviceId) } });
  const items = list.json<AlertListResponse>().items;
  return { deviceId, id: (key: string) => items.find((x) => x.condition.key === key)!.id };
}

beforeAll(async () => {
  ({ ctx, admin, scoped, a, b } = await twoOrganizations({
    permissions: ["devices.read", "devices.manage"],
  }));
  policyId = await policyWith(admin, {
    crit: cpuCondition({ name: "Critical CPU", severity: "CRITICAL", priority: "HIGH" }),
    minor: cpuCondition({
      name: "Minor memory",
      severity: "MINOR",
      priority: "LOW",
      healthStatus: "NEEDS_ATTENTION",
      check: { kind: "memory", comparator: "GT", value: 80 },
    }),
    major: cpuCondition({
      name: "Major disk",
      severity: "MAJOR",
      check: { kind: "diskUsage", comparator: "GT", value: 90 },
    }),
  });
  const one = await openAlert(a, ["crit", "minor"]);
  inA = { critical: one.id("crit"), minor: one.id("minor"), deviceId: one.deviceId };
  const two = await openAlert(b, ["major"]);
  inB = { major: two.id("major"), deviceId: two.deviceId };
});
afterAll(async () => {
  await ctx.close();
});

describe("access to the alerts routes", () => {
  it("answers 401 without a session on every route", async () => {
    const anonymous = new TestClient(ctx.app);
    const responses = [
      await anonymous.get("/api/alerts"),
      await anonymous.get(`/api/alerts/${inA.critical}`),
      await anonymous.post(`/api/alerts/${inA.critical}/acknowledge`, {}),
      await anonymous.post(`/api/alerts/${inA.critical}/reset`, {}),
      await anonymous.post("/api/alerts/acknowledge", { ids: [inA.critical] }),
      await anonymous.post("/api/alerts/reset", { ids: [inA.critical] }),
    ];
    for (const res of responses) expect(res.statusCode).toBe(401);
  });

  it("needs devices.read to read and devices.manage to change (403 otherwise)", async () => {
    const nobody = (await signedInClient(ctx, { permissions: [] })).client;
    expect((await nobody.get("/api/alerts")).statusCode).toBe(403);
    expect((await nobody.get(`/api/alerts/${inA.critical}`)).statusCode).toBe(403);
    const reader = (await signedInClient(ctx, { permissions: ["devices.read"] })).client;
    expect((await reader.get("/api/alerts")).statusCode).toBe(200);
    expect((await reader.get(`/api/alerts/${inA.critical}`)).statusCode).toBe(200);
    for (const res of [
      await reader.post(`/api/alerts/${inA.critical}/acknowledge`, {}),
      await reader.post(`/api/alerts/${inA.critical}/reset`, {}),
      await reader.post("/api/alerts/acknowledge", { ids: [inA.critical] }),
      await reader.post("/api/alerts/reset", { ids: [inA.critical] }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe("E_FORBIDDEN");
    }
    // Nothing changed.
    const alert = (await admin.get(`/api/alerts/${inA.critical}`)).json<AlertView>();
    expect(alert).toMatchObject({ status: "OPEN", acknowledged: null });
  });
});

describe("the alert list", () => {
  it("shows a scoped technician only their organizations' alerts, with counters per severity", async () => {
    const res = await scoped.get("/api/alerts");
    expect(res.statusCode).toBe(200);
    const body = res.json<AlertListResponse>();
    const ids = body.items.map((x) => x.id);
    expect(ids).toContain(inA.critical);
    expect(ids).not.toContain(inB.major);
    expect(body.openBySeverity).toEqual({ CRITICAL: 1, MAJOR: 0, MODERATE: 0, MINOR: 1 });
    const all = (await admin.get("/api/alerts")).json<AlertListResponse>();
    expect(all.openBySeverity).toMatchObject({ CRITICAL: 1, MAJOR: 1, MINOR: 1 });
  });

  it("sorts worst severity first by default, and filters by severity, organization and search", async () => {
    const all = (await admin.get("/api/alerts")).json<AlertListResponse>();
    expect(all.items.map((x) => x.severity)).toEqual(["CRITICAL", "MAJOR", "MINOR"]);
    expect(all.items[0]).toMatchObject({
      condition: { key: "crit", name: "Critical CPU", kind: "cpu" },
      organization: { id: a.organizationId },
      device: { id: inA.deviceId },
      policy: { id: policyId },
      count: 1,
      value: 91,
      detail: "crit high",
    });
    const minor = await admin.get("/api/alerts", { query: { severity: "MINOR" } });
    expect(minor.json<AlertListResponse>().items.map((x) => x.id)).toEqual([inA.minor]);
    const inOrgB = await admin.get("/api/alerts", { query: { organizationId: String(b.organizationId) } });
    expect(inOrgB.json<AlertListResponse>().items.map((x) => x.id)).toEqual([inB.major]);
    const search = await admin.get("/api/alerts", { query: { search: "major disk" } });
    expect(search.json<AlertListResponse>().items.map((x) => x.id)).toEqual([inB.major]);
    const ascPriority = await admin.get("/api/alerts", { query: { sort: "priority", order: "desc" } });
    expect(ascPriority.json<AlertListResponse>().items.at(0)!.priority).toBe("LOW");
  });

  it("answers 404 for an alert of another organization, like a missing one", async () => {
    for (const id of [inB.major, MISSING]) {
      const res = await scoped.get(`/api/alerts/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe("E_NOT_FOUND");
      expect((await scoped.post(`/api/alerts/${id}/acknowledge`, { note: "x" })).statusCode).toBe(404);
      expect((await scoped.post(`/api/alerts/${id}/reset`, { note: "x" })).statusCode).toBe(404);
    }
    const bulk = await scoped.post("/api/alerts/reset", { ids: [inB.major] });
    expect(bulk.json()).toEqual({ done: 0, notFound: [inB.major] });
    expect((await admin.get(`/api/alerts/${inB.major}`)).json<AlertView>().status).toBe("OPEN");
  });
});

describe("acknowledging and resetting", () => {
  it("acknowledges with a note and who did it; the unacknowledged filter leaves it out", async () => {
    const res = await scoped.post(`/api/alerts/${inA.minor}/acknowledge`, { note: "Looking into it" });
    expect(res.statusCode).toBe(200);
    expect(res.json<AlertView>().acknowledged).toMatchObject({ note: "Looking into it" });
    const open = await scoped.get("/api/alerts", { query: { acknowledged: "false" } });
    expect(open.json<AlertListResponse>().items.map((x) => x.id)).not.toContain(inA.minor);
  });

  it("a manual reset records cause TECHNICIAN and the note, writes an activity and leaves the history", async () => {
    const res = await scoped.post(`/api/alerts/${inA.critical}/reset`, { note: "Fixed the runaway job" });
    expect(res.statusCode).toBe(200);
    expect(res.json<AlertView>()).toMatchObject({
      status: "RESET",
      reset: { cause: "TECHNICIAN", note: "Fixed the runaway job" },
    });
    expect(res.json<AlertView>().reset!.by).toBeTruthy();
    const history = await scoped.get("/api/alerts", { query: { status: "RESET" } });
    expect(history.json<AlertListResponse>().items.map((x) => x.id)).toContain(inA.critical);
    const activities = await ctx.deps.db
      .select({ type: deviceActivities.type, message: deviceActivities.message })
      .from(deviceActivities)
      .where(eq(deviceActivities.deviceId, inA.deviceId));
    expect(activities.some((x) => x.type === "ALERT_RESET" && x.message.startsWith("Alert reset by "))).toBe(
      true,
    );
    // The device's health follows its worst open alert (the minor one now).
    const [device] = await ctx.deps.db
      .select({ h: devices.healthStatus })
      .from(devices)
      .where(eq(devices.id, inA.deviceId));
    expect(device!.h).toBe("NEEDS_ATTENTION");
  });

  it("a reset alert keeps its history: acknowledging it changes nothing, alone or in bulk", async () => {
    const before = (await scoped.get(`/api/alerts/${inA.critical}`)).json<AlertView>();
    expect(before.status).toBe("RESET");
    const res = await scoped.post(`/api/alerts/${inA.critical}/acknowledge`, { note: "Late note" });
    expect(res.statusCode).toBe(200);
    expect(res.json<AlertView>().acknowledged).toEqual(before.acknowledged);
    const bulk = await scoped.post("/api/alerts/acknowledge", { ids: [inA.critical], note: "Late note" });
    expect(bulk.json()).toEqual({ done: 0, notFound: [] });
    expect((await scoped.get(`/api/alerts/${inA.critical}`)).json<AlertView>().acknowledged).toEqual(
      before.acknowledged,
    );
  });

  it("bulk: resets and acknowledges the ids in scope and names the others", async () => {
    const ack = await admin.post("/api/alerts/acknowledge", { ids: [inB.major, MISSING], note: "" });
    expect(ack.json()).toEqual({ done: 1, notFound: [MISSING] });
    const reset = await admin.post("/api/alerts/reset", { ids: [inA.minor, inB.major] });
    expect(reset.json()).toEqual({ done: 2, notFound: [] });
    const open = (await admin.get("/api/alerts")).json<AlertListResponse>();
    expect(open.total).toBe(0);
    expect(open.openBySeverity).toEqual({ CRITICAL: 0, MAJOR: 0, MODERATE: 0, MINOR: 0 });
  });

  it("refuses a bad body with E_VALIDATION", async () => {
    const res = await admin.post("/api/alerts/reset", { ids: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("E_VALIDATION");
  });
});
