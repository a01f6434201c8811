import type { ReactNode } from "react";
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import {
  blankCheck,
  comparators,
  MAX_COMPOUND_PARTS,
  type Condition,
  type ConditionCheck,
  type ConditionKind,
} from "@steward/domain";
import { useT, type MessageKey } from "../../../i18n";
import { comparatorText, conditionKindGroups, conditionKindText } from "../texts";
import { isThresholdCheck, thresholdUnit, unitScale, type ThresholdUnit } from "./ConditionSummary";

export type ConditionForm = UseFormReturnType<Condition>;

/** A library script the technician can pick. */
export interface ScriptChoice {
  value: string;
  label: string;
}

interface CheckFieldsProps {
  form: ConditionForm;
  /** Where the check sits in the form's values ("check", "check.parts.1"). */
  path: string;
  check: ConditionCheck;
  /** The kinds the kind drop-down offers. */
  kinds: readonly ConditionKind[];
  scripts: ScriptChoice[];
  scriptsError: boolean;
  disabled: boolean;
}

/** Kinds a compound condition may combine: the agent's own, not another compound. */
const partKinds: ConditionKind[] = conditionKindGroups
  .flatMap((g) => g.kinds)
  .filter((k) => !["compound", "agentDown", "customField", "patchFailures", "backupFailures"].includes(k));

/** The kind drop-down, grouped as the catalogue is, and the chosen kind's own settings. */
export function ConditionCheckFields({
  form,
  path,
  check,
  kinds,
  scripts,
  scriptsError,
  disabled,
}: CheckFieldsProps) {
  const t = useT();
  const kindData = conditionKindGroups
    .map((g) => ({
      group: t(g.label),
      items: g.kinds
        .filter((k) => kinds.includes(k))
        .map((k) => ({ value: k, label: t(conditionKindText[k]) })),
    }))
    .filter((g) => g.items.length > 0);
  return (
    <Stack gap="sm">
      <Select
        label={t("policies.conditions.form.kind")}
        data={kindData}
        value={check.kind}
        allowDeselect={false}
        disabled={disabled}
        onChange={(kind) => {
          if (kind) form.setFieldValue(path, blankCheck(kind as ConditionKind) as never);
        }}
      />
      <KindFields
        form={form}
        path={path}
        check={check}
        scripts={scripts}
        scriptsError={scriptsError}
        disabled={disabled}
      />
    </Stack>
  );
}

type FieldsProps = Omit<CheckFieldsProps, "kinds">;

/** Helpers that bind one field of the check to an input. */
function useFieldBinders({ form, path, disabled }: Pick<FieldsProps, "form" | "path" | "disabled">) {
  const t = useT();
  const at = (field: string) => `${path}.${field}`;
  const set = (field: string, value: unknown) => form.setFieldValue(at(field), value as never);
  const error = (field: string): ReactNode => form.errors[at(field)];
  const value = (field: string): unknown =>
    at(field)
      .split(".")
      .reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], form.getValues());

  return {
    /** A required number; `scale` divides the stored value for display. */
    number: (
      field: string,
      label: string,
      opts: {
        scale?: number;
        description?: string;
        decimals?: boolean;
        optional?: boolean;
        min?: number;
        max?: number;
      } = {},
    ) => {
      const scale = opts.scale ?? 1;
      const v = value(field);
      return (
        <NumberInput
          label={label}
          description={opts.description}
          required={!opts.optional}
          disabled={disabled}
          allowDecimal={opts.decimals ?? false}
          min={opts.min}
          max={opts.max}
          clampBehavior={opts.max !== undefined ? "strict" : "blur"}
          value={typeof v === "number" ? round(v / scale) : ""}
          onChange={(next) => {
            if (next === "" || next === "-") set(field, opts.optional ? undefined : "");
            else set(field, Number(next) * scale);
          }}
          error={error(field)}
        />
      );
    },
    /** A "for N minutes" duration kept in seconds. */
    minutes: (field: string, label: string, description?: string) => {
      const v = value(field);
      return (
        <NumberInput
          label={label}
          description={description}
          disabled={disabled}
          allowDecimal={false}
          min={0}
          max={1440}
          clampBehavior="strict"
          value={typeof v === "number" ? Math.round(v / 60) : ""}
          onChange={(next) => set(field, next === "" ? "" : Number(next) * 60)}
          error={error(field)}
        />
      );
    },
    text: (field: string, label: string, opts: { description?: string; optional?: boolean } = {}) => {
      const v = value(field);
      return (
        <TextInput
          label={label}
          description={opts.description}
          required={!opts.optional}
          disabled={disabled}
          value={typeof v === "string" ? v : ""}
          onChange={(e) => {
            const next = e.currentTarget.value;
            set(field, opts.optional && next === "" ? undefined : next);
          }}
          error={error(field)}
        />
      );
    },
    choice: (
      field: string,
      label: string,
      options: Record<string, MessageKey>,
      onChosen?: (value: string) => void,
    ) => (
      <Select
        label={label}
        data={Object.entries(options).map(([value, key]) => ({ value, label: t(key) }))}
        value={String(value(field))}
        allowDeselect={false}
        disabled={disabled}
        onChange={(next) => {
          if (next === null) return;
          if (onChosen) onChosen(next);
          else set(field, next);
        }}
        error={error(field)}
      />
    ),
    set,
  };
}

