import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { compare, thresholdRecovered, type Comparator, type ConditionCheck } from "@steward/domain";
import { cpuPercent, type CpuTimes } from "../metrics/readings.js";
import { patternOf, type ProcessInfo, type SystemProbe } from "./probe.js";

/**
 * What one evaluation found: whether the condition holds now (`triggered`), whether a triggered
 * condition has recovered (past its reset threshold, which may differ), the number that decided
 * it and the words for the device.
 */
export interface Observation {
  triggered: boolean;
  recovered: boolean;
  value?: number;
  detail: string;
}

/** A script a condition runs, and its outcome. */
export interface ConditionScript {
  id: number;
  language: "bash" | "sh" | "powershell" | "batch" | "python";
  body: string;
  timeoutSeconds: number;
}
export type ScriptRunner = (
  script: ConditionScript,
) => Promise<{ exitCode: number | null; stdout: string; errorMessage: string | null; timedOut: boolean }>;

/** What the checks keep between evaluations (counters turned into rates, a file's last size). */
export interface CheckContext {
  probe: SystemProbe;
  now(): number;
  scripts: ReadonlyMap<number, ConditionScript>;
  runScript: ScriptRunner;
  /** The condition's remembered value (a file's size), kept across restarts by the engine. */
  memory: Map<string, number>;
  /** Memory key of the condition being evaluated. */
  key: string;
  /** The last processor reading per condition (each condition measures its own interval). */
  cpu: Map<string, CpuTimes>;
  processCpu: Map<number, { seconds: number; at: number }>;
}

const UNITS = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"];
/** Bytes in the largest unit that keeps the number at least 1 ("12.4 MiB"). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? Math.round(value) : value.toFixed(1)} ${UNITS[unit]}`;
}
const pct = (n: number) => `${n.toFixed(1)}%`;
const round = (n: number) => Math.round(n * 100) / 100;

interface Threshold {
  comparator: Comparator;
  value: number;
  resetValue?: number | undefined;
}

function threshold(t: Threshold, value: number, detail: string): Observation {
  return {
    triggered: compare(value, t.comparator, t.value),
    recovered: thresholdRecovered(value, t),
    value: round(value),
    detail,
  };
}

/** Of several readings, the one nearest to triggering: the highest for "above", the lowest for "below". */
function worst<T>(items: T[], valueOf: (t: T) => number, t: Threshold): T | undefined {
  const upward = t.comparator === "GT" || t.comparator === "GTE";
  let best: T | undefined;
  for (const item of items)
    if (best === undefined || (upward ? valueOf(item) > valueOf(best) : valueOf(item) < valueOf(best)))
      best = item;
  return best;
}

const flag = (triggered: boolean, detail: string, value?: number): Observation => ({
  triggered,
  recovered: !triggered,
  detail,
  ...(value === undefined ? {} : { value }),
});

/** Whether a process's name is the one a condition names (".exe" and case do not matter on Windows). */
export function sameProcess(actual: string, wanted: string, platform: string): boolean {
  if (platform !== "win32")
    return actual === wanted || (wanted.length > 15 && actual === wanted.slice(0, 15));
  const strip = (s: string) => s.toLowerCase().replace(/\.exe$/, "");
  return strip(actual) === strip(wanted);
}

/** Each process once (a Linux process can be listed under its short and its file name). */
function matching(list: ProcessInfo[], name: string, platform: string): ProcessInfo[] {
  const byPid = new Map<number, ProcessInfo>();
  for (const p of list) if (sameProcess(p.name, name, platform)) byPid.set(p.pid, p);
  return [...byPid.values()];
}

async function directorySize(dir: string, budget = { entries: 10_000 }): Promise<number> {
  let total = 0;
  for (const entry of await fs.promises.readdir(dir, { withFileTypes: true })) {
    if (--budget.entries < 0) break;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await directorySize(full, budget);
    else if (entry.isFile()) total += (await fs.promises.stat(full)).size;
  }
  return total;
}

/**
 * Evaluates one check on this device. Undefined: no reading yet (a rate needs two samples). A
 * check that cannot be evaluated rejects; the engine does not trigger it.
 */
