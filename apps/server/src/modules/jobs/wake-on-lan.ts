import { randomUUID } from "node:crypto";
import { and, eq, inArray, ne } from "drizzle-orm";
import { sharedEn, type agent } from "@steward/contracts";
import { ipv4Broadcast, ipv4Network, normalizeMac } from "@steward/domain";
import { AppError } from "../../platform/errors/app-error.js";
import type { AppDeps } from "../../platform/deps.js";
import { inScope, type Scope } from "../../platform/identity/index.js";
import { deviceInventories, devices } from "../devices/devices.tables.js";

/** No online device can send the wake packet: 500 with this result code (spelled as clients expect it). */
export const NO_USABLE_MAC_ADDRESSES = "NO_USABLE_MAC_ADRESSES";
export const NO_USABLE_MESSAGE = sharedEn.errors.jobs.noWakingDevice;

type Adapter = agent.Inventory["network"][number];

function networksOf(adapters: Adapter[] | undefined) {
  const out: { network: string; broadcast: string }[] = [];
  for (const a of adapters ?? []) {
    for (const ip of a.ipv4) {
      const network = a.subnet ? ipv4Network(ip, a.subnet) : null;
      const broadcast = a.subnet ? ipv4Broadcast(ip, a.subnet) : null;
      if (network && broadcast) out.push({ network, broadcast });
    }
  }
  return out;
}

/**
 * GET /api/node/{id}/wakeup: an online agent of the same organization and subnet sends the
 * magic packet for the target's MAC addresses. The target and the relay are both taken from the
 * caller's scope: a target outside it answers like an unknown device.
 */
export function createWakeOnLan(deps: Pick<AppDeps, "db" | "bus">) {
  const inventoryOf = async (ids: number[]) => {
    if (ids.length === 0) return new Map<number, Partial<agent.Inventory>>();
    const rows = await deps.db
      .select()
      .from(deviceInventories)
      .where(inArray(deviceInventories.deviceId, ids));
    return new Map(rows.map((r) => [r.deviceId, r.inventory as Partial<agent.Inventory>]));
  };
  const unusable = () =>
    new AppError(
      "E_NO_USABLE_MAC_ADDRESSES",
      500,
      { id: "errors.jobs.noWakingDevice" },
      undefined,
      NO_USABLE_MAC_ADDRESSES,
    );

  return async function wake(scope: Scope, deviceId: number) {
    const [target] = await deps.db
      .select({ id: devices.id, organizationId: devices.organizationId })
      .from(devices)
      .where(and(eq(devices.id, deviceId), inScope(scope, devices.organizationId)));
    if (!target) throw new AppError("E_DEVICE_NOT_FOUND", 404, { id: "errors.devices.noSuch" });
    const inventory = (await inventoryOf([target.id])).get(target.id);
    const macs = [
      ...new Set(
        (inventory?.network ?? []).map((a) => normalizeMac(a.mac)).filter((m): m is string => m !== null),
      ),
    ];
    const targetNets = networksOf(inventory?.network);
    if (macs.length === 0 || targetNets.length === 0) throw unusable();

    const candidates = await deps.db
      .select({ id: devices.id })
      .from(devices)
      .where(
        and(
          eq(devices.organizationId, target.organizationId),
          inScope(scope, devices.organizationId),
          eq(devices.status, "UP"),
          eq(devices.approvalStatus, "APPROVED"),
          ne(devices.id, target.id),
        ),
      );
    const inventories = await inventoryOf(candidates.map((c) => c.id));
    for (const candidate of candidates) {
      const shared = networksOf(inventories.get(candidate.id)?.network).find((n) =>
        targetNets.some((t) => t.network === n.network),
      );
      if (!shared) continue;
      const requestId = `wol-${randomUUID()}`;
      deps.bus.emit("wakeOnLan", {
        relayId: candidate.id,
        requestId,
        targets: macs.map((mac) => ({ mac, broadcast: shared.broadcast })),
      });
      return { resultCode: "SUCCESS" as const, relayNodeId: candidate.id, macAddresses: macs };
    }
    throw unusable();
  };
}
