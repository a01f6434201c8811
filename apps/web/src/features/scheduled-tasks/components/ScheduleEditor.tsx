import { Chip, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import {
  DAYS_OF_WEEK,
  SCHEDULE_END_TYPES,
  SCHEDULE_REPEATS,
  maxRepeatsEveryCount,
  type DayOfWeek,
  type EveryUnit,
  type ScheduleEndType,
  type ScheduleRepeats,
} from "@steward/domain";
import { useT, type MessageKey } from "../../../i18n";
import type { FieldErrors } from "../../../lib/forms";
import type { ScheduleDraft } from "./schedule-draft";

/** The unit beside "Every N" for the kinds that repeat by days, weeks or months. */
const unitWords: Partial<Record<ScheduleRepeats, MessageKey>> = {
  DAILY: "scheduledTasks.schedule.days",
  WEEKLY: "scheduledTasks.schedule.weeks",
  MONTHLY: "scheduledTasks.schedule.months",
};
const everyUnitWords: Record<EveryUnit, MessageKey> = {
  HOURS: "scheduledTasks.schedule.hours",
  MINUTES: "scheduledTasks.schedule.minutes",
};
const kindText: Record<ScheduleRepeats, MessageKey> = {
  DAILY: "scheduledTasks.schedule.kinds.DAILY",
  WEEKLY: "scheduledTasks.schedule.kinds.WEEKLY",
  MONTHLY: "scheduledTasks.schedule.kinds.MONTHLY",
  RUN_ONCE: "scheduledTasks.schedule.kinds.RUN_ONCE",
  RUN_ONCE_IMMEDIATELY: "scheduledTasks.schedule.kinds.RUN_ONCE_IMMEDIATELY",
  NONE: "scheduledTasks.schedule.kinds.NONE",
  EVERY: "scheduledTasks.schedule.kinds.EVERY",
  ON_SYSTEM_STARTUP: "scheduledTasks.schedule.kinds.ON_SYSTEM_STARTUP",
  ON_USER_LOGIN: "scheduledTasks.schedule.kinds.ON_USER_LOGIN",
};
const endText: Record<ScheduleEndType, MessageKey> = {
  NEVER: "scheduledTasks.schedule.endTypes.NEVER",
  AFTER: "scheduledTasks.schedule.endTypes.AFTER",
  ON: "scheduledTasks.schedule.endTypes.ON",
};
const dayLabels: Record<DayOfWeek, MessageKey> = {
  MONDAY: "scheduledTasks.schedule.shortDays.MONDAY",
  TUESDAY: "scheduledTasks.schedule.shortDays.TUESDAY",
  WEDNESDAY: "scheduledTasks.schedule.shortDays.WEDNESDAY",
  THURSDAY: "scheduledTasks.schedule.shortDays.THURSDAY",
  FRIDAY: "scheduledTasks.schedule.shortDays.FRIDAY",
  SATURDAY: "scheduledTasks.schedule.shortDays.SATURDAY",
  SUNDAY: "scheduledTasks.schedule.shortDays.SUNDAY",
};
/** What a kind without a time does, said under the kind. */
const untimedText: Partial<Record<ScheduleRepeats, MessageKey>> = {
  RUN_ONCE_IMMEDIATELY: "scheduledTasks.schedule.runsImmediately",
  NONE: "scheduledTasks.schedule.runsNever",
  ON_SYSTEM_STARTUP: "scheduledTasks.schedule.runsAtStartup",
  ON_USER_LOGIN: "scheduledTasks.schedule.runsAtLogin",
};

/** The typed count for a plural; a count not typed yet reads as many. */
const pluralCount = (value: number | string): number => {
  const n = Number(value);
  return value === "" || !Number.isFinite(n) ? 2 : n;
};

interface ScheduleEditorProps {
  draft: ScheduleDraft;
  onChange: (draft: ScheduleDraft) => void;
  errors: FieldErrors;
  disabled?: boolean;
}

/** The schedule kinds, "every N", time, days, start and end of recurrence (schema 2.0). */
export function ScheduleEditor({ draft, onChange, errors, disabled }: ScheduleEditorProps) {
  const t = useT();
  const set = <K extends keyof ScheduleDraft>(key: K, value: ScheduleDraft[K]) =>
    onChange({ ...draft, [key]: value });
  const recurs = ["DAILY", "WEEKLY", "MONTHLY", "EVERY"].includes(draft.repeats);
  const usesTime = !["NONE", "RUN_ONCE_IMMEDIATELY", "ON_SYSTEM_STARTUP", "ON_USER_LOGIN"].includes(
    draft.repeats,
  );
  const max = maxRepeatsEveryCount({ repeats: draft.repeats, repeatsEveryUnit: draft.repeatsEveryUnit });
  const count = pluralCount(draft.repeatsEveryCount);
  const unitWord = unitWords[draft.repeats];
  const untimed = untimedText[draft.repeats];

  return (
    <Stack gap="sm">
      <SimpleGrid cols={3}>
        <Select
          label={t("scheduledTasks.schedule.repeats")}
          allowDeselect={false}
          disabled={disabled}
          data={SCHEDULE_REPEATS.map((r) => ({ value: r, label: t(kindText[r]) }))}
          value={draft.repeats}
          onChange={(v) => set("repeats", (v as ScheduleRepeats | null) ?? "DAILY")}
        />
        {max !== null ? (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <NumberInput
              label={t("scheduledTasks.schedule.every")}
              description={t("scheduledTasks.schedule.everyRange", { max })}
              min={1}
              max={max}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              disabled={disabled}
              value={draft.repeatsEveryCount}
              error={errors.repeatsEveryCount}
              onChange={(v) => set("repeatsEveryCount", v)}
              style={{ flex: 1 }}
            />
            {draft.repeats === "EVERY" ? (
              <Select
                aria-label={t("scheduledTasks.schedule.unit")}
                w={110}
                allowDeselect={false}
                disabled={disabled}
                data={(["HOURS", "MINUTES"] as const).map((unit) => ({
                  value: unit,
                  label: t(everyUnitWords[unit], { count }),
                }))}
                value={draft.repeatsEveryUnit}
                onChange={(v) => set("repeatsEveryUnit", (v as EveryUnit | null) ?? "HOURS")}
              />
            ) : (
              <Text size="sm" pb={8}>
                {unitWord ? t(unitWord, { count }) : null}
              </Text>
            )}
          </Group>
        ) : (
          <div />
        )}
        {usesTime ? (
          <TextInput
            label={t(
              draft.repeats === "EVERY" ? "scheduledTasks.schedule.startingAt" : "scheduledTasks.schedule.at",
            )}
            type="time"
            disabled={disabled}
            value={draft.time}
            error={errors.runAtHour ?? errors.runAtMinute}
            onChange={(e) => set("time", e.currentTarget.value)}
          />
        ) : (
          <div />
        )}
      </SimpleGrid>
      {draft.repeats === "WEEKLY" ? (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t("scheduledTasks.schedule.on")}
          </Text>
          <Chip.Group
            multiple
            value={draft.daysOfWeek}
            onChange={(v) =>
              set(
                "daysOfWeek",
                DAYS_OF_WEEK.filter((d) => v.includes(d)),
              )
            }
          >
            <Group gap={6}>
              {DAYS_OF_WEEK.map((d) => (
                <Chip key={d} value={d} size="sm" disabled={disabled}>
                  {t(dayLabels[d])}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {errors.daysOfWeek ? (
            <Text size="xs" c="red">
              {errors.daysOfWeek}
            </Text>
          ) : null}
        </Stack>
      ) : null}
      {draft.repeats === "MONTHLY" ? (
        <NumberInput
          label={t("scheduledTasks.schedule.dayOfMonth")}
          description={t("scheduledTasks.schedule.dayOfMonthHelp")}
          w={220}
          min={1}
          max={31}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          disabled={disabled}
          value={draft.dayOfMonth}
          error={errors.dayOfMonth}
          onChange={(v) => set("dayOfMonth", v)}
        />
      ) : null}
      {usesTime ? (
        <SimpleGrid cols={3}>
          <TextInput
            label={t(
              draft.repeats === "RUN_ONCE"
                ? "scheduledTasks.schedule.date"
                : "scheduledTasks.schedule.starting",
            )}
            description={draft.repeats === "RUN_ONCE" ? undefined : t("scheduledTasks.schedule.startingHelp")}
            type="date"
            required={draft.repeats === "RUN_ONCE"}
            disabled={disabled}
            value={draft.startDate}
            error={errors.startDate}
            onChange={(e) => set("startDate", e.currentTarget.value)}
          />
          {recurs ? (
            <Select
              label={t("scheduledTasks.schedule.ends")}
              allowDeselect={false}
              disabled={disabled}
              data={SCHEDULE_END_TYPES.map((type) => ({ value: type, label: t(endText[type]) }))}
              value={draft.endType}
              onChange={(v) => set("endType", (v as ScheduleEndType | null) ?? "NEVER")}
            />
          ) : (
            <div />
          )}
          {recurs && draft.endType === "AFTER" ? (
            <NumberInput
              label={t("scheduledTasks.schedule.afterRuns")}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              disabled={disabled}
              value={draft.occurenceCount}
              error={errors["end.occurenceCount"]}
              onChange={(v) => set("occurenceCount", v)}
            />
          ) : recurs && draft.endType === "ON" ? (
            <TextInput
              label={t("scheduledTasks.schedule.onLastDay")}
              type="date"
              disabled={disabled}
              value={draft.endDate}
              error={errors["end.endDate"]}
              onChange={(e) => set("endDate", e.currentTarget.value)}
            />
          ) : null}
        </SimpleGrid>
      ) : (
        <Text size="sm" c="dimmed">
          {untimed ? t(untimed) : null}
        </Text>
      )}
    </Stack>
  );
}
