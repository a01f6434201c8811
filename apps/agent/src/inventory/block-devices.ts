import fs from "node:fs";
import path from "node:path";
import type { agent } from "@steward/contracts";

type Disk = agent.Inventory["disks"][number];

/** Block devices that are not whole physical or virtual disks: loops, RAM disks, optical, mapper, RAID. */
const NOT_A_DISK = /^(loop|ram|zram|sr|fd|nbd|dm-|md)/;

const read = (file: string): string => {
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    return "";
  }
};

/**
 * Linux whole disks as /sys/block lists them. systeminformation skips disks without a model that
 * hold a file system directly or do not report discard support, which is what many virtual
 * machines' virtio disks look like; this reads them instead when it finds none.
 */
export function linuxBlockDisks(root = "/sys/block"): Disk[] {
  let names: string[];
  try {
    names = fs.readdirSync(root);
  } catch {
    return [];
  }
  return names
    .filter((name) => !NOT_A_DISK.test(name))
    .sort()
    .map((name): Disk => {
      // The size file counts 512-byte sectors whatever the device's sector size.
      const sizeBytes = (Number(read(path.join(root, name, "size"))) || 0) * 512;
      const model = read(path.join(root, name, "device", "model"));
      const rotational = read(path.join(root, name, "queue", "rotational"));
      return {
        device: `/dev/${name}`,
        ...(model ? { model } : {}),
        ...(rotational === "0" ? { type: "SSD" } : rotational === "1" ? { type: "HD" } : {}),
        sizeBytes,
      };
    })
    .filter((disk) => disk.sizeBytes > 0)
    .slice(0, 64);
}
