import { useEffect, useState } from "react";
import {
  Alert,
  Button,
  Code,
  Group,
  Menu,
  Modal,
  NumberInput,
  ScrollArea,
  Select,
  Stack,
  Text,
  Textarea,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconChevronDown } from "@tabler/icons-react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { SCRIPT_LANGUAGES, scriptLanguageLabels } from "@steward/domain";
import { liveTopics } from "@steward/contracts";
import type {
  AdHocCommandRequest,
  DeviceDetail,
  DeviceJobResponse,
  PowerActionData,
  UninstallAgentResponse,
} from "@steward/contracts";
import { api, describeError, useLiveFallback, useLiveInvalidate } from "../../../api";
import { useT } from "../../../i18n";
import { useCan } from "../../auth";
import { confirmAction } from "../../../ui";

type PowerAction = "REBOOT" | "SHUTDOWN";

/** Delay, message to the logged-on user and postpone limit of a restart or shutdown. */
export function PowerActionForm({
  action,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  action: PowerAction;
  pending: boolean;
  error: string | null;
  onSubmit: (data: PowerActionData) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const [delayMinutes, setDelay] = useState<number>(0);
  const [message, setMessage] = useState("");
  const [postponeLimit, setPostponeLimit] = useState<number>(0);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit({
          delayMinutes,
          postponeLimit,
          ...(message.trim() ? { message: message.trim() } : {}),
        });
      }}
    >
      <Stack gap="sm">
        <NumberInput
          label={t("devices.deviceActions.delay")}
          description={t("devices.deviceActions.delayHint")}
          min={0}
          max={10080}
          value={delayMinutes}
          onChange={(v) => setDelay(typeof v === "number" ? v : 0)}
        />
        <Textarea
          label={t("devices.deviceActions.message")}
          description={t("devices.deviceActions.messageHint")}
          maxLength={500}
          autosize
          minRows={2}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
        />
        <NumberInput
          label={t("devices.deviceActions.postponeLimit")}
          description={t("devices.deviceActions.postponeHint")}
          min={0}
          max={10}
          value={postponeLimit}
          onChange={(v) => setPostponeLimit(typeof v === "number" ? v : 0)}
        />
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t("common.actions.cancel")}
          </Button>
          <Button type="submit" loading={pending} color={action === "SHUTDOWN" ? "red" : undefined}>
            {t(action === "REBOOT" ? "devices.deviceActions.reboot" : "devices.deviceActions.shutdown")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The running ad-hoc command's output until its job has finished: read again when the live
 * stream says the job changed (every second only while the stream is down).
 */
function CommandOutput({ jobUid }: { jobUid: string }) {
  const t = useT();
  useLiveInvalidate(liveTopics.job(jobUid), (event) =>
    event.change === "job-output" ? [["jobs", jobUid, "output"]] : [["jobs", jobUid]],
  );
  const poll = useLiveFallback(1000);
  const job = useQuery({
    queryKey: ["jobs", jobUid, "status"],
    queryFn: ({ signal }) =>
      api.get<{ job: { jobStatus: string; jobResult: string | null } }>(`/webapp/job/${jobUid}`, { signal }),
    refetchInterval: (q) => (q.state.data?.job.jobStatus === "COMPLETED" ? false : poll),
  });
  const finished = job.data?.job.jobStatus === "COMPLETED" || job.data?.job.jobStatus === "CANCELLED";
  const output = useQuery({
    queryKey: ["jobs", jobUid, "output"],
    queryFn: ({ signal }) =>
      api.get<{ stdout: string; stderr: string; exitCode: number | null }>(`/webapp/job/${jobUid}/output`, {
        signal,
      }),
    refetchInterval: finished ? false : poll,
  });
  // The job's end can be seen before the last lines were read: read them once more then.
  const { refetch } = output;
  useEffect(() => {
    if (finished) void refetch();
  }, [finished, refetch]);
  const status = finished
    ? t(
        job.data?.job.jobResult === "SUCCESS"
          ? "devices.deviceActions.commandSucceeded"
          : "devices.deviceActions.commandFailed",
        { code: String(output.data?.exitCode ?? "–") },
      )
    : t("devices.deviceActions.commandRunning");
  return (
    <Stack gap="xs" data-testid="command-output">
      <Text size="sm" c="dimmed" data-testid="command-status">
        {status}
      </Text>
      <ScrollArea h={220} type="auto">
        <Code block>
          {(output.data?.stdout ?? "") + (output.data?.stderr ?? "") || t("devices.deviceActions.noOutput")}
        </Code>
      </ScrollArea>
    </Stack>
  );
}

function CommandForm({ device }: { device: DeviceDetail }) {
  const t = useT();
  const [language, setLanguage] = useState<AdHocCommandRequest["language"]>(
    device.osFamily === "WINDOWS" ? "powershell" : "bash",
  );
  const [body, setBody] = useState("");
  const run = useMutation({
    mutationFn: (req: AdHocCommandRequest) =>
      api.post<DeviceJobResponse>(`/device/${device.id}/command`, req),
  });
  return (
    <Stack gap="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (body.trim()) run.mutate({ language, body });
        }}
      >
        <Stack gap="sm">
          <Select
            label={t("devices.deviceActions.language")}
            data={SCRIPT_LANGUAGES.map((value) => ({ value, label: scriptLanguageLabels[value] }))}
            value={language}
            allowDeselect={false}
            onChange={(v) => v && setLanguage(v as AdHocCommandRequest["language"])}
          />
          <Textarea
            label={t("devices.deviceActions.command")}
            description={t("devices.deviceActions.commandHint")}
            autosize
            minRows={2}
            maxRows={8}
            styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
            data-testid="command-input"
          />
          {run.isError ? (
            <Alert color="red" role="alert">
              {describeError(run.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={run.isPending} disabled={!body.trim()}>
              {t("devices.deviceActions.run")}
            </Button>
          </Group>
        </Stack>
      </form>
      {run.data ? <CommandOutput key={run.data.jobUid} jobUid={run.data.jobUid} /> : null}
    </Stack>
  );
}

type Dialog = PowerAction | "COMMAND";

/** The device page's actions: restart, shut down, run a command, uninstall the agent. */
export function DeviceActionsMenu({ device }: { device: DeviceDetail }) {
  const t = useT();
  const can = useCan();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const power = useMutation({
    mutationFn: (req: PowerActionData & { action: PowerAction }) =>
      api.post<DeviceJobResponse>(`/device/${device.id}/power`, req),
    onSuccess: (_r, req) => {
      notifications.show({
        color: "teal",
        message: t(
          req.action === "REBOOT"
            ? "devices.deviceActions.rebootQueued"
            : "devices.deviceActions.shutdownQueued",
        ),
      });
      setDialog(null);
    },
  });
  const uninstall = useMutation({
    mutationFn: () => api.post<UninstallAgentResponse>(`/device/${device.id}/uninstall`, {}),
    onSuccess: (r) =>
      notifications.show({
        color: "teal",
        message: t(
          r.delivered ? "devices.deviceActions.uninstallSent" : "devices.deviceActions.uninstallOffline",
        ),
      }),
    onError: (e) => notifications.show({ color: "red", message: describeError(e) }),
  });
  const canPower = can("jobs.run");
  const canCommand = can("devices.command");
  const canUninstall = can("devices.manage");
  if (!canPower && !canCommand && !canUninstall) return null;
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            ml="auto"
            size="xs"
            variant="default"
            rightSection={<IconChevronDown size={14} />}
            data-testid="device-actions"
          >
            {t("devices.deviceActions.menu")}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {canPower ? (
            <>
              <Menu.Item onClick={() => setDialog("REBOOT")}>{t("devices.deviceActions.reboot")}</Menu.Item>
              <Menu.Item onClick={() => setDialog("SHUTDOWN")}>
                {t("devices.deviceActions.shutdown")}
              </Menu.Item>
            </>
          ) : null}
          {canCommand ? (
            <Menu.Item onClick={() => setDialog("COMMAND")}>
              {t("devices.deviceActions.runCommand")}
            </Menu.Item>
          ) : null}
          {canUninstall ? (
            <>
              <Menu.Divider />
              <Menu.Item
                c="var(--mantine-color-red-text)"
                onClick={() =>
                  confirmAction({
                    title: t("devices.deviceActions.uninstallTitle"),
                    message: t("devices.deviceActions.uninstallMessage"),
                    confirmLabel: t("devices.deviceActions.uninstall"),
                    onConfirm: () => uninstall.mutate(),
                  })
                }
              >
                {t("devices.deviceActions.uninstall")}
              </Menu.Item>
            </>
          ) : null}
        </Menu.Dropdown>
      </Menu>
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        size={dialog === "COMMAND" ? "lg" : "md"}
        title={
          dialog === "COMMAND"
            ? t("devices.deviceActions.runCommand")
            : dialog === "SHUTDOWN"
              ? t("devices.deviceActions.shutdown")
              : t("devices.deviceActions.reboot")
        }
      >
        {dialog === "COMMAND" ? (
          <CommandForm device={device} />
        ) : dialog ? (
          <PowerActionForm
            action={dialog}
            pending={power.isPending}
            error={power.isError ? describeError(power.error) : null}
            onSubmit={(data) => power.mutate({ ...data, action: dialog })}
            onCancel={() => setDialog(null)}
          />
        ) : null}
      </Modal>
    </>
  );
}
