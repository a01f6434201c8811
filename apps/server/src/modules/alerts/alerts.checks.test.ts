import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildServices } from "../../services.js";
import { customFields } from "../custom-fields/custom-fields.tables.js";
import { deviceFieldValues } from "../devices/device-field-values.tables.js";
import { devices } from "../devices/devices.tables.js";
import { cpuCondition, deviceWith, policyWith, sendEvents, useAlertsWorld } from "./alerts.fixtures.js";

const world = useAlertsWorld();

const MIN = 60_000;
const HOUR = 60 * MIN;

/** A server (the same database) whose clock reads `at`: what a restart at that time sees. */
function serverAt(at: number) {
  return buildServices(world.ctx.deps, { clock: () => new Date(at) });
}

async function downSince(deviceId: number, at: Date) {
  await world.ctx.deps.db
    .update(devices)
    .set({ status: "DOWN", statusChangedAt: at })
    .where(eq(devices.id, deviceId));
}

describe("agent down (evaluated by the server from presence)", () => {
  it("triggers once the device has been down for the minutes, and resets when it is back up", async () => {
    const policyId = await policyWith(world.admin, {
      offline: cpuCondition({
        name: "Offline 10 min",
        check: { kind: "agentDown", minutes: 10 },
        channelIds: [world.channelId],
      }),
    });
    const deviceId = await deviceWith(world.ctx, world.admin, world.place, policyId);
    await downSince(deviceId, new Date(Date.now() - 5 * MIN));
    await world.ctx.services.alerts.checks.agentDown();
    expect(await world.alertsOf(deviceId)).toEqual([]);
    // A restart later: the downtime is read from the stored presence.
    const later = serverAt(Date.now() + 6 * MIN);
    await later.alerts.checks.agentDown();
    await later.alerts.checks.agentDown();
    await later.alerts.engine.idle();
    const [open] = await world.alertsOf(deviceId);
    expect(open).toMatchObject({ status: "OPEN", conditionKind: "agentDown", count: 1 });
    expect(open!.value).toBeGreaterThanOrEqual(10);
    expect(world.hooksFor(deviceId)).toHaveLength(1);
    await world.ctx.services.devices.markUp(deviceId, undefined);
    await later.alerts.checks.agentDown();
    await later.alerts.engine.idle();
    expect((await world.alertsOf(deviceId))[0]).toMatchObject({ status: "RESET", resetCause: "RECOVERED" });
    expect(world.hooksFor(deviceId).map((b) => b.kind)).toEqual(["ALERT_TRIGGERED", "ALERT_RESET"]);
  });
});

describe("auto-reset", () => {
  it("resets an alert not seen again within the condition's minutes (cause AUTO_RESET), also after a restart", async () => {
    const policyId = await policyWith(world.admin, { cpu: cpuCondition({ autoResetMinutes: 15 }) });
    const deviceId = await deviceWith(world.ctx, world.admin, world.place, policyId);
    await sendEvents(world.ctx, deviceId, world.place.organizationId, [
      { key: "cpu", state: "TRIGGERED", value: 99 },
    ]);
    expect(await world.ctx.services.alerts.checks.autoReset()).toBe(0);
    expect((await world.alertsOf(deviceId))[0]!.status).toBe("OPEN");
    const restarted = serverAt(Date.now() + 16 * MIN);
    expect(await restarted.alerts.checks.autoReset()).toBe(1);
    expect((await world.alertsOf(deviceId))[0]).toMatchObject({ status: "RESET", resetCause: "AUTO_RESET" });
  });

  it("a repeat moves the auto-reset time on", async () => {
    const policyId = await policyWith(world.admin, { cpu: cpuCondition({ autoResetMinutes: 15 }) });
    const deviceId = await deviceWith(world.ctx, world.admin, world.place, policyId);
    await sendEvents(world.ctx, deviceId, world.place.organizationId, [
      { key: "cpu", state: "TRIGGERED", value: 99, at: Date.now() - 10 * MIN },
    ]);
    await sendEvents(world.ctx, deviceId, world.place.organizationId, [
      { key: "cpu", state: "TRIGGERED", value: 99 },
    ]);
    expect(await serverAt(Date.now() + 10 * MIN).alerts.checks.autoReset()).toBe(0);
    expect((await world.alertsOf(deviceId))[0]!.status).toBe("OPEN");
  });
});

