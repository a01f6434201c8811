import { execFile } from "node:child_process";
import fs from "node:fs";
import { promisify } from "node:util";
import si from "systeminformation";
import type { agent } from "@steward/contracts";
import { AGENT_VERSION } from "../version.js";
import { linuxBlockDisks } from "./block-devices.js";
import { parseDpkg, parseMacApplications, parseRpm, parseWindowsUninstall } from "./software-parsers.js";

type Inventory = agent.Inventory;
const run = promisify(execFile);

async function output(cmd: string, args: string[]): Promise<string | undefined> {
  try {
    const { stdout } = await run(cmd, args, {
      maxBuffer: 64 * 1024 * 1024,
      timeout: 60_000,
      windowsHide: true,
    });
    return stdout;
  } catch {
    return undefined;
  }
}

export function osFamily(platform: string): agent.OsFamily {
  if (platform === "win32" || platform === "Windows") return "WINDOWS";
  if (platform === "darwin") return "MAC";
  if (platform === "linux") return "LINUX";
  return "OTHER";
}

async function installedSoftware(): Promise<agent.InventorySoftware[]> {
  if (process.platform === "linux") {
    const dpkg = await output("dpkg-query", [
      "-W",
      "-f=${Package}\\t${Version}\\t${Maintainer}\\t${db:Status-Abbrev}\\n",
    ]);
    if (dpkg) return parseDpkg(dpkg);
    const rpm = await output("rpm", [
      "-qa",
      "--queryformat",
      "%{NAME}\\t%{VERSION}-%{RELEASE}\\t%{VENDOR}\\t%{INSTALLTIME}\\n",
    ]);
    return rpm ? parseRpm(rpm) : [];
  }
  if (process.platform === "win32") {
    const keys = [
      "HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Uninstall",
      "HKLM\\SOFTWARE\\WOW6432Node\\Microsoft\\Windows\\CurrentVersion\\Uninstall",
    ];
    const outputs = await Promise.all(keys.map((k) => output("reg", ["query", k, "/s"])));
    return parseWindowsUninstall(outputs.filter(Boolean).join("\n"));
  }
  if (process.platform === "darwin") {
    const json = await output("system_profiler", ["SPApplicationsDataType", "-json"]);
    return json ? parseMacApplications(json) : [];
  }
  return [];
}

async function pendingReboot(): Promise<boolean> {
  if (process.platform === "linux")
    return fs.existsSync("/var/run/reboot-required") || fs.existsSync("/run/reboot-required");
  if (process.platform === "win32") {
    const cbs = await output("reg", [
      "query",
      "HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Component Based Servicing\\RebootPending",
    ]);
    const wu = await output("reg", [
      "query",
      "HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\WindowsUpdate\\Auto Update\\RebootRequired",
    ]);
    return cbs !== undefined || wu !== undefined;
  }
  return false;
}

/** Collects the whole inventory of this machine. */
export async function collectInventory(): Promise<Inventory> {
  const [osInfo, cpu, mem, layout, fsSize, nics, gateway, time, users, software, reboot] = await Promise.all([
    si.osInfo(),
    si.cpu(),
    si.mem(),
    si.diskLayout().catch(() => []),
    si.fsSize().catch(() => []),
    si.networkInterfaces().catch(() => []),
    si.networkGatewayDefault().catch(() => ""),
    Promise.resolve(si.time()),
    si.users().catch(() => []),
    installedSoftware(),
    pendingReboot(),
  ]);
  const nicList = Array.isArray(nics) ? nics : [nics];
  const uptimeSeconds = Math.floor(Number(time.uptime) || 0);
  return {
    hostname: osInfo.hostname || "unknown",
    os: {
      family: osFamily(process.platform),
      name: osInfo.distro || osInfo.platform,
      version: osInfo.release || "",
      ...(osInfo.build ? { build: osInfo.build } : {}),
      arch: osInfo.arch || process.arch,
      ...(osInfo.kernel ? { kernel: osInfo.kernel } : {}),
    },
    cpu: {
      model: `${cpu.manufacturer} ${cpu.brand}`.trim(),
      cores: cpu.physicalCores || cpu.cores,
      logicalCores: cpu.cores,
      speedGhz: cpu.speed || 0,
    },
    // Free memory is a metric, not inventory: it would make every report a change.
    memory: { totalBytes: mem.total },
    disks:
      layout.length === 0 && process.platform === "linux"
        ? linuxBlockDisks()
        : layout.slice(0, 64).map((d) => ({
            device: d.device || d.name,
            ...(d.name ? { model: d.name } : {}),
            ...(d.type ? { type: d.type } : {}),
            sizeBytes: Math.max(0, Math.floor(d.size || 0)),
          })),
    volumes: fsSize
      .filter((v) => v.size > 0)
      .slice(0, 128)
      .map((v) => ({
        mount: v.mount,
        fsType: v.type || "",
        sizeBytes: Math.floor(v.size),
        freeBytes: Math.max(0, Math.floor(v.available ?? v.size - v.used)),
      })),
    network: nicList
      .filter((n) => !n.internal && n.mac && n.mac !== "00:00:00:00:00:00")
      .slice(0, 64)
      .map((n) => ({
        name: n.ifaceName || n.iface,
        mac: n.mac,
        ipv4: n.ip4 ? [n.ip4] : [],
        ipv6: n.ip6 ? [n.ip6] : [],
        ...(n.ip4subnet ? { subnet: n.ip4subnet } : {}),
        ...(gateway && n.default ? { gateway } : {}),
        up: n.operstate === "up",
      })),
    uptimeSeconds,
    // Rounded to the minute so that the derived boot time does not jitter between reports.
    lastBootAt: new Date(Math.round((Date.now() - uptimeSeconds * 1000) / 60_000) * 60_000).toISOString(),
    loggedInUsers: users.slice(0, 200).map((u) => ({
      name: u.user,
      ...(u.tty ? { terminal: u.tty } : {}),
      ...(u.date ? { since: `${u.date} ${u.time}`.trim() } : {}),
    })),
    software,
    pendingReboot: reboot,
    agentVersion: AGENT_VERSION,
  };
}

/** Top-level sections whose content differs; the agent sends only these after the first report. */
export function changedSections(before: Inventory, after: Inventory): Partial<Inventory> {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof Inventory)[]) {
    // Uptime always moves; it is re-sent only with another change or every hour by the caller.
    if (key === "uptimeSeconds") continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes[key] = after[key];
  }
  return changes as Partial<Inventory>;
}
