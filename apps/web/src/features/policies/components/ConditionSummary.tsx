import type { ConditionCheck } from "@steward/domain";
import type { Translate } from "../../../i18n";
import { formatBytes, formatNumber } from "../../../ui";

type Check<K extends ConditionCheck["kind"]> = Extract<ConditionCheck, { kind: K }>;

/** The units a threshold is typed in: the stored value divided by `scale`. */
export type ThresholdUnit = "PERCENT" | "GB" | "MB" | "MB_PER_SECOND";
export const unitScale: Record<ThresholdUnit, number> = {
  PERCENT: 1,
  GB: 1024 ** 3,
  MB: 1024 ** 2,
  MB_PER_SECOND: 1024 ** 2,
};

export type ThresholdCheck = Check<
  "cpu" | "memory" | "diskFree" | "diskUsage" | "diskActiveTime" | "network" | "processResource"
>;

/** The unit of a threshold check's value (percent, or a size the technician types in GB or MB). */
export function thresholdUnit(check: ThresholdCheck): ThresholdUnit {
  if (check.kind === "diskFree" && check.unit === "BYTES") return "GB";
  if (check.kind === "network") return "MB_PER_SECOND";
  if (check.kind === "processResource" && check.resource === "MEMORY_BYTES") return "MB";
  return "PERCENT";
}

const thresholdKinds = new Set<string>([
  "cpu",
  "memory",
  "diskFree",
  "diskUsage",
  "diskActiveTime",
  "network",
  "processResource",
]);

/** Whether a check compares a measured value with a threshold (and so has a reset value and a duration). */
export function isThresholdCheck(check: ConditionCheck): check is ThresholdCheck {
  return thresholdKinds.has(check.kind);
}

function thresholdValue(t: Translate, check: ThresholdCheck): string {
  const unit = thresholdUnit(check);
  if (unit === "PERCENT")
    return formatNumber(check.value / 100, { style: "percent", maximumFractionDigits: 2 });
  if (unit === "MB_PER_SECOND")
    return t("policies.conditions.summary.perSecond", { size: formatBytes(check.value) });
  return formatBytes(check.value);
}

const wholeMinutes = (seconds: number | undefined) => Math.round((seconds ?? 0) / 60);

function thresholdSubject(check: ThresholdCheck): string {
  if (check.kind === "network") return check.direction === "TOTAL" ? "network" : `network${check.direction}`;
  if (check.kind === "processResource")
    return check.resource === "CPU_PERCENT" ? "processCpu" : "processMemory";
  return check.kind;
}

/**
 * A check in words, in the reader's language ("CPU above 90% for 15 minutes"). `scriptName`
 * names a library script by its id when it is known.
 */
export function describeCheck(
  t: Translate,
  check: ConditionCheck,
  scriptName: (id: number) => string | undefined = () => undefined,
): string {
  if (isThresholdCheck(check)) {
    const mount = "mount" in check ? check.mount : undefined;
    return t("policies.conditions.summary.threshold", {
      subject: thresholdSubject(check),
      process: check.kind === "processResource" ? check.process : "",
      onMount: mount ? "yes" : "no",
      mount: mount ?? "",
      comparator: check.comparator,
      value: thresholdValue(t, check),
      minutes: wholeMinutes(check.durationSeconds),
    });
  }
  switch (check.kind) {
    case "process":
      return t("policies.conditions.summary.process", {
        process: check.process,
        state: check.state,
        minutes: wholeMinutes(check.durationSeconds),
      });
    case "service":
      return t("policies.conditions.summary.service", {
        service: check.service,
        state: check.state,
        minutes: wholeMinutes(check.durationSeconds),
      });
    case "logPattern":
      return t("policies.conditions.summary.logPattern", {
        count: check.count,
        pattern: check.pattern,
        source: check.source,
        hasLog: check.log ? "yes" : "no",
        log: check.log ?? "",
        window: check.windowMinutes,
      });
    case "pendingReboot":
      return t("policies.conditions.summary.pendingReboot");
    case "uptime":
      return t("policies.conditions.summary.uptime", { days: check.days });
    case "software":
      return t("policies.conditions.summary.software", { software: check.software, state: check.state });
    case "file":
      return t("policies.conditions.summary.file", { path: check.path, state: check.state });
    case "smart":
      return t("policies.conditions.summary.smart");
    case "agentDown":
      return t("policies.conditions.summary.agentDown", { minutes: check.minutes });
    case "scriptResult": {
      const script =
        check.scriptId > 0
          ? (scriptName(check.scriptId) ??
            t("policies.conditions.summary.scriptNumber", { id: check.scriptId }))
          : t("policies.conditions.summary.noScript");
      return check.match.on === "EXIT_CODE"
        ? t("policies.conditions.summary.scriptResult", {
            script,
            interval: check.intervalMinutes,
            on: "EXIT_CODE",
            comparator: check.match.comparator,
            exitCode: check.match.exitCode,
            pattern: "",
          })
        : t("policies.conditions.summary.scriptResult", {
            script,
            interval: check.intervalMinutes,
            on: "OUTPUT",
            comparator: "",
            exitCode: 0,
            pattern: check.match.pattern,
          });
    }
    case "customField":
      return t("policies.conditions.summary.customField", {
        field: check.field,
        operator: check.operator,
        value: check.value,
      });
    case "patchFailures":
      return t("policies.conditions.summary.patchFailures", { count: check.count });
    case "backupFailures":
      return t("policies.conditions.summary.backupFailures", { count: check.count });
    case "antivirus":
      return t("policies.conditions.summary.antivirus", { state: check.state });
    case "compound": {
      // Each part is a phrase of its own (capitalized in some languages): listed, not run into one sentence.
      const parts = check.parts.map((part) => describeCheck(t, part, scriptName)).join("; ");
      return t("policies.conditions.summary.compound", { mode: check.mode, parts });
    }
    default:
      return "";
  }
}