describe("maintenance windows", () => {
  async function windowFor(deviceId: number, from: number, to: number, suppress: Record<string, boolean>) {
    const res = await world.admin.post(
      `/api/organizations/${world.place.organizationId}/maintenance-windows`,
      {
        name: `Window ${deviceId}`,
        targets: { deviceIds: [deviceId] },
        timing: {
          kind: "ONE_OFF",
          startsAt: new Date(from).toISOString(),
          endsAt: new Date(to).toISOString(),
        },
        suppress: { alerts: false, notifications: false, automations: false, ...suppress },
      },
    );
    expect(res.statusCode, res.body).toBe(201);
  }

  it("a window that suppresses alerts keeps a trigger from opening one", async () => {
    const policyId = await policyWith(world.admin, { cpu: cpuCondition({ channelIds: [world.channelId] }) });
    const deviceId = await deviceWith(world.ctx, world.admin, world.place, policyId);
    await windowFor(deviceId, Date.now() - MIN, Date.now() + HOUR, { alerts: true });
    await sendEvents(world.ctx, deviceId, world.place.organizationId, [
      { key: "cpu", state: "TRIGGERED", value: 99 },
    ]);
    expect(await world.alertsOf(deviceId)).toEqual([]);
    expect(world.hooksFor(deviceId)).toEqual([]);
  });

  it("one that holds back notifications opens the alert flagged, notifies neither it nor its repeats", async () => {
    const policyId = await policyWith(world.admin, { cpu: cpuCondition({ channelIds: [world.channelId] }) });
    const deviceId = await deviceWith(world.ctx, world.admin, world.place, policyId);
    await windowFor(deviceId, Date.now() - MIN, Date.now() + HOUR, { notifications: true });
    await sendEvents(world.ctx, deviceId, world.place.organizationId, [
      { key: "cpu", state: "TRIGGERED", value: 99 },
    ]);
    await sendEvents(world.ctx, deviceId, world.place.organizationId, [
      { key: "cpu", state: "TRIGGERED", value: 98 },
    ]);
    expect(await world.alertsOf(deviceId)).toMatchObject([{ status: "OPEN", inMaintenance: true, count: 2 }]);
    expect(world.hooksFor(deviceId)).toEqual([]);
  });

  it("ends on time across a restart: a trigger after the window's end (the server down meanwhile) notifies", async () => {
    const policyId = await policyWith(world.admin, { cpu: cpuCondition({ channelIds: [world.channelId] }) });
    const deviceId = await deviceWith(world.ctx, world.admin, world.place, policyId);
    const end = Date.now() + 30 * MIN;
    await windowFor(deviceId, Date.now() - MIN, end, {
      alerts: true,
      notifications: true,
      automations: true,
    });
    // During the window: nothing.
    await sendEvents(world.ctx, deviceId, world.place.organizationId, [
      { key: "cpu", state: "TRIGGERED", value: 99 },
    ]);
    expect(await world.alertsOf(deviceId)).toEqual([]);
    // The server stops, the window ends while it is down, the server starts again after the end.
    const restarted = serverAt(end + 5 * MIN);
    await restarted.alerts.acceptConditionEvents(deviceId, world.place.organizationId, {
      type: "condition-events",
      v: 1,
      sentAt: Date.now(),
      snapshot: true,
      events: [
        { key: "cpu", policyVersion: 1, state: "TRIGGERED", at: Date.now(), value: 97, detail: "CPU 97%" },
      ],
    });
    await restarted.alerts.engine.idle();
    expect(await world.alertsOf(deviceId)).toMatchObject([
      { status: "OPEN", inMaintenance: false, value: 97 },
    ]);
    expect(world.hooksFor(deviceId).map((b) => b.kind)).toEqual(["ALERT_TRIGGERED"]);
  });
});

