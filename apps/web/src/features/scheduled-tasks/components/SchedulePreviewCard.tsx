import { Alert, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { describeError } from "../../../api";
import { useT } from "../../../i18n";
import { useSchedulePreview } from "../api";
import { describeSchedule } from "../schedule-summary";
import type { ScheduleInput } from "@steward/contracts";

/** The next runs in the task's time zone, computed by the server (DST-correct). */
export function SchedulePreviewCard({
  schedule,
  timeZone,
  valid,
}: {
  schedule: ScheduleInput;
  timeZone: string;
  valid: boolean;
}) {
  const t = useT();
  const [debounced] = useDebouncedValue({ schedule, timeZone }, 400);
  const preview = useSchedulePreview(
    debounced.schedule,
    debounced.timeZone,
    valid && debounced.timeZone !== "",
  );
  const data = preview.data;
  return (
    <Paper withBorder radius="md" p="md" data-testid="schedule-preview">
      <Title order={5} mb="xs">
        {t("scheduledTasks.preview.title")}
      </Title>
      {!valid ? (
        <Text size="sm" c="dimmed">
          {t("scheduledTasks.preview.invalid")}
        </Text>
      ) : preview.isError ? (
        <Alert color="red" variant="light">
          {describeError(preview.error)}
        </Alert>
      ) : !data ? (
        <Loader size="xs" />
      ) : (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {describeSchedule(t, data.schedule)}
          </Text>
          {data.runs.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t(
                data.trigger === "TIMER" ? "scheduledTasks.preview.ended" : "scheduledTasks.preview.noTimer",
              )}
            </Text>
          ) : (
            data.runs.map((run) => (
              <Text size="sm" key={run.at}>
                {t.rich("scheduledTasks.preview.run", {
                  time: run.local,
                  zone: data.timeZone,
                  dim: (chunks) => (
                    <Text span size="xs" c="dimmed">
                      {chunks}
                    </Text>
                  ),
                })}
              </Text>
            ))
          )}
        </Stack>
      )}
    </Paper>
  );
}
