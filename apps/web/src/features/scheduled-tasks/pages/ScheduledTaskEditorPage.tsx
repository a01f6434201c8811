import { useRef, useState } from "react";
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
import { useT } from "../../../i18n";
import { applyServerErrors, useContractForm, type FieldErrors } from "../../../lib/forms";
import { parseId } from "../../../lib/params";
import { usePageTitle } from "../../../routing";
import { EmptyState, ErrorState, FormError, LoadingState, PageHeader, formatDateTime } from "../../../ui";
import { useCan } from "../../auth";
import { browserTimeZone, timeZoneOptions } from "../../../lib/time-zones";
import { useScript } from "../../scripts";
import { useGeneralSettings } from "../../settings";
import { useSaveScheduledTask, useScheduledTask } from "../api";
import { ScheduleEditor } from "../components/ScheduleEditor";
import { SchedulePreviewCard } from "../components/SchedulePreviewCard";
import { scheduleErrors, scheduleOf } from "../components/schedule-draft";
import { TargetsPicker } from "../components/TargetsPicker";
import { TaskActionPicker } from "../components/TaskActionPicker";
import {
  newTaskDraft,
  requestOfTask,
  taskDraftOf,
  taskDraftSchema,
  type TaskDraft,
} from "../components/task-draft";
import { describeSchedule } from "../schedule-summary";

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
  const t = useT();
  return (
    <EmptyState
      title={t("scheduledTasks.editor.notFound")}
      action={
        <Button component={Link} to={LIST} variant="default">
          {t("scheduledTasks.editor.backToList")}
        </Button>
      }
    />
  );
}

function NewTask() {
  const settings = useGeneralSettings();
  const t = useT();
  if (settings.isPending) return <LoadingState label={t("common.states.loading")} />;
  const zone = settings.data?.defaultTimeZone ?? browserTimeZone() ?? "UTC";
  return <TaskEditor task={null} initial={newTaskDraft(zone)} />;
}

function LoadTask({ id }: { id: number }) {
  const task = useScheduledTask(id);
  const t = useT();
  if (task.isPending) return <LoadingState label={t("scheduledTasks.editor.loading")} />;
  if (task.isError) {
    if (isApiError(task.error) && task.error.status === 404) return <TaskNotFound />;
    return (
      <ErrorState
        title={t("scheduledTasks.editor.loadError")}
        error={task.error}
        onRetry={() => void task.refetch()}
      />
    );
  }
  return <TaskEditor key={task.data.updatedAt} task={task.data} initial={taskDraftOf(task.data)} />;
}

/** Only the errors under `prefix` ("action.", "schedule."), keyed without it. */
function errorsUnder(errors: Record<string, unknown>, prefix: string): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors)
      .filter(
        (entry): entry is [string, string] => entry[0].startsWith(prefix) && typeof entry[1] === "string",
      )
      .map(([k, v]) => [k.slice(prefix.length), v]),
  );
}

