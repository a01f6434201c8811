import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseMemInfo, parseProcNetDev, parseProcStat } from "../metrics/readings.js";
import {
  run,
  type AntivirusState,
  type DiskActivity,
  type FsUsage,
  type ProcessInfo,
  type ServiceState,
  type SmartDisk,
  type SystemProbe,
} from "./probe.js";

/** Filesystem types that hold no user data (kernel views, memory-backed system mounts). */
const PSEUDO = new Set([
  "proc",
  "sysfs",
  "devtmpfs",
  "devpts",
  "cgroup",
  "cgroup2",
  "securityfs",
  "pstore",
  "debugfs",
  "tracefs",
  "configfs",
  "fusectl",
  "mqueue",
  "hugetlbfs",
  "bpf",
  "autofs",
  "binfmt_misc",
  "rpc_pipefs",
  "nsfs",
  "squashfs",
  "overlay",
  "efivarfs",
  "selinuxfs",
  "tmpfs",
]);

/** /proc/mounts lines: device, mount point, type (octal escapes such as \040 decoded). */
export function parseMounts(text: string): { source: string; mount: string; type: string }[] {
  const unescape = (s: string) =>
    s.replace(/\\([0-7]{3})/g, (_, o: string) => String.fromCharCode(parseInt(o, 8)));
  return text
    .split("\n")
    .map((l) => l.trim().split(/\s+/))
    .filter((f) => f.length >= 3)
    .map(([source, mount, type]) => ({ source: unescape(source!), mount: unescape(mount!), type: type! }));
}

/** The mounts that hold data: not kernel views, not memory-backed system mounts, each once. */
export function dataMounts(text: string): string[] {
  const seen = new Set<string>();
  for (const m of parseMounts(text))
    if (!PSEUDO.has(m.type) && !m.mount.startsWith("/snap/")) seen.add(m.mount);
  return [...seen];
}

/** Milliseconds each block device spent doing I/O since boot (/proc/diskstats, the 13th field). */
export function parseDiskstats(text: string): Map<string, number> {
  const busy = new Map<string, number>();
  for (const line of text.split("\n")) {
    const f = line.trim().split(/\s+/);
    if (f.length < 13) continue;
    const ms = Number(f[12]);
    if (Number.isFinite(ms)) busy.set(f[2]!, ms);
  }
  return busy;
}

/** A process from /proc/<pid>/stat: its short name, processor ticks and resident pages. */
export function parsePidStat(text: string): { name: string; ticks: number; rssPages: number } | undefined {
  const open = text.indexOf("(");
  const close = text.lastIndexOf(")");
  if (open < 0 || close < open) return undefined;
  const rest = text
    .slice(close + 2)
    .trim()
    .split(/\s+/);
  // After the name: state is field 3, so field n sits at n - 3 (utime 14, stime 15, rss 24).
  const utime = Number(rest[11]);
  const stime = Number(rest[12]);
  const rss = Number(rest[21]);
  if (![utime, stime, rss].every(Number.isFinite)) return undefined;
  return { name: text.slice(open + 1, close), ticks: utime + stime, rssPages: rss };
}

/** `systemctl show --property=LoadState,ActiveState` of one unit. */
export function parseSystemctlShow(text: string): ServiceState {
  const value = (key: string) => new RegExp(`^${key}=(.*)$`, "m").exec(text)?.[1]?.trim();
  if (value("LoadState") === "not-found") return "MISSING";
  const active = value("ActiveState");
  return active === "active" || active === "reloading" ? "RUNNING" : "STOPPED";
}

/** `smartctl -H <disk>`: ATA says "…self-assessment test result: PASSED", SCSI and NVMe "SMART Health Status: OK". */
export function parseSmartctlHealth(text: string): { passed: boolean; status: string } | undefined {
  const ata = /self-assessment test result:\s*(.+)$/im.exec(text);
  if (ata) return { passed: /^PASSED/i.test(ata[1]!.trim()), status: ata[1]!.trim() };
  const scsi = /SMART Health Status:\s*(.+)$/im.exec(text);
  if (scsi) return { passed: /^OK/i.test(scsi[1]!.trim()), status: scsi[1]!.trim() };
  return undefined;
}

