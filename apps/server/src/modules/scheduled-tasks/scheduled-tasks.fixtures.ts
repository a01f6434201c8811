import { randomBytes } from "node:crypto";
import type { agent } from "@steward/contracts";
import type { TestContext } from "../../testing/test-app.js";

/** Test factory: a device enrolled the way the agent listener does it (approved unless told otherwise). */
export async function enrollTestDevice(
  ctx: TestContext,
  place: { organizationId: number; locationId: number },
  approvalStatus: "APPROVED" | "PENDING" = "APPROVED",
) {
  const inventory: agent.Inventory = {
    hostname: `sched-${randomBytes(3).toString("hex")}`,
    os: { family: "LINUX", name: "Debian GNU/Linux", version: "12", arch: "x64" },
    cpu: { model: "Test CPU", cores: 2, logicalCores: 2, speedGhz: 2 },
    memory: { totalBytes: 4 * 1024 ** 3 },
    disks: [],
    volumes: [],
    network: [],
    uptimeSeconds: 60,
    lastBootAt: new Date().toISOString(),
    loggedInUsers: [],
    software: [],
    pendingReboot: false,
    agentVersion: "1.0.0",
  };
  return ctx.services.devices.enroll({
    ...place,
    publicKey: randomBytes(32).toString("base64"),
    approvalStatus,
    inventory,
    publicIp: null,
    enrollmentTokenId: null,
    simulated: false,
  });
}
