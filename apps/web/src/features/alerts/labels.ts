import type { MantineColor } from "@mantine/core";
import type { AlertResetCause } from "@steward/contracts";
import type { ConditionPriority, ConditionSeverity } from "@steward/domain";
import type { MessageKey } from "../../i18n";

export const severityLabel: Record<ConditionSeverity, MessageKey> = {
  CRITICAL: "alerts.severity.CRITICAL",
  MAJOR: "alerts.severity.MAJOR",
  MODERATE: "alerts.severity.MODERATE",
  MINOR: "alerts.severity.MINOR",
};

/** Red for what needs someone now, fading to gray for what can wait. */
export const severityColor: Record<ConditionSeverity, MantineColor> = {
  CRITICAL: "red",
  MAJOR: "orange",
  MODERATE: "yellow",
  MINOR: "gray",
};

export const priorityLabel: Record<ConditionPriority, MessageKey> = {
  HIGH: "alerts.priority.HIGH",
  MEDIUM: "alerts.priority.MEDIUM",
  LOW: "alerts.priority.LOW",
};

export const resetCauseLabel: Record<AlertResetCause, MessageKey> = {
  RECOVERED: "alerts.resetCause.RECOVERED",
  AUTO_RESET: "alerts.resetCause.AUTO_RESET",
  TECHNICIAN: "alerts.resetCause.TECHNICIAN",
  CONDITION_REMOVED: "alerts.resetCause.CONDITION_REMOVED",
  DEVICE_REMOVED: "alerts.resetCause.DEVICE_REMOVED",
};