/** `smartctl --scan`: "/dev/sda -d scsi # /dev/sda, SCSI device" → the device paths. */
export function parseSmartctlScan(text: string): string[] {
  return text
    .split("\n")
    .map((l) => l.trim().split(/\s+/)[0] ?? "")
    .filter((d) => d.startsWith("/dev/"));
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * Lines of a syslog file written since a moment that match. Lines start with an RFC 3339 time
 * (rsyslog's high-precision format) or with the traditional "Nov 24 11:37:56", which has no year:
 * it is the current one, or the one before when that would lie in the future.
 */
export function countSyslogMatches(
  text: string,
  pattern: RegExp,
  since: Date,
  now: Date = new Date(),
): number {
  let count = 0;
  for (const line of text.split("\n")) {
    if (!line) continue;
    let at: number | undefined;
    const iso = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2}))/.exec(line);
    if (iso) at = Date.parse(iso[1]!);
    else {
      const bsd = /^([A-Z][a-z]{2})\s+(\d{1,2}) (\d{2}):(\d{2}):(\d{2})/.exec(line);
      const month = bsd ? MONTHS.indexOf(bsd[1]!) : -1;
      if (bsd && month >= 0) {
        const [h, m, s] = [bsd[3], bsd[4], bsd[5]].map(Number) as [number, number, number];
        const day = Number(bsd[2]);
        let t = new Date(now.getFullYear(), month, day, h, m, s).getTime();
        if (t > now.getTime() + 86_400_000)
          t = new Date(now.getFullYear() - 1, month, day, h, m, s).getTime();
        at = t;
      }
    }
    if (at !== undefined && at >= since.getTime() && pattern.test(line)) count++;
  }
  return count;
}

/** `dpkg-query -W -f='${Package}\t${Version}\t${db:Status-Abbrev}\n' <name>`: the version when installed ("ii"). */
export function parseDpkgQuery(text: string, name: string): string | undefined {
  for (const line of text.split("\n")) {
    const [pkg, version, status] = line.split("\t");
    if (pkg?.split(":")[0] === name && status?.trim().startsWith("ii")) return version ?? "";
  }
  return undefined;
}

const CLOCK_TICKS = 100;
const PAGE_SIZE = 4096;
const read = (file: string) => fs.promises.readFile(file, "utf8");

/** Linux: /proc and /sys, statfs, systemctl, journalctl or syslog, dpkg or rpm, smartctl. */
export class LinuxProbe implements SystemProbe {
  readonly platform = "linux" as const;
  private lastDisk: { at: number; busy: Map<string, number>; rates: Map<string, number> } | undefined;
  private lastNet:
    | { at: number; rx: number; tx: number; rate: { inBytes: number; outBytes: number } | undefined }
    | undefined;

  constructor(private readonly root = { proc: "/proc", sys: "/sys" }) {}

  async cpuTimes() {
    const times = parseProcStat(await read(`${this.root.proc}/stat`));
    if (!times) throw new Error("/proc/stat could not be read");
    return times;
  }

  async memory() {
    const mem = parseMemInfo(await read(`${this.root.proc}/meminfo`));
    if (!mem) throw new Error("/proc/meminfo could not be read");
    return mem;
  }

  async filesystems(mount?: string): Promise<FsUsage[]> {
    const mounts = mount ? [mount] : dataMounts(await read(`${this.root.proc}/mounts`));
    const out: FsUsage[] = [];
    for (const m of mounts) {
      try {
        const s = await fs.promises.statfs(m);
        // Free space is what an ordinary user may still write (blocks reserved for root excluded).
        if (s.blocks > 0)
          out.push({ mount: m, totalBytes: s.blocks * s.bsize, freeBytes: s.bavail * s.bsize });
      } catch (err) {
        if (mount)
          throw new Error(`${mount} cannot be read: ${(err as NodeJS.ErrnoException).code ?? "error"}`);
      }
    }
    return out;
  }

  /** The block device a mount point sits on ("sda1", "dm-0"). */
  private async deviceOf(mount: string): Promise<string> {
    const mounts = parseMounts(await read(`${this.root.proc}/mounts`));
    const target = path.resolve(mount);
    const best = mounts
      .filter((m) => target === m.mount || target.startsWith(m.mount.endsWith("/") ? m.mount : `${m.mount}/`))
      .sort((a, b) => b.mount.length - a.mount.length)[0];
    if (!best?.source.startsWith("/dev/")) throw new Error(`${mount} is not on a disk`);
    return path.basename(fs.realpathSync(best.source));
  }

  async diskActivity(mount?: string): Promise<DiskActivity[]> {
    const now = Date.now();
    // Several conditions asking within a second share one interval instead of measuring ~0 ms.
    if (!this.lastDisk || now - this.lastDisk.at >= 1000) {
      const busy = parseDiskstats(await read(`${this.root.proc}/diskstats`));
      const previous = this.lastDisk;
      const rates = new Map<string, number>();
      if (previous)
        for (const [disk, after] of busy) {
          const before = previous.busy.get(disk);
          if (before !== undefined && after >= before)
            rates.set(disk, Math.min(100, ((after - before) / (now - previous.at)) * 100));
        }
      this.lastDisk = { at: now, busy, rates };
    }
    const { rates } = this.lastDisk;
    let names: string[];
    if (mount) {
      const dev = await this.deviceOf(mount);
      if (!this.lastDisk.busy.has(dev)) throw new Error(`no disk statistics for ${mount}`);
      names = [dev];
    } else {
      names = [...this.lastDisk.busy.keys()].filter(
        (n) => !/^(loop|ram|zram|sr)/.test(n) && fs.existsSync(`${this.root.sys}/block/${n}`),
      );
    }
    return names.flatMap((disk) => {
      const percent = rates.get(disk);
      return percent === undefined ? [] : [{ disk, percent }];
    });
  }

