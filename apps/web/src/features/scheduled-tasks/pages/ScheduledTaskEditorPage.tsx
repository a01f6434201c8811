import { useState } from "react";
import {
  Button,
  Grid,
  Group,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconDeviceFloppy } from "@tabler/icons-react";
import { Link, useNavigate, useParams } from "react-router";
import type { ScheduledTask } from "@steward/contracts";
import { describeError, isApiError } from "../../../api";
import { serverFieldErrors, type FieldErrors } from "../../../lib/forms";
import { parseId } from "../../../lib/params";
import { usePageTitle } from "../../../routing";
import { EmptyState, ErrorState, FormError, LoadingState, PageHeader, formatDateTime } from "../../../ui";
import { useCan } from "../../auth";
import {
  initialParameterValues as initialValues,
  parameterValueErrors as parameterErrors,
} from "@steward/domain";
import { browserTimeZone, timeZoneOptions } from "../../../lib/time-zones";
import { useScript } from "../../scripts";
import { useGeneralSettings } from "../../settings";
import { useSaveScheduledTask, useScheduledTask } from "../api";
import { ScheduleEditor } from "../components/ScheduleEditor";
import { SchedulePreviewCard } from "../components/SchedulePreviewCard";
import { scheduleOf } from "../components/schedule-draft";
import { TargetsPicker } from "../components/TargetsPicker";
import { TaskActionPicker } from "../components/TaskActionPicker";
import {
  newTaskDraft,
  requestOfTask,
  taskDraftErrors,
  taskDraftOf,
  type TaskDraft,
} from "../components/task-draft";

const LIST = "/administration/tasks";

/** /editor/scheduledTask/new and /editor/scheduledTask/:id */
export function ScheduledTaskEditorPage() {
  const splat = (useParams()["*"] ?? "").split("/")[0] ?? "";
  if (splat === "" || splat === "new") return <NewTask />;
  const id = parseId(splat);
  if (id === null) return <TaskNotFound />;
  return <LoadTask id={id} />;
}

function TaskNotFound() {
  return (
    <EmptyState
      title="This scheduled task does not exist"
      action={
        <Button component={Link} to={LIST} variant="default">
          Back to scheduled tasks
        </Button>
      }
    />
  );
}

function NewTask() {
  const settings = useGeneralSettings();
  if (settings.isPending) return <LoadingState label="Loading…" />;
  const zone = settings.data?.defaultTimeZone ?? browserTimeZone() ?? "UTC";
  return <TaskEditor task={null} initial={newTaskDraft(zone)} />;
}

function LoadTask({ id }: { id: number }) {
  const task = useScheduledTask(id);
  if (task.isPending) return <LoadingState label="Loading scheduled task…" />;
  if (task.isError) {
    if (isApiError(task.error) && task.error.status === 404) return <TaskNotFound />;
    return (
      <ErrorState
        title="Could not load the scheduled task"
        error={task.error}
        onRetry={() => void task.refetch()}
      />
    );
  }
  return <TaskEditor key={task.data.updatedAt} task={task.data} initial={taskDraftOf(task.data)} />;
}

