import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AlertListResponse } from "@steward/contracts";
import { FLAP_MAX_TRANSITIONS } from "@steward/domain";
import { createOrganization } from "../../testing/agent-harness.js";
import { signedInClient } from "../../testing/test-app.js";
import { deviceActivities, devices } from "../devices/devices.tables.js";
import { jobs } from "../jobs/jobs.tables.js";
import { cpuCondition, deviceWith, policyWith, sendEvents, useAlertsWorld } from "./alerts.fixtures.js";

const world = useAlertsWorld();

const MIN = 60_000;

async function healthOf(deviceId: number) {
  const [row] = await world.ctx.deps.db
    .select({ h: devices.healthStatus })
    .from(devices)
    .where(eq(devices.id, deviceId));
  return row!.h;
}

/** A fresh device with a policy of one CPU condition (key "cpu") notifying the test's channel. */
async function freshDevice(overrides: Parameters<typeof cpuCondition>[0] = {}) {
  const policyId = await policyWith(world.admin, {
    cpu: cpuCondition({ channelIds: [world.channelId], ...overrides }),
  });
  return deviceWith(world.ctx, world.admin, world.place, policyId);
}

describe("condition events from agents", () => {
  it("opens one alert with the value, repeats count on it, and notifies exactly once", async () => {
    const deviceId = await freshDevice();
    await sendEvents(world.ctx, deviceId, world.place.organizationId, [
      { key: "cpu", state: "TRIGGERED", value: 97.5, detail: "CPU 97.5%" },
    ]);
    await sendEvents(world.ctx, deviceId, world.place.organizationId, [
      { key: "cpu", state: "TRIGGERED", value: 99, detail: "CPU 99%" },
    ]);
    await sendEvents(world.ctx, deviceId, world.place.organizationId, [
      { key: "cpu", state: "TRIGGERED", value: 98, detail: "CPU 98%" },
    ]);
    const rows = await world.alertsOf(deviceId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: "OPEN",
      count: 3,
      value: 98,
      detail: "CPU 98%",
      severity: "MAJOR",
      priority: "HIGH",
      conditionName: "CPU above 90%",
      conditionKind: "cpu",
    });
    expect(world.hooksFor(deviceId)).toHaveLength(1);
    expect(world.hooksFor(deviceId)[0]).toMatchObject({ kind: "ALERT_TRIGGERED", severity: "MAJOR" });
    expect(await healthOf(deviceId)).toBe("UNHEALTHY");
    // The API shows it with the value, first and last seen.
    const list = await world.admin.get("/api/alerts", { query: { deviceId: String(deviceId) } });
    const body = list.json<AlertListResponse>();
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ count: 3, value: 98, condition: { key: "cpu", kind: "cpu" } });
  });

  it("resets on RESET (cause RECOVERED), notifies the reset, and a new trigger opens a new alert", async () => {
    const deviceId = await freshDevice();
    const send = (state: "TRIGGERED" | "RESET") =>
      sendEvents(world.ctx, deviceId, world.place.organizationId, [{ key: "cpu", state, value: 95 }]);
    await send("TRIGGERED");
    await send("RESET");
    let rows = await world.alertsOf(deviceId);
    expect(rows[0]).toMatchObject({ status: "RESET", resetCause: "RECOVERED" });
    expect(await healthOf(deviceId)).toBe("HEALTHY");
    expect(world.hooksFor(deviceId).map((b) => b.kind)).toEqual(["ALERT_TRIGGERED", "ALERT_RESET"]);
    await send("TRIGGERED");
    rows = await world.alertsOf(deviceId);
    expect(rows.map((r) => r.status)).toEqual(["RESET", "OPEN"]);
    const activities = await world.ctx.deps.db
      .select({ type: deviceActivities.type, message: deviceActivities.message })
      .from(deviceActivities)
      .where(eq(deviceActivities.deviceId, deviceId));
    const types = activities.map((a) => a.type);
    expect(types.filter((t) => t === "ALERT_TRIGGERED")).toHaveLength(2);
    expect(types.filter((t) => t === "ALERT_RESET")).toHaveLength(1);
    expect(types.filter((t) => t === "ALERT_NOTIFIED")).toHaveLength(3);
    expect(activities.map((a) => a.message)).toContain("Alert reset: CPU above 90% recovered");
  });

  it("ignores keys the device's policy does not hold, and server-evaluated kinds sent by an agent", async () => {
    const policyId = await policyWith(world.admin, {
      cpu: cpuCondition(),
      down: cpuCondition({ name: "Offline", check: { kind: "agentDown", minutes: 5 } }),
    });
    const deviceId = await deviceWith(world.ctx, world.admin, world.place, policyId);
    await sendEvents(world.ctx, deviceId, world.place.organizationId, [
      { key: "made-up", state: "TRIGGERED", value: 1 },
      { key: "down", state: "TRIGGERED", value: 1 },
    ]);
    expect(await world.alertsOf(deviceId)).toEqual([]);
  });

  it("takes a condition a matching dynamic policy adds, and ignores it once the device stops matching", async () => {
    const policyId = await policyWith(world.admin, { cpu: cpuCondition() });
    const deviceId = await deviceWith(world.ctx, world.admin, world.place, policyId);
    const tag = `dyn${Math.random().toString(36).slice(2, 8)}`;
    const made = await world.admin.post("/api/dynamic-policies", {
      name: `Dynamic ${tag}`,
      deviceClass: "WINDOWS_WORKSTATION",
      criteria: { tags: [tag] },
      sections: {
        conditions: {
          configure: true,
          items: {
            memory: cpuCondition({
              name: "Memory above 95%",
              check: { kind: "memory", comparator: "GT", value: 95 },
            }),
          },
        },
      },
    });
    expect(made.statusCode, made.body).toBe(201);

    // Not matching yet: the dynamic policy's condition is not the device's.
    await sendEvents(world.ctx, deviceId, world.place.organizationId, [
      { key: "memory", state: "TRIGGERED", value: 97 },
    ]);
    expect(await world.alertsOf(deviceId)).toEqual([]);

    expect((await world.admin.post(`/api/devices/${deviceId}/tags`, { tag })).statusCode).toBeLessThan(300);
    // The ingest reuses a device's conditions for a short while; an agent only reports the new
    // condition once the merged policy reached it, later than that.
    world.ctx.services.alerts.forgetConditions();
    await sendEvents(world.ctx, deviceId, world.place.organizationId, [
      { key: "memory", state: "TRIGGERED", value: 97 },
    ]);
    const opened = await world.alertsOf(deviceId);
    expect(opened.map((a) => [a.conditionKey, a.conditionName, a.status])).toEqual([
      ["memory", "Memory above 95%", "OPEN"],
    ]);
  });

  it("takes name, severity and channels from the policy, never from the agent; the organization is the device's", async () => {
    const deviceId = await freshDevice({ severity: "CRITICAL", name: "Policy's name" });
    const other = await createOrganization(world.ctx);
    await sendEvents(world.ctx, deviceId, other.organizationId, [
      { key: "cpu", state: "TRIGGERED", value: 91 },
    ]);
    const [row] = await world.alertsOf(deviceId);
    expect(row).toMatchObject({ severity: "CRITICAL", conditionName: "Policy's name" });
    expect(row!.organizationId).toBe(world.place.organizationId);
  });

  it("places times of an agent whose clock is off on the server's clock", async () => {
    const deviceId = await freshDevice();
    const agentNow = Date.now() - 3 * 3_600_000; // three hours behind
    await sendEvents(
      world.ctx,
      deviceId,
      world.place.organizationId,
      [{ key: "cpu", state: "TRIGGERED", at: agentNow - MIN }],
      {
        sentAt: agentNow,
      },
    );
    const [row] = await world.alertsOf(deviceId);
    expect(Math.abs(row!.firstSeenAt.getTime() - (Date.now() - MIN))).toBeLessThan(10_000);
  });

  it("a snapshot resets open alerts it does not list (RECOVERED, or CONDITION_REMOVED once the condition left the policy) and does not count a repeat", async () => {
    const policyId = await policyWith(world.admin, {
      cpu: cpuCondition({ channelIds: [world.channelId] }),
      mem: cpuCondition({ name: "Memory", check: { kind: "memory", comparator: "GT", value: 90 } }),
      disk: cpuCondition({ name: "Disk", check: { kind: "diskUsage", comparator: "GT", value: 90 } }),
    });
    const deviceId = await deviceWith(world.ctx, world.admin, world.place, policyId);
    await sendEvents(world.ctx, deviceId, world.place.organizationId, [
      { key: "cpu", state: "TRIGGERED", value: 95 },
      { key: "mem", state: "TRIGGERED", value: 95 },
      { key: "disk", state: "TRIGGERED", value: 95 },
    ]);
    // The disk condition leaves the policy.
    const patched = await world.admin.patch(`/api/policies/${policyId}`, {
      items: {
        conditions: {
          cpu: cpuCondition({ channelIds: [world.channelId] }),
          mem: cpuCondition({ name: "Memory", check: { kind: "memory", comparator: "GT", value: 90 } }),
        },
      },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    await sendEvents(
      world.ctx,
      deviceId,
      world.place.organizationId,
      [{ key: "cpu", state: "TRIGGERED", value: 96 }],
      {
        snapshot: true,
      },
    );
    const rows = await world.alertsOf(deviceId);
    const byKey = new Map(rows.map((r) => [r.conditionKey, r]));
    expect(byKey.get("cpu")).toMatchObject({ status: "OPEN", count: 1, value: 96 });
    expect(byKey.get("mem")).toMatchObject({ status: "RESET", resetCause: "RECOVERED" });
    expect(byKey.get("disk")).toMatchObject({ status: "RESET", resetCause: "CONDITION_REMOVED" });
    expect(await healthOf(deviceId)).toBe("UNHEALTHY");
  });

  it("keeps one open alert per device and condition even when triggers arrive at once", async () => {
    const deviceId = await freshDevice();
    await Promise.all(
      [1, 2, 3, 4, 5].map((v) =>
        sendEvents(world.ctx, deviceId, world.place.organizationId, [
          { key: "cpu", state: "TRIGGERED", value: 90 + v },
        ]),
      ),
    );
    const rows = await world.alertsOf(deviceId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.count).toBe(5);
  });

  it("marks a condition that toggles too often as flapping, notifies that once, then stays quiet", async () => {
    const deviceId = await freshDevice();
    const start = Date.now() - 20 * MIN;
    // Six changes within 30 minutes: the sixth starts flapping; four more changes follow.
    for (let i = 0; i < FLAP_MAX_TRANSITIONS + 5; i += 1)
      await sendEvents(
        world.ctx,
        deviceId,
        world.place.organizationId,
        [{ key: "cpu", state: i % 2 === 0 ? "TRIGGERED" : "RESET", at: start + i * MIN, value: 95 }],
        { sentAt: Date.now() },
      );
    const kinds = world.hooksFor(deviceId).map((b) => b.kind);
    // Five changes notified one by one, then one "flapping", then nothing.
    expect(kinds).toEqual([
      "ALERT_TRIGGERED",
      "ALERT_RESET",
      "ALERT_TRIGGERED",
      "ALERT_RESET",
      "ALERT_TRIGGERED",
      "ALERT_FLAPPING",
    ]);
    const rows = await world.alertsOf(deviceId);
    expect(rows.at(-1)).toMatchObject({ status: "RESET", flapping: true });
    const list = await world.admin.get("/api/alerts", {
      query: { deviceId: String(deviceId), status: "RESET" },
    });
    expect(list.json<AlertListResponse>().items.some((a) => a.flapping)).toBe(true);
  });

  it("runs the condition's automation scripts on the device as jobs when it opens, not on a repeat", async () => {
    const script = await world.admin.post("/api/scripts", {
      name: `Clean up ${Math.random().toString(36).slice(2, 8)}`,
      language: "powershell",
      os: "WINDOWS",
      body: "Write-Output cleanup",
    });
    expect(script.statusCode, script.body).toBe(201);
    const deviceId = await freshDevice({ automationScriptIds: [script.json<{ id: number }>().id] });
    await sendEvents(world.ctx, deviceId, world.place.organizationId, [
      { key: "cpu", state: "TRIGGERED", value: 95 },
    ]);
    await sendEvents(world.ctx, deviceId, world.place.organizationId, [
      { key: "cpu", state: "TRIGGERED", value: 96 },
    ]);
    const queued = await world.ctx.deps.db
      .select({ jobType: jobs.jobType, jobName: jobs.jobName })
      .from(jobs)
      .where(and(eq(jobs.deviceId, deviceId)));
    expect(queued).toEqual([{ jobType: "ACTION", jobName: "CPU above 90%: automation" }]);
  });

  it("emails technicians who chose the severity, when the condition notifies technicians", async () => {
    const inOrg = { permissions: ["devices.read" as const], organizationIds: [world.place.organizationId] };
    const wants = await signedInClient(world.ctx, inOrg);
    await wants.client.put("/api/me/preferences", { alertEmailSeverities: ["MINOR"] });
    const not = await signedInClient(world.ctx, inOrg);
    await not.client.put("/api/me/preferences", { alertEmailSeverities: ["CRITICAL"] });
    const elsewhere = await signedInClient(world.ctx, { ...inOrg, organizationIds: [] });
    await elsewhere.client.put("/api/me/preferences", { alertEmailSeverities: ["MINOR"] });
    const deviceId = await freshDevice({ severity: "MINOR", notifyTechnicians: true, channelIds: [] });
    world.ctx.outbox.length = 0;
    await sendEvents(world.ctx, deviceId, world.place.organizationId, [
      { key: "cpu", state: "TRIGGERED", value: 95, detail: "CPU 95%" },
    ]);
    const to = world.ctx.outbox.map((m) => m.to);
    expect(to).toContain(wants.email);
    expect(to).not.toContain(not.email);
    expect(to).not.toContain(elsewhere.email);
    const mail = world.ctx.outbox.find((m) => m.to === wants.email)!;
    expect(mail.subject).toMatch(/^\[MINOR\] CPU above 90% on /);
    expect(mail.text).toContain("Detail: CPU 95%");
  });
});
