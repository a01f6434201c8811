import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { agent } from "@steward/contracts";
import { devices } from "../modules/devices/devices.tables.js";
import type { TestContext } from "./test-app.js";

const GB = 1024 ** 3;

/** A realistic inventory; override any section. */
export function makeInventory(overrides: Partial<agent.Inventory> = {}): agent.Inventory {
  return {
    hostname: `host-${randomBytes(3).toString("hex")}`,
    os: { family: "WINDOWS", name: "Microsoft Windows 11 Pro", version: "10.0.22631", arch: "x64" },
    cpu: { model: "Intel Core i5-1245U", cores: 10, logicalCores: 12, speedGhz: 1.6 },
    memory: { totalBytes: 16 * GB },
    disks: [{ device: "\\\\.\\PHYSICALDRIVE0", sizeBytes: 512 * GB }],
    volumes: [{ mount: "C:", fsType: "NTFS", sizeBytes: 500 * GB, freeBytes: 200 * GB }],
    network: [
      { name: "Ethernet", mac: "02:00:00:00:00:01", ipv4: ["10.1.2.3"], ipv6: ["fe80::1"], up: true },
    ],
    uptimeSeconds: 3600,
    lastBootAt: new Date(Date.now() - 3600_000).toISOString(),
    loggedInUsers: [{ name: "alice" }],
    software: [
      { name: "Google Chrome", version: "131.0", publisher: "Google LLC" },
      { name: "7-Zip 24.08 (x64)", version: "24.08", publisher: "Igor Pavlov" },
      { name: "Microsoft Edge", version: "131.0.2903.70", publisher: "Microsoft Corporation" },
    ],
    pendingReboot: false,
    agentVersion: "1.0.0",
    ...overrides,
  };
}

export interface EnrollOptions {
  inventory?: Partial<agent.Inventory>;
  approvalStatus?: "APPROVED" | "PENDING";
  status?: "UP" | "DOWN";
  publicIp?: string | null;
  /** false: the agent never connected (last contact stays null). */
  contacted?: boolean;
}

/** Enrolls a device the way the agent listener does (service.enroll), then sets its presence. */
export async function enrollDevice(
  ctx: TestContext,
  place: { organizationId: number; locationId: number },
  options: EnrollOptions = {},
) {
  const service = ctx.services.devices;
  const row = await service.enroll({
    ...place,
    publicKey: randomBytes(32).toString("base64"),
    approvalStatus: options.approvalStatus ?? "APPROVED",
    inventory: makeInventory(options.inventory),
    publicIp: options.publicIp === undefined ? "203.0.113.7" : options.publicIp,
    enrollmentTokenId: null,
    simulated: false,
  });
  if (options.status === "UP") await service.markUp(row.id, undefined);
  else if (options.contacted !== false) {
    await ctx.deps.db
      .update(devices)
      .set({ lastContactAt: sql`now()` })
      .where(eq(devices.id, row.id));
  }
  return row;
}
