import { POLICY_ITEM_KEY } from "../policies/core-sections.js";
import type { DeviceClass, PolicyOsFamily } from "../policies/device-class.js";
import { osFamilyOfClass } from "../policies/device-class.js";
import { type ConditionCheck, type ConditionInput, type ConditionKind, type Condition } from "./model.js";

/** A ready condition to start from; its id never changes, so the console can name it in every language. */
export interface ConditionTemplate {
  id: string;
  /** The operating systems whose devices can evaluate it; absent: every one. */
  osFamilies?: readonly PolicyOsFamily[];
  condition: Omit<ConditionInput, "check"> & { check: ConditionCheck };
}

const GIB = 1024 ** 3;
const MIB = 1024 ** 2;
const minutes = (n: number) => n * 60;

/** One template per common need; each is a valid condition as it stands. */
export const conditionTemplates: readonly ConditionTemplate[] = [
  {
    id: "diskAlmostFull",
    condition: {
      name: "Disk almost full (<10% free for 5 min)",
      check: {
        kind: "diskFree",
        unit: "PERCENT",
        comparator: "LT",
        value: 10,
        resetValue: 15,
        durationSeconds: minutes(5),
      },
      severity: "MAJOR",
      priority: "HIGH",
      healthStatus: "UNHEALTHY",
    },
  },
  {
    id: "diskSpaceLow",
    condition: {
      name: "Less than 5 GB free on a disk",
      check: {
        kind: "diskFree",
        unit: "BYTES",
        comparator: "LT",
        value: 5 * GIB,
        resetValue: 8 * GIB,
        durationSeconds: minutes(5),
      },
      severity: "CRITICAL",
      priority: "HIGH",
      healthStatus: "UNHEALTHY",
    },
  },
  {
    id: "cpuHigh",
    condition: {
      name: "CPU above 90% for 15 min",
      check: { kind: "cpu", comparator: "GT", value: 90, resetValue: 80, durationSeconds: minutes(15) },
      severity: "MODERATE",
      priority: "MEDIUM",
    },
  },
  {
    id: "memoryHigh",
    condition: {
      name: "Memory above 95%",
      check: { kind: "memory", comparator: "GT", value: 95, resetValue: 90, durationSeconds: minutes(5) },
      severity: "MODERATE",
      priority: "MEDIUM",
    },
  },
  {
    id: "diskBusy",
    condition: {
      name: "Disk busy above 90% for 15 min",
      check: {
        kind: "diskActiveTime",
        comparator: "GT",
        value: 90,
        resetValue: 70,
        durationSeconds: minutes(15),
      },
      severity: "MINOR",
      priority: "LOW",
    },
  },
  {
    id: "networkBusy",
    condition: {
      name: "Network above 100 MB/s for 15 min",
      check: {
        kind: "network",
        direction: "TOTAL",
        comparator: "GT",
        value: 100 * MIB,
        durationSeconds: minutes(15),
      },
      severity: "MINOR",
      priority: "LOW",
    },
  },
  {
    id: "eventLogServiceStopped",
    osFamilies: ["WINDOWS"],
    condition: {
      name: "Windows Event Log service stopped",
      check: { kind: "service", service: "EventLog", state: "NOT_RUNNING", durationSeconds: minutes(5) },
      severity: "MAJOR",
      priority: "HIGH",
      healthStatus: "UNHEALTHY",
    },
  },
  {
    id: "sshServiceStopped",
    osFamilies: ["LINUX"],
    condition: {
      name: "SSH service stopped",
      check: { kind: "service", service: "sshd", state: "NOT_RUNNING", durationSeconds: minutes(5) },
      severity: "MAJOR",
      priority: "HIGH",
      healthStatus: "UNHEALTHY",
    },
  },
  {
    id: "pendingRebootWeek",
    condition: {
      name: "Pending reboot over 7 days",
      // A reboot is pending and the device has not restarted for a week.
      check: {
        kind: "compound",
        mode: "ALL",
        parts: [{ kind: "pendingReboot" }, { kind: "uptime", days: 7 }],
      },
      severity: "MINOR",
      priority: "LOW",
    },
  },
  {
    id: "uptimeMonth",
    condition: {
      name: "Up for more than 30 days",
      check: { kind: "uptime", days: 30 },
      severity: "MINOR",
      priority: "LOW",
    },
  },
  {
    id: "smartFailing",
    condition: {
      name: "SMART reports a failing disk",
      check: { kind: "smart" },
      severity: "CRITICAL",
      priority: "HIGH",
      healthStatus: "UNHEALTHY",
    },
  },
  {
    id: "outOfMemoryKills",
    osFamilies: ["LINUX"],
    condition: {
      name: "Processes killed for lack of memory",
      check: {
        kind: "logPattern",
        source: "JOURNAL",
        pattern: "Out of memory: Killed process",
        count: 1,
        windowMinutes: 60,
      },
      severity: "MAJOR",
      priority: "MEDIUM",
    },
  },
  {
    id: "unexpectedShutdown",
    osFamilies: ["WINDOWS"],
    condition: {
      name: "Unexpected shutdown",
      check: {
        kind: "logPattern",
        source: "EVENT_LOG",
        log: "System",
        pattern: "was unexpected",
        count: 1,
        windowMinutes: 1440,
      },
      severity: "MODERATE",
      priority: "MEDIUM",
    },
  },
  {
    id: "agentOffline",
    condition: {
      name: "Agent offline for 15 min",
      check: { kind: "agentDown", minutes: 15 },
      severity: "MAJOR",
      priority: "HIGH",
      healthStatus: "UNHEALTHY",
    },
  },
  {
    id: "antivirusDisabled",
    osFamilies: ["WINDOWS", "MAC"],
    condition: {
      name: "Antivirus disabled",
      check: { kind: "antivirus", state: "DISABLED" },
      severity: "MAJOR",
      priority: "HIGH",
      healthStatus: "UNHEALTHY",
    },
  },
  {
    id: "antivirusThreat",
    condition: {
      name: "Threat found",
      check: { kind: "antivirus", state: "THREAT_FOUND" },
      severity: "CRITICAL",
      priority: "HIGH",
      healthStatus: "UNHEALTHY",
    },
  },
  {
    id: "patchFailures",
    condition: {
      name: "Patches failing to install",
      check: { kind: "patchFailures", count: 3 },
      severity: "MODERATE",
      priority: "MEDIUM",
    },
  },
  {
    id: "backupFailures",
    condition: {
      name: "Backups failing",
      check: { kind: "backupFailures", count: 2 },
      severity: "MAJOR",
      priority: "HIGH",
      healthStatus: "UNHEALTHY",
    },
  },
];

