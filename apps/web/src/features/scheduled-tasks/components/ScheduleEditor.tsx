import { Chip, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import {
  DAYS_OF_WEEK,
  SCHEDULE_END_LABELS,
  SCHEDULE_END_TYPES,
  SCHEDULE_KIND_LABELS,
  SCHEDULE_REPEATS,
  maxRepeatsEveryCount,
  type DayOfWeek,
  type EveryUnit,
  type ScheduleEndType,
  type ScheduleRepeats,
} from "@steward/domain";
import type { FieldErrors } from "../../../lib/forms";
import type { ScheduleDraft } from "./schedule-draft";

const unitWords: Partial<Record<ScheduleRepeats, string>> = {
  DAILY: "day(s)",
  WEEKLY: "week(s)",
  MONTHLY: "month(s)",
};
const dayLabels: Record<DayOfWeek, string> = {
  MONDAY: "Mon",
  TUESDAY: "Tue",
  WEDNESDAY: "Wed",
  THURSDAY: "Thu",
  FRIDAY: "Fri",
  SATURDAY: "Sat",
  SUNDAY: "Sun",
};

interface ScheduleEditorProps {
  draft: ScheduleDraft;
  onChange: (draft: ScheduleDraft) => void;
  errors: FieldErrors;
  disabled?: boolean;
}

/** The schedule kinds, "every N", time, days, start and end of recurrence (schema 2.0). */
export function ScheduleEditor({ draft, onChange, errors, disabled }: ScheduleEditorProps) {
  const set = <K extends keyof ScheduleDraft>(key: K, value: ScheduleDraft[K]) =>
    onChange({ ...draft, [key]: value });
  const recurs = ["DAILY", "WEEKLY", "MONTHLY", "EVERY"].includes(draft.repeats);
  const usesTime = !["NONE", "RUN_ONCE_IMMEDIATELY", "ON_SYSTEM_STARTUP", "ON_USER_LOGIN"].includes(
    draft.repeats,
  );
  const max = maxRepeatsEveryCount({ repeats: draft.repeats, repeatsEveryUnit: draft.repeatsEveryUnit });

  return (
    <Stack gap="sm">
      <SimpleGrid cols={3}>
        <Select
          label="Repeats"
          allowDeselect={false}
          disabled={disabled}
          data={SCHEDULE_REPEATS.map((r) => ({ value: r, label: SCHEDULE_KIND_LABELS[r] }))}
          value={draft.repeats}
          onChange={(v) => set("repeats", (v as ScheduleRepeats | null) ?? "DAILY")}
        />
        {max !== null ? (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <NumberInput
              label="Every"
              description={`1 to ${max}`}
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
                aria-label="Unit"
                w={110}
                allowDeselect={false}
                disabled={disabled}
                data={[
                  { value: "HOURS", label: "hour(s)" },
                  { value: "MINUTES", label: "minute(s)" },
                ]}
                value={draft.repeatsEveryUnit}
                onChange={(v) => set("repeatsEveryUnit", (v as EveryUnit | null) ?? "HOURS")}
              />
            ) : (
              <Text size="sm" pb={8}>
                {unitWords[draft.repeats]}
              </Text>
            )}
          </Group>
        ) : (
          <div />
        )}
        {usesTime ? (
          <TextInput
            label={draft.repeats === "EVERY" ? "Starting at" : "At"}
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
            On
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
                  {dayLabels[d]}
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
          label="Day of the month"
          description="A day the month does not have means its last day"
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
            label={draft.repeats === "RUN_ONCE" ? "Date" : "Starting"}
            description={draft.repeats === "RUN_ONCE" ? undefined : "Empty: from today"}
            type="date"
            required={draft.repeats === "RUN_ONCE"}
            disabled={disabled}
            value={draft.startDate}
            error={errors.startDate}
            onChange={(e) => set("startDate", e.currentTarget.value)}
          />
          {recurs ? (
            <Select
              label="Ends"
              allowDeselect={false}
              disabled={disabled}
              data={SCHEDULE_END_TYPES.map((t) => ({ value: t, label: SCHEDULE_END_LABELS[t] }))}
              value={draft.endType}
              onChange={(v) => set("endType", (v as ScheduleEndType | null) ?? "NEVER")}
            />
          ) : (
            <div />
          )}
          {recurs && draft.endType === "AFTER" ? (
            <NumberInput
              label="After (runs)"
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
              label="On (last day)"
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
          {draft.repeats === "RUN_ONCE_IMMEDIATELY"
            ? "Runs once, as soon as the task is saved."
            : draft.repeats === "NONE"
              ? "Never runs by itself; use Run now."
              : draft.repeats === "ON_SYSTEM_STARTUP"
                ? "Runs when a target device starts."
                : "Runs when a user logs in on a target device."}
        </Text>
      )}
    </Stack>
  );
}
