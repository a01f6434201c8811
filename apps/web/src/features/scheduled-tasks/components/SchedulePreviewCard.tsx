import { Alert, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { describeError } from "../../../api";
import { useSchedulePreview } from "../api";
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
        Next runs
      </Title>
      {!valid ? (
        <Text size="sm" c="dimmed">
          Correct the schedule to see its next runs.
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
            {data.summary}
          </Text>
          {data.runs.length === 0 ? (
            <Text size="sm" c="dimmed">
              {data.trigger === "TIMER"
                ? "No more runs: the schedule has ended."
                : "This kind does not run on a timer."}
            </Text>
          ) : (
            data.runs.map((run) => (
              <Text size="sm" key={run.at}>
                {run.local}{" "}
                <Text span size="xs" c="dimmed">
                  ({data.timeZone})
                </Text>
              </Text>
            ))
          )}
        </Stack>
      )}
    </Paper>
  );
}