const unitText: Record<ThresholdUnit, MessageKey> = {
  PERCENT: "policies.conditions.form.units.PERCENT",
  GB: "policies.conditions.form.units.GB",
  MB: "policies.conditions.form.units.MB",
  MB_PER_SECOND: "policies.conditions.form.units.MB_PER_SECOND",
};

const round = (n: number) => Math.round(n * 1000) / 1000;

const runStates = {
  RUNNING: "policies.conditions.form.runStates.RUNNING",
  NOT_RUNNING: "policies.conditions.form.runStates.NOT_RUNNING",
} as const satisfies Record<string, MessageKey>;

/** The settings of the chosen kind. */
function KindFields(props: FieldsProps) {
  const { form, path, check, scripts, scriptsError, disabled } = props;
  const t = useT();
  const f = useFieldBinders(props);
  const grid = (children: ReactNode) => (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
      {children}
    </SimpleGrid>
  );

  if (isThresholdCheck(check)) {
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
    case "compound":
      return <CompoundFields {...props} check={check} />;
    default:
      return (
        <Text size="sm" c="dimmed">
          {t("policies.conditions.form.noParameters")}
        </Text>
      );
  }
}

/** ALL or ANY, and each part with its own kind and settings. */
function CompoundFields(props: FieldsProps & { check: Extract<ConditionCheck, { kind: "compound" }> }) {
  const { form, path, check, disabled } = props;
  const t = useT();
  const f = useFieldBinders(props);
  const parts = check.parts;
  return (
    <Stack gap="sm">
      {f.choice("mode", t("policies.conditions.form.mode"), {
        ALL: "policies.conditions.form.modes.ALL",
        ANY: "policies.conditions.form.modes.ANY",
      })}
      {parts.map((part, i) => (
        <Paper key={i} withBorder radius="sm" p="sm">
          <Stack gap="xs">
            <Group justify="space-between">
              <Text size="sm" fw={500}>
                {t("policies.conditions.form.part", { number: i + 1 })}
              </Text>
              {parts.length > 2 && !disabled ? (
                <Tooltip label={t("policies.conditions.form.removePart", { number: i + 1 })}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t("policies.conditions.form.removePart", { number: i + 1 })}
                    onClick={() => form.removeListItem(`${path}.parts`, i)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              ) : null}
            </Group>
            <ConditionCheckFields {...props} path={`${path}.parts.${i}`} check={part} kinds={partKinds} />
          </Stack>
        </Paper>
      ))}
      {parts.length < MAX_COMPOUND_PARTS && !disabled ? (
        <Group>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => form.insertListItem(`${path}.parts`, blankCheck("cpu"))}
          >
            {t("policies.conditions.form.addPart")}
          </Button>
        </Group>
      ) : null}
      {form.errors[`${path}.parts`] ? (
        <Text size="sm" c="red">
          {form.errors[`${path}.parts`]}
        </Text>
      ) : null}
    </Stack>
  );
}
