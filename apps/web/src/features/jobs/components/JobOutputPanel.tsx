import { keepPreviousData, useQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Code, Group, Loader, Paper, ScrollArea, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPlayerStop } from "@tabler/icons-react";
import { liveTopics, type JobView } from "@steward/contracts";
import { isTerminal } from "@steward/domain";
import { describeError, useLiveFallback, useLiveInvalidate } from "../../../api";
import { localizeText, useT } from "../../../i18n";
import { ErrorState } from "../../../ui";
import { jobKeys, jobsApi } from "../api";
import { POLL_INTERVAL_MS, jobMessages } from "../messages";
import { JobStatusBadge } from "./JobStatusBadge";

interface JobOutputPanelProps {
  jobUid: string;
  title?: string;
  canCancel: boolean;
}

/**
 * Live output of one job until it ends, with Cancel: status and output are read again when the
 * live stream says they changed (polled every second only while the stream is down).
 */
export function JobOutputPanel({ jobUid, title, canCancel }: JobOutputPanelProps) {
  const t = useT();
  const queryClient = useQueryClient();
  useLiveInvalidate(liveTopics.job(jobUid), (event) =>
    event.change === "job-output" ? [jobKeys.output(jobUid)] : [jobKeys.job(jobUid), jobKeys.output(jobUid)],
  );
  const poll = useLiveFallback(POLL_INTERVAL_MS);
  const job = useQuery({
    queryKey: jobKeys.job(jobUid),
    queryFn: ({ signal }) => jobsApi.get(jobUid, signal).then((a) => a.job),
    refetchInterval: (query) => (query.state.data && isTerminal(query.state.data.jobStatus) ? false : poll),
  });
  const ended = job.data ? isTerminal(job.data.jobStatus) : false;
  const output = useQuery({
    // The key changes when the job ends: its final output is read once more.
    queryKey: [...jobKeys.output(jobUid), ended] as const,
    queryFn: ({ signal }) => jobsApi.output(jobUid, signal),
    refetchInterval: ended ? false : poll,
    enabled: job.isSuccess,
    // What streamed so far stays on screen while the final output is read.
    placeholderData: keepPreviousData,
  });
  const cancel = useMutation({
    mutationFn: () => jobsApi.cancel(jobUid),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: jobKeys.job(jobUid) }),
        queryClient.invalidateQueries({ queryKey: jobKeys.lists() }),
      ]),
    onError: (error) =>
      notifications.show({
        color: "red",
        title: t("jobs.output.cancelError"),
        message: describeError(error),
      }),
  });

  if (job.isError)
    return (
      <ErrorState title={t(jobMessages.pollFailed)} error={job.error} onRetry={() => void job.refetch()} />
    );
  const data = job.data;
  const out = output.data;
  const exitCode = out?.exitCode ?? data?.resultContent.exitCode ?? null;

  return (
    <Paper withBorder radius="md" p="sm" data-testid="job-output">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            {!data || !ended ? <Loader size="xs" aria-label={t("jobs.output.running")} /> : null}
            <Text size="sm" fw={600} lineClamp={1}>
              {title ?? data?.jobName ?? t("jobs.output.job")}
            </Text>
            {data ? <JobStatusBadge job={data} /> : null}
            {exitCode !== null ? (
              <Text size="xs" c="dimmed" data-testid="job-exit-code">
                {t("jobs.output.exitCode", { code: String(exitCode) })}
              </Text>
            ) : null}
          </Group>
          {canCancel && data && data.jobStatus === "START_REQUESTED" ? (
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconPlayerStop size={14} />}
              loading={cancel.isPending}
              onClick={() => cancel.mutate()}
            >
              {t("common.actions.cancel")}
            </Button>
          ) : null}
        </Group>
        {data ? <RunDetails job={data} /> : null}
        {data?.jobStatus === "COMPLETED" &&
        data.jobResult !== "SUCCESS" &&
        data.resultContent.errorMessage ? (
          <Alert color="red" variant="light" title={t(jobMessages.failedTitle)}>
            <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
              {data.resultContent.errorMessage}
            </Text>
          </Alert>
        ) : null}
        {data && (data.jobStatus === "CANCELLED" || data.jobStatus === "CANCEL_REQUESTED") ? (
          <Text size="sm" c="dimmed" data-testid="job-cancellation">
            {data.message
              ? t("jobs.output.cancellation", { job: data.jobName, message: localizeText(data.message) })
              : data.jobName}
          </Text>
        ) : null}
        {data && data.delivery === "QUEUED" && !ended ? (
          <Text size="xs" c="dimmed">
            {t("jobs.output.queued")}
          </Text>
        ) : null}
        {out ? (
          <OutputBlock label={t("jobs.output.output")} text={out.stdout} testId="job-stdout" />
        ) : output.isError ? (
          <Alert color="red" variant="light" role="alert">
            {t("jobs.output.loadError", { error: describeError(output.error) })}
          </Alert>
        ) : (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {t("jobs.output.loading")}
            </Text>
          </Group>
        )}
        {out?.stderr ? (
          <OutputBlock label={t("jobs.output.errors")} text={out.stderr} testId="job-stderr" color="red" />
        ) : null}
        {out?.truncated ? (
          <Text size="xs" c="orange">
            {t("jobs.output.truncated")}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** As whom the script ran and with which preset, when the job says so. */
function RunDetails({ job }: { job: JobView }) {
  const t = useT();
  const runAs = typeof job.content.runAs === "string" ? job.content.runAs : null;
  const parts = [
    runAs
      ? runAs.startsWith("credential:")
        ? t("jobs.output.runAsCredential")
        : t("jobs.output.runAs", { account: runAs })
      : null,
    job.presetName ? t("jobs.output.preset", { preset: job.presetName }) : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="job-run-details">
      {parts.join(" · ")}
    </Text>
  );
}

function OutputBlock({
  label,
  text,
  testId,
  color,
}: {
  label: string;
  text: string;
  testId: string;
  color?: string;
}) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={700} tt="uppercase">
        {label}
      </Text>
      <ScrollArea.Autosize mah={280} type="auto">
        <Code
          block
          data-testid={testId}
          c={color}
          style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", minHeight: 32 }}
        >
          {text || " "}
        </Code>
      </ScrollArea.Autosize>
    </Stack>
  );
}
