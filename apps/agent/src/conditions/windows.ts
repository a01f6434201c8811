import os from "node:os";
import { cpuTimesFromOs } from "../metrics/readings.js";
import { parseWindowsUninstall } from "../inventory/software-parsers.js";
import {
  parsePowerShellJson,
  run,
  type AntivirusState,
  type DiskActivity,
  type FsUsage,
  type ProcessInfo,
  type ServiceState,
  type SmartDisk,
  type SystemProbe,
} from "./probe.js";

/**
 * Runs a PowerShell script; values from a condition travel in environment variables
 * (STEWARD_Q_*), never spliced into the script text.
 */
async function powershell(script: string, values: Record<string, string> = {}, timeoutMs = 30_000) {
  const env = Object.fromEntries(Object.entries(values).map(([k, v]) => [`STEWARD_Q_${k}`, v]));
  const { stdout } = await run(
    "powershell.exe",
    ["-NoProfile", "-NonInteractive", "-ExecutionPolicy", "Bypass", "-Command", script],
    { timeoutMs, env },
  );
  return stdout;
}

const drive = (s: string) =>
  s
    .trim()
    .replace(/[\\/]+$/, "")
    .toUpperCase();

/** `Get-CimInstance Win32_LogicalDisk -Filter DriveType=3 | Select DeviceID,Size,FreeSpace | ConvertTo-Json`. */
export function parseLogicalDisks(json: string): FsUsage[] {
  return parsePowerShellJson<{ DeviceID: string; Size: number | null; FreeSpace: number | null }>(json)
    .filter((d) => d.Size && d.Size > 0)
    .map((d) => ({ mount: d.DeviceID, totalBytes: Number(d.Size), freeBytes: Number(d.FreeSpace ?? 0) }));
}

/** `Win32_PerfFormattedData_PerfDisk_LogicalDisk | Select Name,PercentIdleTime`: busy is what is not idle. */
export function parseDiskIdle(json: string): DiskActivity[] {
  return parsePowerShellJson<{ Name: string; PercentIdleTime: number }>(json)
    .filter((d) => d.Name !== "_Total" && /^[A-Z]:$/i.test(d.Name))
    .map((d) => ({ disk: d.Name, percent: Math.max(0, Math.min(100, 100 - Number(d.PercentIdleTime))) }));
}

/** `Win32_PerfFormattedData_Tcpip_NetworkInterface | Select Name,BytesReceivedPersec,BytesSentPersec`, summed. */
export function parseNetworkInterfaces(json: string): { inBytes: number; outBytes: number } {
  let inBytes = 0;
  let outBytes = 0;
  for (const n of parsePowerShellJson<{ Name: string; BytesReceivedPersec: number; BytesSentPersec: number }>(
    json,
  )) {
    if (/loopback/i.test(n.Name)) continue;
    inBytes += Number(n.BytesReceivedPersec) || 0;
    outBytes += Number(n.BytesSentPersec) || 0;
  }
  return { inBytes, outBytes };
}

/** `Win32_Process | Select ProcessId,Name,WorkingSetSize,KernelModeTime,UserModeTime` (times in 100 ns). */
export function parseWin32Processes(json: string): ProcessInfo[] {
  return parsePowerShellJson<{
    ProcessId: number;
    Name: string;
    WorkingSetSize: number;
    KernelModeTime: number;
    UserModeTime: number;
  }>(json).map((p) => ({
    pid: p.ProcessId,
    name: p.Name,
    memoryBytes: Number(p.WorkingSetSize) || 0,
    cpuSeconds: ((Number(p.KernelModeTime) || 0) + (Number(p.UserModeTime) || 0)) / 1e7,
  }));
}

/** `Get-Service` of one name with its status as text; nothing printed: no such service. */
export function parseServiceStatus(json: string): ServiceState {
  const [service] = parsePowerShellJson<{ Name: string; Status: string | number }>(json);
  if (!service) return "MISSING";
  // Windows PowerShell 5 prints the enum as its number (4 = Running) unless turned into text.
  return service.Status === "Running" || service.Status === 4 ? "RUNNING" : "STOPPED";
}

/** `Get-WinEvent … | Select TimeCreated,Id,ProviderName,Message`: the events whose text matches. */
export function countWinEvents(json: string, pattern: RegExp): number {
  return parsePowerShellJson<{ Id: number; ProviderName: string; Message: string | null }>(json).filter((e) =>
    pattern.test(`${e.ProviderName} ${e.Id} ${e.Message ?? ""}`),
  ).length;
}

/** `MSStorageDriver_FailurePredictStatus | Select InstanceName,PredictFailure`. */
export function parseFailurePredict(json: string): SmartDisk[] {
  return parsePowerShellJson<{ InstanceName: string; PredictFailure: boolean }>(json).map((d) => ({
    disk: d.InstanceName,
    passed: !d.PredictFailure,
    status: d.PredictFailure ? "failure predicted" : "OK",
  }));
}

/** Defender's `Get-MpComputerStatus` with the number of threats `Get-MpThreatDetection` lists. */
export function parseDefenderStatus(json: string): AntivirusState {
  const [s] = parsePowerShellJson<{
    AntivirusEnabled: boolean;
    RealTimeProtectionEnabled: boolean;
    AntivirusSignatureAge: number;
    Threats: number;
  }>(json);
  if (!s) return { available: false };
  return {
    available: true,
    product: "Microsoft Defender",
    enabled: s.AntivirusEnabled && s.RealTimeProtectionEnabled,
    upToDate: Number(s.AntivirusSignatureAge) <= 7,
    threatFound: Number(s.Threats) > 0,
  };
}

