import type { ReactNode } from "react";
import { Select, Text } from "@mantine/core";
import { type MessageKey, useT } from "../../../i18n";
import { FieldGrid, useFieldBinders, type FieldsProps } from "./checkFieldBinders";
import { isThresholdCheck } from "./ConditionSummary";
import { ThresholdCheckFields } from "./ThresholdCheckFields";

const runStates = {
  RUNNING: "policies.conditions.form.runStates.RUNNING",
  NOT_RUNNING: "policies.conditions.form.runStates.NOT_RUNNING",
} as const satisfies Record<string, MessageKey>;

/** The settings of the chosen kind (a compound check's parts are laid out by ConditionCheckFields). */
export function CheckKindFields(props: FieldsProps) {
  const { form, path, check, scripts, scriptsError, disabled } = props;
  const t = useT();
  const f = useFieldBinders(props);
  const grid = (children: ReactNode) => <FieldGrid>{children}</FieldGrid>;

  if (isThresholdCheck(check)) return <ThresholdCheckFields {...props} check={check} />;
  switch (check.kind) {
    case "process":
    case "service":
      return grid(
        <>
          {check.kind === "process"
            ? f.text("process", t("policies.conditions.form.process"))
            : f.text("service", t("policies.conditions.form.service"))}
          {f.choice("state", t("policies.conditions.form.runState"), runStates)}
          {f.minutes(
            "durationSeconds",
            t("policies.conditions.form.duration"),
            t("policies.conditions.form.durationHelp"),
          )}
        </>,
      );
    case "logPattern":
      return grid(
        <>
          {f.choice("source", t("policies.conditions.form.logSource"), {
            JOURNAL: "policies.conditions.form.logSources.JOURNAL",
            SYSLOG: "policies.conditions.form.logSources.SYSLOG",
            EVENT_LOG: "policies.conditions.form.logSources.EVENT_LOG",
          })}
          {f.text("log", t("policies.conditions.form.log"), {
            optional: true,
            description: t("policies.conditions.form.logHelp"),
          })}
          {f.text("pattern", t("policies.conditions.form.pattern"))}
          {f.number("count", t("policies.conditions.form.count"), { min: 1 })}
          {f.number("windowMinutes", t("policies.conditions.form.windowMinutes"), { min: 1, max: 1440 })}
        </>,
      );
    case "uptime":
      return grid(f.number("days", t("policies.conditions.form.days"), { min: 1 }));
    case "software":
      return grid(
        <>
          {f.text("software", t("policies.conditions.form.software"))}
          {f.choice("state", t("policies.conditions.form.installState"), {
            INSTALLED: "policies.conditions.form.installStates.INSTALLED",
            NOT_INSTALLED: "policies.conditions.form.installStates.NOT_INSTALLED",
          })}
        </>,
      );
    case "file":
      return grid(
        <>
          {f.text("path", t("policies.conditions.form.path"))}
          {f.choice("state", t("policies.conditions.form.fileState"), {
            EXISTS: "policies.conditions.form.fileStates.EXISTS",
            NOT_EXISTS: "policies.conditions.form.fileStates.NOT_EXISTS",
            SIZE_CHANGED: "policies.conditions.form.fileStates.SIZE_CHANGED",
          })}
        </>,
      );
    case "agentDown":
      return grid(f.number("minutes", t("policies.conditions.form.agentDownMinutes"), { min: 1 }));
    case "scriptResult":
      return grid(
        <>
          <Select
            label={t("policies.conditions.form.script")}
            required
            searchable
            data={scripts}
            value={check.scriptId > 0 ? String(check.scriptId) : null}
            disabled={disabled}
            onChange={(next) => f.set("scriptId", next ? Number(next) : 0)}
            description={scriptsError ? t("policies.conditions.form.scriptsLoadError") : undefined}
            error={form.errors[`${path}.scriptId`]}
          />
          {f.number("intervalMinutes", t("policies.conditions.form.intervalMinutes"), { min: 1, max: 1440 })}
          {f.choice(
            "match.on",
            t("policies.conditions.form.matchOn"),
            {
              EXIT_CODE: "policies.conditions.form.matchOns.EXIT_CODE",
              OUTPUT: "policies.conditions.form.matchOns.OUTPUT",
            },
            (next) =>
              f.set(
                "match",
                next === "OUTPUT"
                  ? { on: "OUTPUT", pattern: "" }
                  : { on: "EXIT_CODE", comparator: "NE", exitCode: 0 },
              ),
          )}
          {check.match.on === "EXIT_CODE" ? (
            <>
              {f.choice("match.comparator", t("policies.conditions.form.exitComparator"), {
                EQ: "policies.conditions.form.exitComparators.EQ",
                NE: "policies.conditions.form.exitComparators.NE",
              })}
              {f.number("match.exitCode", t("policies.conditions.form.exitCode"))}
            </>
          ) : (
            f.text("match.pattern", t("policies.conditions.form.outputPattern"))
          )}
        </>,
      );
    case "customField":
      return grid(
        <>
          {f.text("field", t("policies.conditions.form.field"))}
          {f.choice("operator", t("policies.conditions.form.operator"), {
            EQ: "policies.conditions.form.operators.EQ",
            NE: "policies.conditions.form.operators.NE",
            CONTAINS: "policies.conditions.form.operators.CONTAINS",
            EMPTY: "policies.conditions.form.operators.EMPTY",
            NOT_EMPTY: "policies.conditions.form.operators.NOT_EMPTY",
          })}
          {check.operator === "EMPTY" || check.operator === "NOT_EMPTY"
            ? null
            : f.text("value", t("policies.conditions.form.fieldValue"), { optional: true })}
        </>,
      );
    case "patchFailures":
    case "backupFailures":
      return grid(f.number("count", t("policies.conditions.form.failureCount"), { min: 1 }));
    case "antivirus":
      return grid(
        f.choice("state", t("policies.conditions.form.antivirusState"), {
          DISABLED: "policies.conditions.form.antivirusStates.DISABLED",
          OUT_OF_DATE: "policies.conditions.form.antivirusStates.OUT_OF_DATE",
          THREAT_FOUND: "policies.conditions.form.antivirusStates.THREAT_FOUND",
        }),
      );
    default:
      return (
        <Text size="sm" c="dimmed">
          {t("policies.conditions.form.noParameters")}
        </Text>
      );
  }
}