function TaskEditor({ task, initial }: { task: ScheduledTask | null; initial: TaskDraft }) {
  const t = useT();
  const can = useCan();
  const canEdit = can("jobs.run");
  const navigate = useNavigate();
  const save = useSaveScheduledTask(task?.id ?? null);
  // The chosen script: its parameters are checked once it is loaded.
  const [scriptId, setScriptId] = useState(initial.action.scriptId);
  const script = useScript(scriptId);
  // Checked when saving; after a first try, every change checks again (messages follow the typing).
  const tried = useRef(false);
  const form = useContractForm<TaskDraft>(taskDraftSchema(script.data), {
    initialValues: initial,
    onValuesChange: (values) => {
      setScriptId(values.action.scriptId);
      if (tried.current) form.validate();
    },
  });
  const draft = form.getValues();
  const title = task ? task.name : t("scheduledTasks.editor.newTitle");
  usePageTitle(title);

  // The schedule's own messages show at once, as the fields change (the preview needs a valid schedule).
  const scheduleFieldErrors = { ...errorsUnder(form.errors, "schedule."), ...scheduleErrors(draft.schedule) };
  const actionErrors = errorsUnder(form.errors, "action.");
  const dirty = form.isDirty();

  const handleSave = form.onSubmit(
    (values) => {
      save.mutate(requestOfTask(values), {
        onSuccess: (saved) => {
          notifications.show({
            color: "teal",
            message: t(
              saved.trigger === "ON_SAVE"
                ? "scheduledTasks.editor.savedAndStarted"
                : task
                  ? "scheduledTasks.editor.saved"
                  : "scheduledTasks.editor.created",
            ),
          });
          if (!task) void navigate(`/editor/scheduledTask/${saved.id}`, { replace: true });
        },
        onError: (error) => {
          applyServerErrors(form, error);
        },
      });
    },
    () => notifications.show({ color: "red", message: t("scheduledTasks.editor.checkFields") }),
  );

  return (
    <Stack gap="md">
      <PageHeader
        title={title}
        description={
          task
            ? t("scheduledTasks.editor.details", {
                summary: describeSchedule(t, task.schedule),
                next: task.nextRunAt ? formatDateTime(task.nextRunAt) : t("scheduledTasks.editor.noNextRun"),
                last: formatDateTime(task.lastRunAt),
              })
            : t("scheduledTasks.editor.newDescription")
        }
        actions={
          <Group gap="xs" wrap="nowrap">
            {dirty ? (
              <Text size="sm" c="orange">
                {t("scheduledTasks.editor.unsaved")}
              </Text>
            ) : null}
            <Button variant="default" component={Link} to={LIST}>
              {t("scheduledTasks.editor.backToTasks")}
            </Button>
            {canEdit ? (
              <Button
                leftSection={<IconDeviceFloppy size={16} />}
                onClick={() => {
                  tried.current = true;
                  handleSave();
                }}
                loading={save.isPending}
                disabled={task !== null && !dirty}
              >
                {task ? t("common.actions.save") : t("scheduledTasks.editor.create")}
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
              label={t("common.fields.name")}
              required
              maxLength={200}
              disabled={!canEdit}
              {...form.getInputProps("name")}
            />
            <Switch
              label={t("common.fields.enabled")}
              description={t("scheduledTasks.editor.enabledHelp")}
              mt={28}
              disabled={!canEdit}
              {...form.getInputProps("enabled", { type: "checkbox" })}
            />
          </Group>
          <Textarea
            label={t("common.fields.description")}
            autosize
            minRows={2}
            maxLength={4000}
            disabled={!canEdit}
            {...form.getInputProps("description")}
          />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={5} mb="sm">
          {t("scheduledTasks.editor.targets")}
        </Title>
        <TargetsPicker
          value={draft.targets}
          onChange={(targets) => form.setFieldValue("targets", targets)}
          error={typeof form.errors.targets === "string" ? form.errors.targets : undefined}
          disabled={!canEdit}
        />
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={5} mb="sm">
          {t("scheduledTasks.editor.script")}
        </Title>
        <TaskActionPicker
          value={draft.action}
          onChange={(action) => form.setFieldValue("action", action)}
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
              {t("scheduledTasks.editor.schedule")}
            </Title>
            <Stack gap="sm">
              <ScheduleEditor
                draft={draft.schedule}
                onChange={(schedule) => form.setFieldValue("schedule", schedule)}
                errors={scheduleFieldErrors}
                disabled={!canEdit}
              />
              <Select
                label={t("scheduledTasks.editor.timeZone")}
                description={t("scheduledTasks.editor.timeZoneHelp")}
                searchable
                allowDeselect={false}
                w={320}
                disabled={!canEdit}
                data={timeZoneOptions(draft.timeZone)}
                {...form.getInputProps("timeZone")}
                onChange={(v) => form.setFieldValue("timeZone", v ?? draft.timeZone)}
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
