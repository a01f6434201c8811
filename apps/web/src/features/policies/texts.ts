import type { DeviceClassCode, PolicySourceCode } from "@steward/contracts";
import type {
  Comparator,
  ConditionKind,
  ConditionPriority,
  ConditionSeverity,
  HealthStatus,
} from "@steward/domain";
import type { MessageKey } from "../../i18n";

/** The name of each device class. */
export const deviceClassText: Record<DeviceClassCode, MessageKey> = {
  WINDOWS_WORKSTATION: "policies.classes.WINDOWS_WORKSTATION",
  WINDOWS_SERVER: "policies.classes.WINDOWS_SERVER",
  MAC: "policies.classes.MAC",
  LINUX_WORKSTATION: "policies.classes.LINUX_WORKSTATION",
  LINUX_SERVER: "policies.classes.LINUX_SERVER",
};

/** Where a device's policy comes from, in words. */
export const policySourceText: Record<PolicySourceCode, MessageKey> = {
  DEVICE: "policies.sources.DEVICE",
  LOCATION: "policies.sources.LOCATION",
  ORGANIZATION_ROLE: "policies.sources.ORGANIZATION_ROLE",
  CLASS_DEFAULT: "policies.sources.CLASS_DEFAULT",
};

/** A fixed item the editor shows: its label and its help. */
export interface ItemText {
  label: MessageKey;
  help: MessageKey;
}

/**
 * The sections the editor shows, with their items' texts. A section other areas register
 * appears once its texts are listed here.
 */
export const sectionTexts: Record<string, { title: MessageKey; items: Record<string, ItemText> }> = {
  agentSettings: {
    title: "policies.sections.agentSettings",
    items: {
      metricIntervalSeconds: {
        label: "policies.sections.metricIntervalSeconds",
        help: "policies.sections.metricIntervalSecondsHelp",
      },
      heartbeatSeconds: {
        label: "policies.sections.heartbeatSeconds",
        help: "policies.sections.heartbeatSecondsHelp",
      },
    },
  },
};

/** The name of each condition kind, for the kind drop-down and the list. */
export const conditionKindText: Record<ConditionKind, MessageKey> = {
  cpu: "policies.conditions.kinds.cpu",
  memory: "policies.conditions.kinds.memory",
  diskFree: "policies.conditions.kinds.diskFree",
  diskUsage: "policies.conditions.kinds.diskUsage",
  diskActiveTime: "policies.conditions.kinds.diskActiveTime",
  network: "policies.conditions.kinds.network",
  process: "policies.conditions.kinds.process",
  processResource: "policies.conditions.kinds.processResource",
  service: "policies.conditions.kinds.service",
  logPattern: "policies.conditions.kinds.logPattern",
  pendingReboot: "policies.conditions.kinds.pendingReboot",
  uptime: "policies.conditions.kinds.uptime",
  software: "policies.conditions.kinds.software",
  file: "policies.conditions.kinds.file",
  smart: "policies.conditions.kinds.smart",
  agentDown: "policies.conditions.kinds.agentDown",
  scriptResult: "policies.conditions.kinds.scriptResult",
  customField: "policies.conditions.kinds.customField",
  patchFailures: "policies.conditions.kinds.patchFailures",
  backupFailures: "policies.conditions.kinds.backupFailures",
  antivirus: "policies.conditions.kinds.antivirus",
  compound: "policies.conditions.kinds.compound",
};

/** The kind drop-down's groups, in order; together they hold the whole catalogue. */
export const conditionKindGroups: { label: MessageKey; kinds: ConditionKind[] }[] = [
  {
    label: "policies.conditions.groups.resources",
    kinds: ["cpu", "memory", "diskFree", "diskUsage", "diskActiveTime", "network"],
  },
  { label: "policies.conditions.groups.processes", kinds: ["process", "processResource", "service"] },
  { label: "policies.conditions.groups.logs", kinds: ["logPattern"] },
  { label: "policies.conditions.groups.system", kinds: ["pendingReboot", "uptime", "software", "smart"] },
  { label: "policies.conditions.groups.files", kinds: ["file"] },
  { label: "policies.conditions.groups.scripts", kinds: ["scriptResult"] },
  { label: "policies.conditions.groups.serverSide", kinds: ["agentDown", "customField"] },
  {
    label: "policies.conditions.groups.otherAreas",
    kinds: ["patchFailures", "backupFailures", "antivirus"],
  },
  { label: "policies.conditions.groups.compound", kinds: ["compound"] },
];

export const severityText: Record<ConditionSeverity, MessageKey> = {
  CRITICAL: "policies.conditions.severities.CRITICAL",
  MAJOR: "policies.conditions.severities.MAJOR",
  MODERATE: "policies.conditions.severities.MODERATE",
  MINOR: "policies.conditions.severities.MINOR",
};

/** The badge colour of each severity. */
export const severityColor: Record<ConditionSeverity, string> = {
  CRITICAL: "red",
  MAJOR: "orange",
  MODERATE: "yellow",
  MINOR: "blue",
};

export const priorityText: Record<ConditionPriority, MessageKey> = {
  HIGH: "policies.conditions.priorities.HIGH",
  MEDIUM: "policies.conditions.priorities.MEDIUM",
  LOW: "policies.conditions.priorities.LOW",
};

export const healthText: Record<HealthStatus, MessageKey> = {
  HEALTHY: "policies.conditions.health.HEALTHY",
  NEEDS_ATTENTION: "policies.conditions.health.NEEDS_ATTENTION",
  UNHEALTHY: "policies.conditions.health.UNHEALTHY",
  UNKNOWN: "policies.conditions.health.UNKNOWN",
};

export const comparatorText: Record<Comparator, MessageKey> = {
  GT: "policies.conditions.comparators.GT",
  GTE: "policies.conditions.comparators.GTE",
  LT: "policies.conditions.comparators.LT",
  LTE: "policies.conditions.comparators.LTE",
};

/** The name of a condition template, by its id (the template's own name is the English one). */
export const conditionTemplateText: Record<string, MessageKey> = {
  diskAlmostFull: "policies.conditions.templates.diskAlmostFull",
  diskSpaceLow: "policies.conditions.templates.diskSpaceLow",
  cpuHigh: "policies.conditions.templates.cpuHigh",
  memoryHigh: "policies.conditions.templates.memoryHigh",
  diskBusy: "policies.conditions.templates.diskBusy",
  networkBusy: "policies.conditions.templates.networkBusy",
  eventLogServiceStopped: "policies.conditions.templates.eventLogServiceStopped",
  sshServiceStopped: "policies.conditions.templates.sshServiceStopped",
  pendingRebootWeek: "policies.conditions.templates.pendingRebootWeek",
  uptimeMonth: "policies.conditions.templates.uptimeMonth",
  smartFailing: "policies.conditions.templates.smartFailing",
  outOfMemoryKills: "policies.conditions.templates.outOfMemoryKills",
  unexpectedShutdown: "policies.conditions.templates.unexpectedShutdown",
  agentOffline: "policies.conditions.templates.agentOffline",
  antivirusDisabled: "policies.conditions.templates.antivirusDisabled",
  antivirusThreat: "policies.conditions.templates.antivirusThreat",
  patchFailures: "policies.conditions.templates.patchFailures",
  backupFailures: "policies.conditions.templates.backupFailures",
};
