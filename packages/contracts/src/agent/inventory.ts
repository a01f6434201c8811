import { z } from "zod";
import { agentText } from "../common.js";

// Everything here arrives from an agent and is untrusted: every string and list is bounded, and
// text is made storable (NULs dropped, lone surrogates replaced) rather than refusing the report.
const str = (max = 255) => agentText(max);
const bytes = z
  .number()
  .int()
  .nonnegative()
  .max(2 ** 60);

export const osFamily = z.enum(["WINDOWS", "MAC", "LINUX", "OTHER"]);
export type OsFamily = z.infer<typeof osFamily>;

export const inventoryOs = z.object({
  family: osFamily,
  name: str(),
  version: str(100),
  build: str(100).optional(),
  arch: str(40),
  kernel: str(200).optional(),
});

export const inventoryCpu = z.object({
  model: str(),
  cores: z.number().int().nonnegative().max(4096),
  logicalCores: z.number().int().nonnegative().max(8192),
  speedGhz: z.number().nonnegative().max(100),
});

export const inventoryMemory = z.object({ totalBytes: bytes, freeBytes: bytes.optional() });

export const inventoryDisk = z.object({
  device: str(),
  model: str().optional(),
  type: str(40).optional(),
  sizeBytes: bytes,
});

export const inventoryVolume = z.object({
  mount: str(1024),
  fsType: str(40),
  label: str().optional(),
  sizeBytes: bytes,
  freeBytes: bytes,
});
export type InventoryVolume = z.infer<typeof inventoryVolume>;

export const inventoryNetworkAdapter = z.object({
  name: str(),
  mac: str(40),
  ipv4: z.array(str(45)).max(32),
  ipv6: z.array(str(64)).max(32),
  subnet: str(45).optional(),
  gateway: str(45).optional(),
  up: z.boolean(),
});

export const inventoryUser = z.object({
  name: str(),
  terminal: str(100).optional(),
  since: str(40).optional(),
});

export const inventorySoftware = z.object({
  name: str(500),
  version: str(200),
  publisher: str(300).optional(),
  installedAt: str(40).optional(),
});
export type InventorySoftware = z.infer<typeof inventorySoftware>;

/** The full inventory an agent reports at enrollment; later only changed sections are sent. */
export const inventory = z.object({
  hostname: str(),
  os: inventoryOs,
  cpu: inventoryCpu,
  memory: inventoryMemory,
  disks: z.array(inventoryDisk).max(64),
  volumes: z.array(inventoryVolume).max(128),
  network: z.array(inventoryNetworkAdapter).max(64),
  uptimeSeconds: z
    .number()
    .int()
    .nonnegative()
    .max(2 ** 40),
  lastBootAt: str(40),
  loggedInUsers: z.array(inventoryUser).max(200),
  software: z.array(inventorySoftware).max(10_000),
  pendingReboot: z.boolean(),
  agentVersion: str(40),
});
export type Inventory = z.infer<typeof inventory>;
export type InventorySection = keyof Inventory;

/** A change report: the sections that differ from the last report, each replaced whole. */
export const inventoryDelta = inventory.partial();
export type InventoryDelta = z.infer<typeof inventoryDelta>;
