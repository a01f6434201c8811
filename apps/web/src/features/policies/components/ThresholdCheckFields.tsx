import type { ReactNode } from "react";
import { comparators } from "@steward/domain";
import { useT, type MessageKey } from "../../../i18n";
import { comparatorText } from "../texts";
import { FieldGrid, useFieldBinders, type FieldsProps } from "./checkFieldBinders";
import { thresholdUnit, unitScale, type ThresholdCheck, type ThresholdUnit } from "./ConditionSummary";

const unitText: Record<ThresholdUnit, MessageKey> = {
  PERCENT: "policies.conditions.form.units.PERCENT",
  GB: "policies.conditions.form.units.GB",
  MB: "policies.conditions.form.units.MB",
  MB_PER_SECOND: "policies.conditions.form.units.MB_PER_SECOND",
};

/** A metric compared with a threshold: what it measures, the threshold, its reset and duration. */
export function ThresholdCheckFields(props: FieldsProps & { check: ThresholdCheck }) {
  const { form, path, check } = props;
  const t = useT();
  const f = useFieldBinders(props);
  const grid = (children: ReactNode) => <FieldGrid>{children}</FieldGrid>;
  const unit = thresholdUnit(check);
  const unitLabel = t(unitText[unit]);
  const scale = unitScale[unit];
  return grid(
    <>
      {check.kind === "diskFree"
        ? f.choice(
            "unit",
            t("policies.conditions.form.freeUnit"),
            {
              PERCENT: "policies.conditions.form.freeUnits.PERCENT",
              BYTES: "policies.conditions.form.freeUnits.BYTES",
            },
            (next) =>
              form.setFieldValue(path, {
                ...check,
                unit: next as "PERCENT" | "BYTES",
                value: next === "PERCENT" ? 10 : 5 * unitScale.GB,
                resetValue: undefined,
              } as never),
          )
        : null}
      {check.kind === "diskFree" || check.kind === "diskUsage" || check.kind === "diskActiveTime"
        ? f.text("mount", t("policies.conditions.form.mount"), {
            description: t("policies.conditions.form.mountHelp"),
            optional: true,
          })
        : null}
      {check.kind === "network"
        ? f.choice("direction", t("policies.conditions.form.direction"), {
            IN: "policies.conditions.form.directions.IN",
            OUT: "policies.conditions.form.directions.OUT",
            TOTAL: "policies.conditions.form.directions.TOTAL",
          })
        : null}
      {check.kind === "processResource" ? (
        <>
          {f.text("process", t("policies.conditions.form.process"))}
          {f.choice(
            "resource",
            t("policies.conditions.form.resource"),
            {
              CPU_PERCENT: "policies.conditions.form.resources.CPU_PERCENT",
              MEMORY_BYTES: "policies.conditions.form.resources.MEMORY_BYTES",
            },
            (next) =>
              form.setFieldValue(path, {
                ...check,
                resource: next as "CPU_PERCENT" | "MEMORY_BYTES",
                value: next === "CPU_PERCENT" ? 90 : 1024 * unitScale.MB,
                resetValue: undefined,
              } as never),
          )}
        </>
      ) : null}
      {f.choice(
        "comparator",
        t("policies.conditions.form.comparator"),
        Object.fromEntries(comparators.map((c) => [c, comparatorText[c]])) as Record<string, MessageKey>,
      )}
      {f.number("value", t("policies.conditions.form.threshold", { unit: unitLabel }), {
        scale,
        decimals: true,
      })}
      {f.number("resetValue", t("policies.conditions.form.resetValue", { unit: unitLabel }), {
        scale,
        decimals: true,
        optional: true,
        description: t("policies.conditions.form.resetValueHelp"),
      })}
      {f.minutes(
        "durationSeconds",
        t("policies.conditions.form.duration"),
        t("policies.conditions.form.durationHelp"),
      )}
    </>,
  );
}