const json = (select: string) => `${select} | ConvertTo-Json -Compress`;

/** Windows: CIM classes and cmdlets through PowerShell, their output as JSON. */
export class WindowsProbe implements SystemProbe {
  readonly platform = "win32" as const;

  async cpuTimes() {
    return cpuTimesFromOs();
  }

  async memory() {
    const totalBytes = os.totalmem();
    return { usedBytes: totalBytes - os.freemem(), totalBytes };
  }

  async filesystems(mount?: string) {
    const all = parseLogicalDisks(
      await powershell(
        json(
          "Get-CimInstance Win32_LogicalDisk -Filter 'DriveType=3' | Select-Object DeviceID,Size,FreeSpace",
        ),
      ),
    );
    if (!mount) return all;
    const found = all.filter((d) => drive(d.mount) === drive(mount));
    if (found.length === 0) throw new Error(`no local drive ${mount}`);
    return found;
  }

  async diskActivity(mount?: string) {
    const all = parseDiskIdle(
      await powershell(
        json(
          "Get-CimInstance Win32_PerfFormattedData_PerfDisk_LogicalDisk | Select-Object Name,PercentIdleTime",
        ),
      ),
    );
    return mount ? all.filter((d) => drive(d.disk) === drive(mount)) : all;
  }

  async networkRate() {
    return parseNetworkInterfaces(
      await powershell(
        json(
          "Get-CimInstance Win32_PerfFormattedData_Tcpip_NetworkInterface | Select-Object Name,BytesReceivedPersec,BytesSentPersec",
        ),
      ),
    );
  }

  async processes() {
    return parseWin32Processes(
      await powershell(
        json(
          "Get-CimInstance Win32_Process | Select-Object ProcessId,Name,WorkingSetSize,KernelModeTime,UserModeTime",
        ),
      ),
    );
  }

  async service(name: string) {
    return parseServiceStatus(
      await powershell(
        json(
          "Get-Service -Name $env:STEWARD_Q_NAME -ErrorAction SilentlyContinue | Select-Object Name,@{n='Status';e={$_.Status.ToString()}}",
        ),
        { NAME: name },
      ),
    );
  }

  async logMatches(q: { source: string; log?: string | undefined; pattern: RegExp; since: Date }) {
    if (q.source !== "EVENT_LOG")
      throw new Error("Windows keeps its logs in the event log, not a journal or syslog");
    const out = await powershell(
      json(
        "$logs = if ($env:STEWARD_Q_LOG) { @($env:STEWARD_Q_LOG) } else { @('System','Application') }; " +
          "Get-WinEvent -FilterHashtable @{ LogName = $logs; StartTime = [DateTime]::Parse($env:STEWARD_Q_SINCE).ToLocalTime() } -ErrorAction SilentlyContinue | Select-Object Id,ProviderName,Message",
      ),
      { LOG: q.log ?? "", SINCE: q.since.toISOString() },
      120_000,
    );
    return countWinEvents(out, q.pattern);
  }

  async pendingReboot() {
    const out = await powershell(
      "(Test-Path 'HKLM:\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Component Based Servicing\\RebootPending') -or " +
        "(Test-Path 'HKLM:\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\WindowsUpdate\\Auto Update\\RebootRequired') | ConvertTo-Json",
    );
    return out.trim() === "true";
  }

  async uptimeSeconds() {
    return os.uptime();
  }

  async software(name: string) {
    const keys = [
      "HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Uninstall",
      "HKLM\\SOFTWARE\\WOW6432Node\\Microsoft\\Windows\\CurrentVersion\\Uninstall",
    ];
    const outputs = await Promise.all(
      keys.map((k) =>
        run("reg", ["query", k, "/s"]).then(
          (r) => r.stdout,
          () => "",
        ),
      ),
    );
    return findSoftware(parseWindowsUninstall(outputs.join("\n")), name);
  }

  async smart() {
    return parseFailurePredict(
      await powershell(
        json(
          "Get-CimInstance -Namespace root\\wmi -ClassName MSStorageDriver_FailurePredictStatus -ErrorAction SilentlyContinue | Select-Object InstanceName,PredictFailure",
        ),
      ),
    );
  }

  async antivirus() {
    try {
      return parseDefenderStatus(
        await powershell(
          json(
            "Get-MpComputerStatus | Select-Object AntivirusEnabled,RealTimeProtectionEnabled,AntivirusSignatureAge,@{n='Threats';e={@(Get-MpThreatDetection).Count}}",
          ),
        ),
      );
    } catch {
      return { available: false };
    }
  }
}

/** A program of this name: the same name (any case), or one that starts with it and a space ("7-Zip 23.01 (x64)"). */
export function findSoftware(items: { name: string; version: string }[], name: string): string | undefined {
  const wanted = name.toLowerCase();
  const hit = items.find((i) => {
    const n = i.name.toLowerCase();
    return n === wanted || n.startsWith(`${wanted} `);
  });
  return hit ? hit.version : undefined;
}