function TaskEditor({ task, initial }: { task: ScheduledTask | null; initial: TaskDraft }) {
  const can = useCan();
  const canEdit = can("jobs.run");
  const navigate = useNavigate();
  const save = useSaveScheduledTask(task?.id ?? null);
  const [draft, setDraft] = useState<TaskDraft>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const script = useScript(draft.action.scriptId);
  usePageTitle(task ? task.name : "New scheduled task");

  const liveErrors = (d: TaskDraft): FieldErrors => {
    const found = taskDraftErrors(d);
    if (script.data) {
      const values = {
        ...initialValues(
          script.data.parameters,
          script.data.presets.find((p) => p.name === d.action.presetName),
        ),
        ...d.action.values,
      };
      for (const [name, message] of Object.entries(parameterErrors(script.data.parameters, values)))
        found[`action.${name}`] = message;
    }
    return found;
  };
  const update = (next: TaskDraft) => {
    setDraft(next);
    if (submitted) setErrors(liveErrors(next));
  };
  const scheduleFieldErrors = Object.fromEntries(
    Object.entries(liveErrors(draft))
      .filter(([k]) => k.startsWith("schedule."))
      .map(([k, v]) => [k.slice("schedule.".length), v]),
  );
  const actionErrors = Object.fromEntries(
    Object.entries(errors)
      .filter(([k]) => k.startsWith("action."))
      .map(([k, v]) => [k.slice("action.".length), v]),
  );
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);

  const handleSave = () => {
    setSubmitted(true);
    const found = liveErrors(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      notifications.show({ color: "red", message: "Check the highlighted fields." });
      return;
    }
    save.mutate(requestOfTask(draft), {
      onSuccess: (saved) => {
        notifications.show({
          color: "teal",
          message:
            saved.trigger === "ON_SAVE"
              ? "Task saved and started"
              : task
                ? "Scheduled task saved"
                : "Scheduled task created",
        });
        if (!task) void navigate(`/editor/scheduledTask/${saved.id}`, { replace: true });
      },
      onError: (error) => {
        if (isApiError(error, "E_VALIDATION")) {
          setErrors(serverFieldErrors(error.details));
        }
      },
    });
  };

  return (
    <Stack gap="md">
      <PageHeader
        title={task ? task.name : "New scheduled task"}
        description={
          task
            ? `${task.summary} · next run ${task.nextRunAt ? formatDateTime(task.nextRunAt) : "none"} · last run ${formatDateTime(task.lastRunAt)}`
            : "Run a script on a schedule on devices, groups or whole organizations."
        }
        actions={
          <Group gap="xs" wrap="nowrap">
            {dirty ? (
              <Text size="sm" c="orange">
                Unsaved changes
              </Text>
            ) : null}
            <Button variant="default" component={Link} to={LIST}>
              Back to tasks
            </Button>
            {canEdit ? (
              <Button
                leftSection={<IconDeviceFloppy size={16} />}
                onClick={handleSave}
                loading={save.isPending}
                disabled={task !== null && !dirty}
              >
                {task ? "Save" : "Create task"}
              </Button>
            ) : null}
          </Group>
        }
      />
      <FormError
        message={save.isError && !isApiError(save.error, "E_VALIDATION") ? describeError(save.error) : null}
      />
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group align="flex-start" grow>
            <TextInput
              label="Name"
              required
              maxLength={200}
              disabled={!canEdit}
              value={draft.name}
              error={errors.name}
              onChange={(e) => update({ ...draft, name: e.currentTarget.value })}
            />
            <Switch
              label="Enabled"
              description="A disabled task does not run by itself"
              mt={28}
              disabled={!canEdit}
              checked={draft.enabled}
              onChange={(e) => update({ ...draft, enabled: e.currentTarget.checked })}
            />
          </Group>
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxLength={4000}
            disabled={!canEdit}
            value={draft.description}
            onChange={(e) => update({ ...draft, description: e.currentTarget.value })}
          />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={5} mb="sm">
          Targets
        </Title>
        <TargetsPicker
          value={draft.targets}
          onChange={(targets) => update({ ...draft, targets })}
          error={errors.targets}
          disabled={!canEdit}
        />
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={5} mb="sm">
          Script
        </Title>
        <TaskActionPicker
          value={draft.action}
          onChange={(action) => update({ ...draft, action })}
          errors={actionErrors}
          organizationId={
            draft.targets.organizationIds.length === 1 ? (draft.targets.organizationIds[0] ?? null) : null
          }
          disabled={!canEdit}
        />
      </Paper>
      <Grid gutter="md">
        <Grid.Col span={8}>
          <Paper withBorder radius="md" p="md">
            <Title order={5} mb="sm">
              Schedule
            </Title>
            <Stack gap="sm">
              <ScheduleEditor
                draft={draft.schedule}
                onChange={(schedule) => update({ ...draft, schedule })}
                errors={scheduleFieldErrors}
                disabled={!canEdit}
              />
              <Select
                label="Time zone"
                description="Times are in this zone, daylight-saving changes included"
                searchable
                allowDeselect={false}
                w={320}
                disabled={!canEdit}
                data={timeZoneOptions(draft.timeZone)}
                value={draft.timeZone}
                onChange={(v) => update({ ...draft, timeZone: v ?? draft.timeZone })}
              />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={4}>
          <SchedulePreviewCard
            schedule={scheduleOf(draft.schedule)}
            timeZone={draft.timeZone}
            valid={Object.keys(scheduleFieldErrors).length === 0}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