describe("server-evaluated kinds other areas and fields raise", () => {
  it("patch failures raised by the patching area trigger at the condition's count and reset below it", async () => {
    const policyId = await policyWith(world.admin, {
      patches: cpuCondition({ name: "Patches failing", check: { kind: "patchFailures", count: 3 } }),
    });
    const deviceId = await deviceWith(world.ctx, world.admin, world.place, policyId);
    const raise = world.ctx.services.alerts.raiseConditionEvent;
    await raise(deviceId, "patchFailures", 2, "2 updates failed");
    expect(await world.alertsOf(deviceId)).toEqual([]);
    await raise(deviceId, "patchFailures", 3, "3 updates failed");
    await raise(deviceId, "patchFailures", 4, "4 updates failed");
    expect(await world.alertsOf(deviceId)).toMatchObject([
      { status: "OPEN", count: 2, value: 4, detail: "4 updates failed" },
    ]);
    await raise(deviceId, "patchFailures", 0, "updates installed");
    expect(await world.alertsOf(deviceId)).toMatchObject([{ status: "RESET", resetCause: "RECOVERED" }]);
    // A kind the device's policy does not watch raises nothing.
    await raise(deviceId, "backupFailures", 10, "backups failing");
    expect(await world.alertsOf(deviceId)).toHaveLength(1);
  });

  it("a custom field condition triggers on the device's value and resets when it changes", async () => {
    const name = `backupState${Math.random().toString(36).slice(2, 8)}`;
    const [field] = await world.ctx.deps.db
      .insert(customFields)
      .values({ scope: "GLOBAL", name, label: "Backup state", type: "TEXT" })
      .returning({ id: customFields.id });
    const policyId = await policyWith(world.admin, {
      field: cpuCondition({
        name: "Backup failed",
        check: { kind: "customField", field: name, operator: "EQ", value: "failed" },
      }),
    });
    const deviceId = await deviceWith(world.ctx, world.admin, world.place, policyId);
    const setValue = async (valueText: string) => {
      await world.ctx.deps.db
        .insert(deviceFieldValues)
        .values({ deviceId, fieldId: field!.id, valueText, source: "DEVICE" })
        .onConflictDoUpdate({
          target: [deviceFieldValues.deviceId, deviceFieldValues.fieldId],
          set: { valueText },
        });
    };
    await setValue("ok");
    await world.ctx.services.alerts.checks.customFields();
    expect(await world.alertsOf(deviceId)).toEqual([]);
    await setValue("Failed");
    await world.ctx.services.alerts.checks.customFields();
    await world.ctx.services.alerts.checks.customFields();
    expect(await world.alertsOf(deviceId)).toMatchObject([
      { status: "OPEN", count: 1, detail: `${name}: Failed` },
    ]);
    await setValue("ok");
    await world.ctx.services.alerts.checks.customFields();
    expect(await world.alertsOf(deviceId)).toMatchObject([{ status: "RESET", resetCause: "RECOVERED" }]);
  });
  it("a custom field condition is evaluated when the value is written (device or organization level), not only on the periodic pass", async () => {
    const name = `patchState${Math.random().toString(36).slice(2, 8)}`;
    const created = await world.admin.post("/api/custom-fields", {
      scope: "GLOBAL",
      name,
      label: "Patch state",
      type: "TEXT",
    });
    expect(created.statusCode, created.body).toBe(201);
    const fieldId = created.json<{ id: number }>().id;
    const policyId = await policyWith(world.admin, {
      field: cpuCondition({
        name: "Patching broken",
        check: { kind: "customField", field: name, operator: "EQ", value: "broken" },
      }),
    });
    const deviceId = await deviceWith(world.ctx, world.admin, world.place, policyId);
    const put = async (url: string, value: string | null) => {
      const res = await world.admin.put(url, { values: [{ fieldId, value }] });
      expect(res.statusCode, res.body).toBe(200);
    };
    // No periodic pass runs here: only the write itself can open or reset the alert.
    await put(`/api/devices/${deviceId}/custom-fields`, "broken");
    await expect
      .poll(async () => (await world.alertsOf(deviceId)).map((a) => a.status), { timeout: 10_000 })
      .toEqual(["OPEN"]);
    await put(`/api/devices/${deviceId}/custom-fields`, "fine");
    await expect
      .poll(async () => (await world.alertsOf(deviceId)).map((a) => a.status), { timeout: 10_000 })
      .toEqual(["RESET"]);
    // A value set for the organization reaches its devices that have none of their own.
    await put(`/api/devices/${deviceId}/custom-fields`, null);
    await put(`/api/organizations/${world.place.organizationId}/custom-fields`, "broken");
    await expect
      .poll(async () => (await world.alertsOf(deviceId)).filter((a) => a.status === "OPEN").length, {
        timeout: 10_000,
      })
      .toBe(1);
    await put(`/api/organizations/${world.place.organizationId}/custom-fields`, null);
  });
});
