import { useState } from "react";
import {
  Button,
  Checkbox,
  Chip,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { MaintenanceWindow } from "@steward/contracts";
import { DAYS_OF_WEEK, MAINTENANCE_SUPPRESSIONS, type DayOfWeek } from "@steward/domain";
import { describeError } from "../../../api";
import { useT } from "../../../i18n";
import { applyServerErrors, useContractForm } from "../../../lib/forms";
import { browserTimeZone, timeZoneOptions } from "../../../lib/time-zones";
import { FormError } from "../../../ui";
import { useSaveMaintenanceWindow, useTargetChoices } from "../api";
import { dayLabel, repeatsLabel } from "../labels";
import { draftOf, draftSchema, requestOf, type RecurringRepeats, type WindowDraft } from "./window-draft";

interface Props {
  organizationId: number | null;
  window: MaintenanceWindow | null;
  opened: boolean;
  onClose: () => void;
}

export function MaintenanceWindowDialog(props: Props) {
  const t = useT();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      size="lg"
      title={
        props.window
          ? t("maintenance.form.editTitle", { name: props.window.name })
          : t("maintenance.form.newTitle")
      }
    >
      {props.opened ? <WindowForm {...props} /> : null}
    </Modal>
  );
}

const REPEATS: RecurringRepeats[] = ["DAILY", "WEEKLY", "MONTHLY", "EVERY"];

