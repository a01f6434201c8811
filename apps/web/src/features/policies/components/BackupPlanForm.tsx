import { useState } from "react";
import {
  Button,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import type { ScheduledTask } from "@steward/contracts";
import { backupPlan, backupPlanBounds, type BackupPlan, type BackupRetention } from "@steward/domain";
import { useT, type MessageKey } from "../../../i18n";
import { validateWith, type FieldErrors } from "../../../lib/forms";
import { ScheduleEditor, useScheduleDraft } from "../../scheduled-tasks";

/** The retention a new plan starts with: the schema's own default. */
const DEFAULT_RETENTION: BackupRetention = backupPlan.shape.retention.parse(undefined);

const RETENTION_FIELDS: { key: keyof BackupRetention; label: MessageKey }[] = [
  { key: "keepLast", label: "policies.backup.keepLast" },
  { key: "keepDaily", label: "policies.backup.keepDaily" },
  { key: "keepWeekly", label: "policies.backup.keepWeekly" },
  { key: "keepMonthly", label: "policies.backup.keepMonthly" },
];

/** A text area's lines, without blank ones. */
const linesOf = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.length > 0);

/** The first problem under a field, its list items included ("includePaths.2"). */
const errorUnder = (errors: FieldErrors, field: string) =>
  Object.entries(errors).find(([path]) => path === field || path.startsWith(`${field}.`))?.[1];

interface BackupPlanFormProps {
  initial: BackupPlan | null;
  onApply: (value: BackupPlan) => void;
}

/** One file/folder plan; the shared plan schema decides what is valid and says what is wrong. */
export function BackupPlanForm({ initial, onApply }: BackupPlanFormProps) {
  const t = useT();
  const [name, setName] = useState(initial?.name ?? "");
  const [includes, setIncludes] = useState((initial?.includePaths ?? []).join("\n"));
  const [excludes, setExcludes] = useState((initial?.excludePatterns ?? []).join("\n"));
  const [scheduled, setScheduled] = useState(initial ? initial.schedule !== undefined : true);
  const schedule = useScheduleDraft(initial?.schedule as ScheduledTask["schedule"] | undefined);
  const [retention, setRetention] = useState<Record<keyof BackupRetention, number | string>>(
    initial?.retention ?? DEFAULT_RETENTION,
  );
  const [destination, setDestination] = useState(initial?.destination?.path ?? "");
  const [enabled, setEnabled] = useState(initial?.enabled ?? true);
  const [tried, setTried] = useState(false);

  const candidate = {
    name,
    type: "fileFolder",
    enabled,
    includePaths: linesOf(includes),
    excludePatterns: linesOf(excludes),
    ...(scheduled ? { schedule: schedule.schedule } : {}),
    retention: Object.fromEntries(
      RETENTION_FIELDS.map(({ key }) => [key, retention[key] === "" ? undefined : Number(retention[key])]),
    ),
    destination: { type: "local", path: destination },
  };
  const checked = validateWith(backupPlan, candidate);
  const errors: FieldErrors = tried && !checked.ok ? checked.errors : {};
  const scheduleErrors = tried && scheduled ? schedule.errors : {};

  const apply = () => {
    setTried(true);
    if (scheduled && Object.keys(schedule.errors).length > 0) return;
    if (checked.ok) onApply(checked.data);
  };

  return (
    <Stack gap="sm">
      <TextInput
        label={t("policies.backup.name")}
        required
        maxLength={200}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={errors.name}
      />
      <Textarea
        label={t("policies.backup.includePaths")}
        description={t("policies.backup.includePathsHelp")}
        required
        autosize
        minRows={2}
        maxRows={8}
        value={includes}
        onChange={(e) => setIncludes(e.currentTarget.value)}
        error={errorUnder(errors, "includePaths")}
      />
      <Textarea
        label={t("policies.backup.excludePatterns")}
        description={t("policies.backup.excludePatternsHelp")}
        autosize
        minRows={2}
        maxRows={8}
        value={excludes}
        onChange={(e) => setExcludes(e.currentTarget.value)}
        error={errorUnder(errors, "excludePatterns")}
      />
      <TextInput
        label={t("policies.backup.destination")}
        description={t("policies.backup.destinationHelp")}
        required
        maxLength={backupPlanBounds.pathLength}
        value={destination}
        onChange={(e) => setDestination(e.currentTarget.value)}
        error={errorUnder(errors, "destination")}
      />
      <Title order={6}>{t("policies.backup.retention")}</Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {RETENTION_FIELDS.map(({ key, label }) => (
          <NumberInput
            key={key}
            label={t(label)}
            min={backupPlanBounds.keep.min}
            max={backupPlanBounds.keep.max}
            allowDecimal={false}
            allowNegative={false}
            value={retention[key]}
            onChange={(v) => setRetention((r) => ({ ...r, [key]: v }))}
            error={errors[`retention.${key}`]}
          />
        ))}
      </SimpleGrid>
      <Title order={6}>{t("policies.backup.schedule")}</Title>
      <Switch
        label={t("policies.backup.scheduled")}
        description={t("policies.backup.scheduledHelp")}
        checked={scheduled}
        onChange={(e) => setScheduled(e.currentTarget.checked)}
      />
      {scheduled ? (
        <ScheduleEditor draft={schedule.draft} onChange={schedule.setDraft} errors={scheduleErrors} />
      ) : null}
      <Switch
        label={t("policies.backup.enabled")}
        checked={enabled}
        onChange={(e) => setEnabled(e.currentTarget.checked)}
      />
      <Group justify="flex-end">
        <Button onClick={apply}>{t("policies.backup.apply")}</Button>
      </Group>
    </Stack>
  );
}