/** The templates that fit the devices of a policy's class. */
export function templatesForClass(deviceClass: DeviceClass): ConditionTemplate[] {
  const family = osFamilyOfClass(deviceClass);
  return conditionTemplates.filter((t) => !t.osFamilies || t.osFamilies.includes(family));
}

/**
 * A check of a kind with starting values that are valid as they stand where the kind allows it
 * (a name to watch is left empty for the technician to fill in).
 */
export function blankCheck(kind: ConditionKind): ConditionCheck {
  const threshold = { comparator: "GT" as const, value: 90, durationSeconds: minutes(5) };
  switch (kind) {
    case "cpu":
    case "memory":
      return { kind, ...threshold };
    case "diskFree":
      return { kind, unit: "PERCENT", comparator: "LT", value: 10, durationSeconds: minutes(5) };
    case "diskUsage":
    case "diskActiveTime":
      return { kind, ...threshold };
    case "network":
      return { kind, direction: "TOTAL", comparator: "GT", value: 100 * MIB, durationSeconds: minutes(5) };
    case "process":
      return { kind, process: "", state: "NOT_RUNNING", durationSeconds: 0 };
    case "processResource":
      return { kind, process: "", resource: "CPU_PERCENT", ...threshold };
    case "service":
      return { kind, service: "", state: "NOT_RUNNING", durationSeconds: 0 };
    case "logPattern":
      return { kind, source: "JOURNAL", pattern: "", count: 1, windowMinutes: 60 };
    case "pendingReboot":
      return { kind };
    case "uptime":
      return { kind, days: 30 };
    case "software":
      return { kind, software: "", state: "NOT_INSTALLED" };
    case "file":
      return { kind, path: "", state: "NOT_EXISTS" };
    case "smart":
      return { kind };
    case "agentDown":
      return { kind, minutes: 15 };
    case "scriptResult":
      return {
        kind,
        scriptId: 0,
        intervalMinutes: 60,
        match: { on: "EXIT_CODE", comparator: "NE", exitCode: 0 },
      };
    case "customField":
      return { kind, field: "", operator: "EQ", value: "" };
    case "patchFailures":
      return { kind, count: 3 };
    case "backupFailures":
      return { kind, count: 2 };
    case "antivirus":
      return { kind, state: "DISABLED" };
    case "compound":
      return { kind, mode: "ALL", parts: [blankCheck("cpu"), blankCheck("memory")] };
  }
}

/** A new condition of no template: named by the technician, the check's starting values, moderate severity. */
export function blankCondition(kind: ConditionKind = "cpu"): Condition {
  return {
    name: "",
    enabled: true,
    check: blankCheck(kind),
    severity: "MODERATE",
    priority: "MEDIUM",
    healthStatus: "NEEDS_ATTENTION",
    channelIds: [],
    notifyTechnicians: false,
    automationScriptIds: [],
    createNinjaTicket: false,
    ticketRulesetId: null,
  };
}

/**
 * A key for a new condition of a policy: the base (a template id) with a random suffix, so a
 * condition a child adds never takes the key of one its parent adds later, and not among `taken`.
 */
export function newConditionKey(
  base: string,
  taken: ReadonlySet<string>,
  random: () => number = Math.random,
): string {
  const stem = base.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 48) || "condition";
  for (;;) {
    const suffix = Math.floor(random() * 36 ** 6)
      .toString(36)
      .padStart(6, "0");
    const key = `${stem}-${suffix}`;
    if (POLICY_ITEM_KEY.test(key) && !taken.has(key)) return key;
  }
}
