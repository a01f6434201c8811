import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { linuxBlockDisks } from "./block-devices.js";

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((r) => fs.rmSync(r, { recursive: true, force: true })));

/** A /sys/block look-alike: name → files under it. */
function sysBlock(devices: Record<string, Record<string, string>>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "sys-block-"));
  roots.push(root);
  for (const [name, files] of Object.entries(devices)) {
    for (const [file, content] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, name, file)), { recursive: true });
      fs.writeFileSync(path.join(root, name, file), `${content}\n`);
    }
  }
  return root;
}

describe("Linux whole disks from /sys/block", () => {
  it("lists virtio and NVMe disks with size, model and type; skips loops, RAM disks and empty drives", () => {
    const root = sysBlock({
      vda: { size: "536870912", "queue/rotational": "1" },
      nvme0n1: { size: "1000215216", "device/model": "Samsung SSD 980", "queue/rotational": "0" },
      loop0: { size: "1024" },
      zram0: { size: "8" },
      sr0: { size: "0" },
      sdb: { size: "0", "device/model": "Card reader" },
    });
    expect(linuxBlockDisks(root)).toEqual([
      { device: "/dev/nvme0n1", model: "Samsung SSD 980", type: "SSD", sizeBytes: 1000215216 * 512 },
      { device: "/dev/vda", type: "HD", sizeBytes: 256 * 1024 ** 3 },
    ]);
  });

  it("is empty where there is no /sys/block", () => {
    expect(linuxBlockDisks(path.join(os.tmpdir(), "no-such-sys-block"))).toEqual([]);
  });
});