export async function evaluateCheck(
  check: ConditionCheck,
  ctx: CheckContext,
): Promise<Observation | undefined> {
  const { probe } = ctx;
  switch (check.kind) {
    case "cpu": {
      const now = await probe.cpuTimes();
      const before = ctx.cpu.get(ctx.key);
      ctx.cpu.set(ctx.key, now);
      if (!before) return undefined;
      const value = cpuPercent(before, now);
      return threshold(check, value, `CPU ${pct(value)} busy`);
    }
    case "memory": {
      const { usedBytes, totalBytes } = await probe.memory();
      const value = totalBytes > 0 ? (usedBytes / totalBytes) * 100 : 0;
      return threshold(
        check,
        value,
        `memory ${pct(value)} used (${formatBytes(usedBytes)} of ${formatBytes(totalBytes)})`,
      );
    }
    case "diskFree":
    case "diskUsage": {
      const all = await probe.filesystems(check.mount);
      const valueOf = (f: { totalBytes: number; freeBytes: number }) =>
        check.kind === "diskUsage"
          ? ((f.totalBytes - f.freeBytes) / f.totalBytes) * 100
          : check.unit === "BYTES"
            ? f.freeBytes
            : (f.freeBytes / f.totalBytes) * 100;
      const fsys = worst(all, valueOf, check);
      if (!fsys) throw new Error("no filesystem to measure");
      const value = valueOf(fsys);
      const free = (fsys.freeBytes / fsys.totalBytes) * 100;
      const words =
        check.kind === "diskUsage"
          ? `${fsys.mount}: ${pct(value)} used (${formatBytes(fsys.totalBytes - fsys.freeBytes)} of ${formatBytes(fsys.totalBytes)})`
          : `${fsys.mount}: ${pct(free)} free (${formatBytes(fsys.freeBytes)} of ${formatBytes(fsys.totalBytes)})`;
      return threshold(check, value, words);
    }
    case "diskActiveTime": {
      const disks = await probe.diskActivity(check.mount);
      const disk = worst(disks, (d) => d.percent, check);
      if (!disk) return undefined;
      return threshold(check, disk.percent, `disk ${disk.disk} ${pct(disk.percent)} busy`);
    }
    case "network": {
      const rate = await probe.networkRate();
      if (!rate) return undefined;
      const value =
        check.direction === "IN"
          ? rate.inBytes
          : check.direction === "OUT"
            ? rate.outBytes
            : rate.inBytes + rate.outBytes;
      const words = { IN: "received", OUT: "sent", TOTAL: "received and sent" }[check.direction];
      return threshold(check, value, `network ${formatBytes(value)}/s ${words}`);
    }
    case "process": {
      const found = matching(await probe.processes(), check.process, probe.platform);
      const running = found.length > 0;
      const detail = running
        ? `process ${check.process} is running (pid ${found
            .map((p) => p.pid)
            .slice(0, 5)
            .join(", ")})`
        : `process ${check.process} is not running`;
      return flag(check.state === "RUNNING" ? running : !running, detail, found.length);
    }
    case "processResource": {
      const found = matching(await probe.processes(), check.process, probe.platform);
      if (found.length === 0) return threshold(check, 0, `process ${check.process} is not running`);
      if (check.resource === "MEMORY_BYTES") {
        const value = found.reduce((sum, p) => sum + p.memoryBytes, 0);
        return threshold(check, value, `process ${check.process} uses ${formatBytes(value)} of memory`);
      }
      // Percent of the whole machine (every core together), summed over the processes of the name.
      const at = ctx.now();
      let value = 0;
      let measured = false;
      for (const p of found) {
        if (p.cpuPercent !== undefined) {
          value += p.cpuPercent;
          measured = true;
          continue;
        }
        if (p.cpuSeconds === undefined) continue;
        const before = ctx.processCpu.get(p.pid);
        ctx.processCpu.set(p.pid, { seconds: p.cpuSeconds, at });
        if (!before || at <= before.at) continue;
        measured = true;
        value +=
          (Math.max(0, p.cpuSeconds - before.seconds) / ((at - before.at) / 1000) / os.cpus().length) * 100;
      }
      if (!measured) return undefined;
      value = Math.min(100, value);
      return threshold(check, value, `process ${check.process} uses ${pct(value)} CPU`);
    }
    case "service": {
      const state = await probe.service(check.service);
      const running = state === "RUNNING";
      const detail =
        state === "MISSING"
          ? `service ${check.service} is not installed`
          : `service ${check.service} is ${running ? "running" : "not running"}`;
      return flag(check.state === "RUNNING" ? running : !running, detail);
    }
    case "logPattern": {
      const since = new Date(ctx.now() - check.windowMinutes * 60_000);
      const count = await probe.logMatches({
        source: check.source,
        log: check.log,
        pattern: patternOf(check.pattern),
        since,
      });
      return flag(
        count >= check.count,
        `${count} log ${count === 1 ? "entry" : "entries"} matching "${check.pattern}" in the last ${check.windowMinutes} min`,
        count,
      );
    }
    case "pendingReboot": {
      const pending = await probe.pendingReboot();
      return flag(pending, pending ? "a restart is pending" : "no restart is pending");
    }
    case "uptime": {
      const days = (await probe.uptimeSeconds()) / 86_400;
      return flag(days > check.days, `up ${days.toFixed(1)} days`, round(days));
    }
    case "software": {
      const version = await probe.software(check.software);
      const installed = version !== undefined;
      const detail = installed
        ? `${check.software}${version ? ` ${version}` : ""} is installed`
        : `${check.software} is not installed`;
      return flag(check.state === "INSTALLED" ? installed : !installed, detail);
    }
    case "file": {
      let stat: fs.Stats | undefined;
      try {
        stat = await fs.promises.stat(check.path);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
      }
      if (check.state !== "SIZE_CHANGED")
        return flag(
          check.state === "EXISTS" ? !!stat : !stat,
          `${check.path} ${stat ? "exists" : "does not exist"}`,
        );
      const size = !stat ? -1 : stat.isDirectory() ? await directorySize(check.path) : stat.size;
      const before = ctx.memory.get(ctx.key);
      ctx.memory.set(ctx.key, size);
      if (before === undefined) return undefined;
      const words = (n: number) => (n < 0 ? "absent" : formatBytes(n));
      return flag(
        size !== before,
        size !== before
          ? `${check.path} changed size from ${words(before)} to ${words(size)}`
          : `${check.path} is ${words(size)}`,
        Math.max(size, 0),
      );
    }
    case "smart": {
      const disks = await probe.smart();
      const failing = disks.filter((d) => !d.passed);
      if (disks.length === 0) return flag(false, "no disk reports its SMART health");
      return flag(
        failing.length > 0,
        failing.length > 0
          ? failing.map((d) => `disk ${d.disk} SMART health: ${d.status}`).join("; ")
          : `SMART health of ${disks.length} ${disks.length === 1 ? "disk" : "disks"}: passed`,
        failing.length,
      );
    }
    case "antivirus": {
      const av = await probe.antivirus();
      if (!av.available) throw new Error("no antivirus whose state can be read on this device");
      const name = av.product ?? "antivirus";
      if (check.state === "DISABLED")
        return flag(av.enabled === false, `${name} is ${av.enabled === false ? "disabled" : "enabled"}`);
      if (check.state === "OUT_OF_DATE")
        return flag(
          av.upToDate === false,
          `${name} signatures are ${av.upToDate === false ? "out of date" : "up to date"}`,
        );
      return flag(
        av.threatFound === true,
        av.threatFound ? `${name} found a threat` : `${name} found no threat`,
      );
    }
    case "scriptResult": {
      const script = ctx.scripts.get(check.scriptId);
      if (!script) throw new Error(`script ${check.scriptId} was not delivered with the policy`);
      const result = await ctx.runScript(script);
      if (result.timedOut) throw new Error(`script ${check.scriptId} did not finish in time`);
      if (result.errorMessage && result.exitCode === null) throw new Error(result.errorMessage);
      const code = result.exitCode ?? -1;
      if (check.match.on === "EXIT_CODE") {
        const hit =
          check.match.comparator === "EQ" ? code === check.match.exitCode : code !== check.match.exitCode;
        return flag(hit, `script ${check.scriptId} exited with ${code}`, code);
      }
      const pattern = patternOf(check.match.pattern);
      const line = result.stdout.split("\n").find((l) => pattern.test(l));
      return flag(
        line !== undefined,
        line !== undefined
          ? `script ${check.scriptId} output: ${line.trim().slice(0, 300)}`
          : `script ${check.scriptId} output does not match "${check.match.pattern}"`,
        code,
      );
    }
    case "compound": {
      const parts: Observation[] = [];
      for (const [i, part] of check.parts.entries()) {
        const o = await evaluateCheck(part, { ...ctx, key: `${ctx.key}.${i}` });
        if (!o) return undefined;
        parts.push(o);
      }
      const all = check.mode === "ALL";
      const triggered = all ? parts.every((p) => p.triggered) : parts.some((p) => p.triggered);
      // ALL stops holding once any part recovered; ANY only once every part has.
      const recovered = all ? parts.some((p) => p.recovered) : parts.every((p) => p.recovered);
      const shown = parts.filter((p) => p.triggered === triggered);
      const first = (shown.length > 0 ? shown : parts)[0]!;
      return {
        triggered,
        recovered,
        ...(first.value === undefined ? {} : { value: first.value }),
        detail: (shown.length > 0 ? shown : parts).map((p) => p.detail).join("; "),
      };
    }
    case "agentDown":
    case "customField":
    case "patchFailures":
    case "backupFailures":
      throw new Error(`${check.kind} is evaluated by the server`);
  }
}
