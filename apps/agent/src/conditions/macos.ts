import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { cpuTimesFromOs } from "../metrics/readings.js";
import { parseMacApplications } from "../inventory/software-parsers.js";
import { findSoftware } from "./windows.js";
import {
  run,
  type FsUsage,
  type ProcessInfo,
  type ServiceState,
  type SmartDisk,
  type SystemProbe,
} from "./probe.js";

/** `vm_stat`: memory in use is active, wired and compressed pages. */
export function parseVmStat(text: string): number | undefined {
  const pageSize = Number(/page size of (\d+) bytes/.exec(text)?.[1]);
  const pages = (label: string) => Number(new RegExp(`^${label}:\\s+(\\d+)`, "m").exec(text)?.[1] ?? NaN);
  const used =
    pages("Pages active") + pages("Pages wired down") + (pages("Pages occupied by compressor") || 0);
  return Number.isFinite(pageSize) && Number.isFinite(used) ? used * pageSize : undefined;
}

/** `df -k -P -l`: local filesystems on a device, in KiB. */
export function parseDf(text: string): FsUsage[] {
  return text
    .split("\n")
    .slice(1)
    .map((l) => /^(\S+)\s+(\d+)\s+(\d+)\s+(\d+)\s+\d+%\s+(.+)$/.exec(l.trim()))
    .filter((m): m is RegExpExecArray => !!m && m[1]!.startsWith("/dev/"))
    .filter((m) => !m[5]!.startsWith("/System/Volumes/") || m[5] === "/System/Volumes/Data")
    .map((m) => ({ mount: m[5]!, totalBytes: Number(m[2]) * 1024, freeBytes: Number(m[4]) * 1024 }));
}

/** `netstat -ibn`: bytes in and out summed over the link rows of every interface but loopback. */
export function parseNetstatIb(text: string): { rx: number; tx: number } {
  const lines = text.split("\n");
  const header = lines[0]?.trim().split(/\s+/) ?? [];
  const ib = header.indexOf("Ibytes");
  const ob = header.indexOf("Obytes");
  let rx = 0;
  let tx = 0;
  for (const line of lines.slice(1)) {
    const f = line.trim().split(/\s+/);
    // One row per interface carries the link counters ("<Link#4>"); the address rows repeat them.
    if (!f[2]?.startsWith("<Link#") || f[0]!.startsWith("lo")) continue;
    // A link row without an address has one field less before the counters.
    const shift = f.length === header.length - 1 ? -1 : 0;
    rx += Number(f[ib + shift]) || 0;
    tx += Number(f[ob + shift]) || 0;
  }
  return { rx, tx };
}

/** `ps -axo pid=,pcpu=,rss=,comm=`: %CPU of one core, resident KiB, the program's path. */
export function parsePs(text: string, cores = os.cpus().length): ProcessInfo[] {
  return text
    .split("\n")
    .map((l) => /^\s*(\d+)\s+([\d.]+)\s+(\d+)\s+(.+)$/.exec(l))
    .filter((m): m is RegExpExecArray => !!m)
    .map((m) => ({
      pid: Number(m[1]),
      name: path.basename(m[4]!.trim()),
      memoryBytes: Number(m[3]) * 1024,
      cpuPercent: Number(m[2]) / Math.max(1, cores),
    }));
}

/** `launchctl list`: "PID Status Label" rows; a daemon runs when it has a PID. */
export function parseLaunchctlList(text: string, label: string): ServiceState {
  for (const line of text.split("\n").slice(1)) {
    const [pid, , name] = line.split("\t");
    if (name?.trim() === label) return pid && /^\d+$/.test(pid.trim()) ? "RUNNING" : "STOPPED";
  }
  return "MISSING";
}

/** `log show --style ndjson`: entries whose message (or process) matches. */
export function countLogShow(text: string, pattern: RegExp): number {
  let count = 0;
  for (const line of text.split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      const e = JSON.parse(line) as { eventMessage?: string; processImagePath?: string };
      if (
        e.eventMessage !== undefined &&
        pattern.test(`${path.basename(e.processImagePath ?? "")} ${e.eventMessage}`)
      )
        count++;
    } catch {
      // A line cut off at the end.
    }
  }
  return count;
}

