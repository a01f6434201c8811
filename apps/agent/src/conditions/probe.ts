import { execFile } from "node:child_process";
import type { CpuTimes } from "../metrics/readings.js";

/** Space of one filesystem. */
export interface FsUsage {
  mount: string;
  totalBytes: number;
  freeBytes: number;
}

/** One running process as the condition checks see it. */
export interface ProcessInfo {
  pid: number;
  name: string;
  memoryBytes: number;
  /** Processor seconds used since the process started (turned into a percentage between checks). */
  cpuSeconds?: number;
  /** A percentage of the whole machine the platform reports directly (macOS `ps`). */
  cpuPercent?: number;
}

export type ServiceState = "RUNNING" | "STOPPED" | "MISSING";

export interface SmartDisk {
  disk: string;
  passed: boolean;
  /** The device's own words for its health ("PASSED", "FAILED!", "Verified"). */
  status: string;
}

/** What the device's antivirus says of itself; `available: false` when none can be read. */
export interface AntivirusState {
  available: boolean;
  product?: string;
  enabled?: boolean;
  upToDate?: boolean;
  threatFound?: boolean;
}

/** A disk's busy share between two readings. */
export interface DiskActivity {
  disk: string;
  percent: number;
}

/**
 * What the conditions need from the operating system, one implementation per platform. Methods
 * reject with a readable message when the machine cannot tell (a tool missing, no permission):
 * the condition is then not evaluated, never triggered.
 */
export interface SystemProbe {
  readonly platform: "linux" | "win32" | "darwin";
  cpuTimes(): Promise<CpuTimes>;
  memory(): Promise<{ usedBytes: number; totalBytes: number }>;
  /** One filesystem (the one holding this path or drive), or every local one when absent. */
  filesystems(mount?: string): Promise<FsUsage[]>;
  /** Busy percentage of the disk under a mount (absent: every disk) since the last call; [] on the first. */
  diskActivity(mount?: string): Promise<DiskActivity[]>;
  /** Bytes per second received and sent since the last call (loopback excluded); undefined on the first. */
  networkRate(): Promise<{ inBytes: number; outBytes: number } | undefined>;
  processes(): Promise<ProcessInfo[]>;
  service(name: string): Promise<ServiceState>;
  /** Log lines of the window that match, counted. */
  logMatches(q: {
    source: "JOURNAL" | "SYSLOG" | "EVENT_LOG";
    log?: string | undefined;
    pattern: RegExp;
    since: Date;
  }): Promise<number>;
  pendingReboot(): Promise<boolean>;
  uptimeSeconds(): Promise<number>;
  /** The installed package or program of this name, or undefined. */
  software(name: string): Promise<string | undefined>;
  smart(): Promise<SmartDisk[]>;
  antivirus(): Promise<AntivirusState>;
}

/** Output of a program run without a shell; rejects when it cannot start or runs too long. */
export function run(
  command: string,
  args: readonly string[],
  options: { timeoutMs?: number; okCodes?: readonly number[]; env?: Record<string, string> } = {},
): Promise<{ stdout: string; code: number }> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      {
        timeout: options.timeoutMs ?? 20_000,
        maxBuffer: 64 * 1024 * 1024,
        windowsHide: true,
        ...(options.env ? { env: { ...process.env, ...options.env } } : {}),
      },
      (err, stdout) => {
        if (!err) return resolve({ stdout, code: 0 });
        const e = err as NodeJS.ErrnoException & { code?: unknown; killed?: boolean };
        if (e.code === "ENOENT") return reject(new Error(`${command} is not available on this device`));
        if (e.killed) return reject(new Error(`${command} did not answer in time`));
        if (typeof e.code === "number" && (options.okCodes ?? []).includes(e.code))
          return resolve({ stdout, code: e.code });
        reject(new Error(`${command} failed: ${(e.message || "").split("\n")[0]}`));
      },
    );
  });
}

/** PowerShell output as JSON (one object or an array of them; nothing: []). */
export function parsePowerShellJson<T>(text: string): T[] {
  const trimmed = text.trim();
  if (!trimmed) return [];
  const parsed = JSON.parse(trimmed) as T | T[];
  return Array.isArray(parsed) ? parsed : [parsed];
}

/** A condition's pattern: a case-insensitive regular expression, or the literal text when it is not one. */
export function patternOf(text: string): RegExp {
  try {
    return new RegExp(text, "i");
  } catch {
    return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "i");
  }
}