function WindowForm({ organizationId, window: w, onClose }: Props) {
  const t = useT();
  const save = useSaveMaintenanceWindow(organizationId);
  const choices = useTargetChoices(organizationId, true);
  const form = useContractForm<WindowDraft>(draftSchema(organizationId), {
    initialValues: draftOf(w, organizationId, browserTimeZone() ?? "UTC"),
  });
  const [submitError, setSubmitError] = useState<string | null>(null);
  const v = form.values;

  const handleSubmit = (values: WindowDraft) => {
    setSubmitError(null);
    save.mutate(
      { id: w?.id ?? null, body: requestOf(values, organizationId) },
      {
        onSuccess: () => {
          notifications.show({
            color: "teal",
            message: t(w ? "maintenance.form.saved" : "maintenance.form.created"),
          });
          onClose();
        },
        onError: (error) => {
          if (!applyServerErrors(form, error)) setSubmitError(describeError(error));
        },
      },
    );
  };
  // Schedule field messages name the request's nested paths: show them together under the timing.
  const scheduleErrors = Object.entries(form.errors)
    .filter(([key]) => key.startsWith("timing.schedule") || key === "timing")
    .map(([, message]) => message);
  const c = choices.data;

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack gap="sm">
        <TextInput label={t("common.fields.name")} required maxLength={200} {...form.getInputProps("name")} />

        <Text fw={600} size="sm">
          {t("maintenance.form.targetsTitle")}
        </Text>
        {organizationId !== null ? (
          <Checkbox
            label={t("maintenance.form.wholeOrganization")}
            {...form.getInputProps("wholeOrganization", { type: "checkbox" })}
          />
        ) : (
          <MultiSelect
            label={t("maintenance.form.organizations")}
            data={c?.organizations ?? []}
            searchable
            {...form.getInputProps("targets.organizationIds")}
          />
        )}
        <SimpleGrid cols={organizationId !== null ? 3 : 1}>
          {organizationId !== null ? (
            <>
              <MultiSelect
                label={t("maintenance.form.locations")}
                data={c?.locations ?? []}
                searchable
                {...form.getInputProps("targets.locationIds")}
              />
              <MultiSelect
                label={t("maintenance.form.devices")}
                data={c?.devices ?? []}
                searchable
                {...form.getInputProps("targets.deviceIds")}
              />
            </>
          ) : null}
          <MultiSelect
            label={t("maintenance.form.groups")}
            data={c?.groups ?? []}
            searchable
            {...form.getInputProps("targets.groupIds")}
          />
        </SimpleGrid>
        {form.errors.targets ? (
          <Text size="sm" c="red" role="alert">
            {form.errors.targets}
          </Text>
        ) : null}

        <Text fw={600} size="sm">
          {t("maintenance.form.timing")}
        </Text>
        <SegmentedControl
          aria-label={t("maintenance.form.timing")}
          data={[
            { value: "ONE_OFF", label: t("maintenance.form.oneOff") },
            { value: "RECURRING", label: t("maintenance.form.recurring") },
          ]}
          value={v.timing.kind}
          onChange={(kind) => form.setFieldValue("timing.kind", kind as WindowDraft["timing"]["kind"])}
        />
        {v.timing.kind === "ONE_OFF" ? (
          <SimpleGrid cols={2}>
            <TextInput
              type="datetime-local"
              label={t("maintenance.form.startsAt")}
              {...form.getInputProps("timing.startsAt")}
            />
            <TextInput
              type="datetime-local"
              label={t("maintenance.form.endsAt")}
              {...form.getInputProps("timing.endsAt")}
            />
          </SimpleGrid>
        ) : (
          <>
            <SimpleGrid cols={3}>
              <Select
                label={t("maintenance.form.repeats")}
                allowDeselect={false}
                data={REPEATS.map((r) => ({ value: r, label: t(repeatsLabel[r]) }))}
                value={v.timing.repeats}
                onChange={(r) =>
                  form.setFieldValue("timing.repeats", (r as RecurringRepeats | null) ?? "DAILY")
                }
              />
              <NumberInput
                label={t("maintenance.form.everyCount")}
                min={1}
                allowDecimal={false}
                {...form.getInputProps("timing.repeatsEveryCount")}
              />
              <TextInput
                label={t("maintenance.form.startTime")}
                maxLength={5}
                {...form.getInputProps("timing.time")}
              />
            </SimpleGrid>
            {v.timing.repeats === "WEEKLY" ? (
              <Chip.Group
                multiple
                value={v.timing.daysOfWeek}
                onChange={(days) => form.setFieldValue("timing.daysOfWeek", days as DayOfWeek[])}
              >
                <Group gap={6} role="group" aria-label={t("maintenance.form.daysOfWeek")}>
                  {DAYS_OF_WEEK.map((day) => (
                    <Chip key={day} value={day} size="xs">
                      {t(dayLabel[day])}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            ) : null}
            <SimpleGrid cols={3}>
              {v.timing.repeats === "MONTHLY" ? (
                <NumberInput
                  label={t("maintenance.form.dayOfMonth")}
                  min={1}
                  max={31}
                  allowDecimal={false}
                  {...form.getInputProps("timing.dayOfMonth")}
                />
              ) : null}
              <NumberInput
                label={t("maintenance.form.durationMinutes")}
                min={1}
                allowDecimal={false}
                {...form.getInputProps("timing.durationMinutes")}
              />
              <Select
                label={t("maintenance.form.timeZone")}
                searchable
                allowDeselect={false}
                data={timeZoneOptions(v.timing.timeZone)}
                {...form.getInputProps("timing.timeZone")}
              />
              <TextInput
                type="date"
                label={t("maintenance.form.endDate")}
                {...form.getInputProps("timing.endDate")}
              />
            </SimpleGrid>
          </>
        )}
        {scheduleErrors.length > 0 ? (
          <Text size="sm" c="red" role="alert">
            {scheduleErrors.join(" ")}
          </Text>
        ) : null}

        <Text fw={600} size="sm">
          {t("maintenance.form.suppressTitle")}
        </Text>
        <Group>
          {MAINTENANCE_SUPPRESSIONS.map((s) => (
            <Checkbox
              key={s}
              label={t(`maintenance.suppress.${s}`)}
              {...form.getInputProps(`suppress.${s}`, { type: "checkbox" })}
            />
          ))}
        </Group>
        {form.errors.suppress ? (
          <Text size="sm" c="red" role="alert">
            {form.errors.suppress}
          </Text>
        ) : null}
        <Switch
          label={t("maintenance.form.enabled")}
          {...form.getInputProps("enabled", { type: "checkbox" })}
        />

        <FormError message={submitError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("maintenance.form.cancel")}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t("maintenance.form.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