/** `softwareupdate -l`: an update that needs a restart waits. */
export function parseSoftwareUpdateRestart(text: string): boolean {
  return /Action:\s*restart/i.test(text) || /\[restart\]/i.test(text);
}

/** `diskutil info -all`: each disk's "SMART Status" (those that do not support it are left out). */
export function parseDiskutilSmart(text: string): SmartDisk[] {
  const out: SmartDisk[] = [];
  for (const block of text.split(/\*{5,}/)) {
    const id = /Device Identifier:\s*(\S+)/.exec(block)?.[1];
    const status = /SMART Status:\s*(.+)/.exec(block)?.[1]?.trim();
    if (!id || !status || /not supported/i.test(status)) continue;
    out.push({ disk: id, passed: /verified/i.test(status), status });
  }
  return out;
}

/** macOS: vm_stat, df, netstat, ps, launchctl, log show, softwareupdate, system_profiler, diskutil. */
export class MacProbe implements SystemProbe {
  readonly platform = "darwin" as const;
  private lastNet:
    | { at: number; rx: number; tx: number; rate: { inBytes: number; outBytes: number } | undefined }
    | undefined;

  async cpuTimes() {
    return cpuTimesFromOs();
  }

  async memory() {
    const totalBytes = os.totalmem();
    const used = parseVmStat((await run("vm_stat", [])).stdout);
    return { usedBytes: used ?? totalBytes - os.freemem(), totalBytes };
  }

  async filesystems(mount?: string) {
    if (mount) {
      const s = await fs.promises.statfs(mount);
      return [{ mount, totalBytes: s.blocks * s.bsize, freeBytes: s.bavail * s.bsize }];
    }
    return parseDf((await run("df", ["-k", "-P", "-l"])).stdout);
  }

  async diskActivity(): Promise<never> {
    throw new Error("macOS does not report how busy a disk is");
  }

  async networkRate() {
    const now = Date.now();
    if (this.lastNet && now - this.lastNet.at < 1000) return this.lastNet.rate;
    const { rx, tx } = parseNetstatIb((await run("netstat", ["-ibn"])).stdout);
    const previous = this.lastNet;
    const seconds = previous ? (now - previous.at) / 1000 : 0;
    const rate = previous
      ? {
          inBytes: Math.max(0, (rx - previous.rx) / seconds),
          outBytes: Math.max(0, (tx - previous.tx) / seconds),
        }
      : undefined;
    this.lastNet = { at: now, rx, tx, rate };
    return rate;
  }

  async processes() {
    return parsePs((await run("ps", ["-axo", "pid=,pcpu=,rss=,comm="])).stdout);
  }

  async service(name: string) {
    return parseLaunchctlList((await run("launchctl", ["list"])).stdout, name);
  }

  async logMatches(q: { source: string; log?: string | undefined; pattern: RegExp; since: Date }) {
    if (q.source === "EVENT_LOG") throw new Error("the Windows event log does not exist on macOS");
    const minutes = Math.max(1, Math.ceil((Date.now() - q.since.getTime()) / 60_000));
    const args = ["show", "--last", `${minutes}m`, "--style", "ndjson"];
    if (q.log) args.push("--process", q.log);
    return countLogShow((await run("log", args, { timeoutMs: 120_000 })).stdout, q.pattern);
  }

  async pendingReboot() {
    return parseSoftwareUpdateRestart((await run("softwareupdate", ["-l"], { timeoutMs: 180_000 })).stdout);
  }

  async uptimeSeconds() {
    return os.uptime();
  }

  async software(name: string) {
    const apps = parseMacApplications(
      (await run("system_profiler", ["SPApplicationsDataType", "-json"], { timeoutMs: 120_000 })).stdout,
    );
    const found = findSoftware(apps, name);
    if (found !== undefined) return found;
    const pkgs = (await run("pkgutil", ["--pkgs"])).stdout.split("\n").map((l) => l.trim());
    return pkgs.includes(name) ? "" : undefined;
  }

  async smart() {
    return parseDiskutilSmart((await run("diskutil", ["info", "-all"], { timeoutMs: 60_000 })).stdout);
  }

  async antivirus() {
    // XProtect keeps no state another program can read; nothing else is assumed.
    return { available: false };
  }
}