  async networkRate() {
    const now = Date.now();
    if (this.lastNet && now - this.lastNet.at < 1000) return this.lastNet.rate;
    const { rx, tx } = parseProcNetDev(await read(`${this.root.proc}/net/dev`));
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

  async processes(): Promise<ProcessInfo[]> {
    const out: ProcessInfo[] = [];
    for (const entry of await fs.promises.readdir(this.root.proc)) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = parsePidStat(await read(`${this.root.proc}/${entry}/stat`));
        if (!stat) continue;
        // The short name is cut at 15 characters; the program's file name is kept as well.
        const argv0 = (await read(`${this.root.proc}/${entry}/cmdline`)).split("\0")[0] ?? "";
        const names = [stat.name, path.basename(argv0)].filter(Boolean);
        for (const name of new Set(names))
          out.push({
            pid: Number(entry),
            name,
            memoryBytes: stat.rssPages * PAGE_SIZE,
            cpuSeconds: stat.ticks / CLOCK_TICKS,
          });
      } catch {
        // The process ended while it was read.
      }
    }
    return out;
  }

  async service(name: string): Promise<ServiceState> {
    const { stdout } = await run("systemctl", ["show", "--property=LoadState,ActiveState", "--", name]);
    return parseSystemctlShow(stdout);
  }

  async logMatches(q: { source: string; log?: string | undefined; pattern: RegExp; since: Date }) {
    if (q.source === "EVENT_LOG") throw new Error("the Windows event log does not exist on Linux");
    if (q.source === "JOURNAL") {
      const args = ["--no-pager", "-q", "-o", "cat", `--since=@${Math.floor(q.since.getTime() / 1000)}`];
      if (q.log) args.push("-u", q.log);
      const { stdout } = await run("journalctl", args, { timeoutMs: 60_000 });
      return stdout.split("\n").filter((l) => l && q.pattern.test(l)).length;
    }
    const file = ["/var/log/syslog", "/var/log/messages"].find((f) => fs.existsSync(f));
    if (!file) throw new Error("no syslog file (/var/log/syslog or /var/log/messages) on this device");
    return countSyslogMatches(await tail(file, 32 * 1024 * 1024), q.pattern, q.since);
  }

  async pendingReboot() {
    return fs.existsSync("/var/run/reboot-required") || fs.existsSync("/run/reboot-required");
  }

  async uptimeSeconds() {
    const first = Number((await read(`${this.root.proc}/uptime`)).split(/\s+/)[0]);
    return Number.isFinite(first) ? first : os.uptime();
  }

  async software(name: string) {
    try {
      const { stdout } = await run(
        "dpkg-query",
        ["-W", "-f=${Package}\\t${Version}\\t${db:Status-Abbrev}\\n", "--", name],
        { okCodes: [1] },
      );
      return parseDpkgQuery(stdout, name);
    } catch (err) {
      if (!/not available/.test((err as Error).message)) throw err;
    }
    const { stdout, code } = await run("rpm", ["-q", "--queryformat", "%{VERSION}-%{RELEASE}", "--", name], {
      okCodes: [1],
    });
    return code === 0 ? stdout.trim() : undefined;
  }

  async smart(): Promise<SmartDisk[]> {
    const disks = parseSmartctlScan((await run("smartctl", ["--scan"])).stdout);
    const out: SmartDisk[] = [];
    for (const disk of disks) {
      // smartctl's exit code is a bit mask of findings; the health line says what matters.
      const { stdout } = await run("smartctl", ["-H", disk], {
        okCodes: [1, 2, 4, 8, 16, 32, 64, 128, 24, 40],
      });
      const health = parseSmartctlHealth(stdout);
      if (health) out.push({ disk, ...health });
    }
    return out;
  }

  async antivirus(): Promise<AntivirusState> {
    // ClamAV is the one antivirus whose state Linux exposes in a readable way: its signature
    // databases and its daemon's unit.
    const dir = "/var/lib/clamav";
    if (!fs.existsSync(dir)) return { available: false };
    const newest = Math.max(
      0,
      ...fs
        .readdirSync(dir)
        .filter((f) => /\.(cvd|cld)$/.test(f))
        .map((f) => fs.statSync(path.join(dir, f)).mtimeMs),
    );
    let enabled: boolean | undefined;
    try {
      enabled = (await this.service("clamav-daemon")) === "RUNNING";
    } catch {
      enabled = undefined;
    }
    return {
      available: true,
      product: "ClamAV",
      ...(enabled === undefined ? {} : { enabled }),
      upToDate: newest > Date.now() - 7 * 86_400_000,
    };
  }
}

/** The last bytes of a file (a syslog can be large; the window is near its end). */
async function tail(file: string, bytes: number): Promise<string> {
  const handle = await fs.promises.open(file, "r");
  try {
    const { size } = await handle.stat();
    const start = Math.max(0, size - bytes);
    const buffer = Buffer.alloc(size - start);
    await handle.read(buffer, 0, buffer.length, start);
    return buffer.toString("utf8");
  } finally {
    await handle.close();
  }
}
