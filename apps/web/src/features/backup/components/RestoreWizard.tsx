import { useState } from "react";
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Radio,
  Select,
  Stack,
  Stepper,
  Text,
  TextInput,
} from "@mantine/core";
import type { BackupJobStatus, RestoreRequest } from "@steward/contracts";
import { agent as proto } from "@steward/contracts";
import { describeError } from "../../../api";
import { useT } from "../../../i18n";
import { EmptyState, ErrorState, LoadingState, formatBytes, formatDateTime } from "../../../ui";
import { useBackupActions, useBackupJobs, useRevisions } from "../api";
import { JobProgress } from "./JobProgress";
import { RevisionFiles } from "./RevisionFiles";

type Collision = (typeof proto.COLLISION_MODES)[number];

/** The restore's job as the jobs list shows it, until it is finished. */
function RestoreProgress({
  deviceId,
  jobUid,
  onAgain,
}: {
  deviceId: number;
  jobUid: string;
  onAgain: () => void;
}) {
  const t = useT();
  const jobs = useBackupJobs({ kind: "device", id: deviceId });
  const job: BackupJobStatus | undefined = jobs.data?.find((j) => j.jobUid === jobUid);
  if (!job) return <LoadingState label={t("backup.wizard.running")} />;
  const finished = job.jobStatus === "COMPLETED" || job.jobStatus === "CANCELLED";
  const ok = job.jobStatus === "COMPLETED" && job.jobResult === "SUCCESS";
  return (
    <Stack gap="sm" data-testid="restore-progress">
      {!finished ? <Text fw={500}>{t("backup.wizard.running")}</Text> : null}
      {finished ? (
        <Alert
          color={ok ? "green" : "red"}
          title={t(ok ? "backup.wizard.done" : "backup.wizard.failed")}
          role="status"
        >
          {ok && job.progress
            ? t("backup.wizard.restored", {
                files: job.progress.files,
                bytes: formatBytes(job.progress.bytes),
              })
            : job.errorMessage}
        </Alert>
      ) : null}
      <JobProgress job={job} />
      {finished ? (
        <Group>
          <Button variant="default" onClick={onAgain}>
            {t("backup.wizard.again")}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/**
 * Restore in four steps: pick a revision, pick files and folders in it (files deleted since are
 * marked), choose where to and what happens on a clash, then follow the restore's progress.
 */
export function RestoreWizard({
  deviceId,
  initialRevision,
}: {
  deviceId: number;
  initialRevision?: string | null;
}) {
  const t = useT();
  const revisions = useRevisions(deviceId);
  const { restore } = useBackupActions();
  const [step, setStep] = useState(initialRevision ? 1 : 0);
  const [revisionId, setRevisionId] = useState<string | null>(initialRevision ?? null);
  const [paths, setPaths] = useState<string[]>([]);
  const [where, setWhere] = useState<"original" | "other">("original");
  const [folder, setFolder] = useState("");
  const [collision, setCollision] = useState<Collision>("keepBoth");
  const [permissions, setPermissions] = useState(true);
  const [jobUid, setJobUid] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  if (revisions.isPending) return <LoadingState />;
  if (revisions.isError)
    return (
      <ErrorState
        title={t("backup.states.loadError")}
        error={revisions.error}
        onRetry={() => void revisions.refetch()}
      />
    );
  if (revisions.data.length === 0) return <EmptyState title={t("backup.wizard.noRevisions")} />;

  const reset = () => {
    setStep(0);
    setPaths([]);
    setJobUid(null);
    setError(null);
  };
  const start = () => {
    if (!revisionId) return;
    const request: RestoreRequest = {
      revisionId,
      paths,
      destinationPath: where === "original" ? null : folder.trim(),
      collisionHandling: collision,
      restorePermissions: permissions,
      restoreDeletedFiles: true,
    };
    setError(null);
    restore.mutate(
      { deviceId, request },
      {
        onSuccess: (res) => {
          setJobUid(res.jobUid);
          setStep(3);
        },
        onError: setError,
      },
    );
  };
  const canStart = where === "original" || /^(\/|[A-Za-z]:[\\/]|\\\\)/.test(folder.trim());

  return (
    <Stepper
      active={step}
      onStepClick={(s) => (s < step && jobUid === null ? setStep(s) : undefined)}
      size="sm"
    >
      <Stepper.Step label={t("backup.wizard.stepRevision")}>
        <Stack gap="sm" mt="md">
          <Select
            label={t("backup.wizard.chooseRevision")}
            data={revisions.data.map((r) => ({
              value: r.revisionId,
              label: t("backup.wizard.revisionOption", {
                time: formatDateTime(r.time),
                plan: r.planName,
                size: formatBytes(r.bytes),
              }),
            }))}
            value={revisionId}
            onChange={(v) => {
              setRevisionId(v);
              setPaths([]);
            }}
            maw={520}
          />
          <Group>
            <Button disabled={!revisionId} onClick={() => setStep(1)}>
              {t("backup.wizard.next")}
            </Button>
          </Group>
        </Stack>
      </Stepper.Step>
      <Stepper.Step label={t("backup.wizard.stepFiles")}>
        <Stack gap="sm" mt="md">
          {revisionId ? (
            <RevisionFiles
              deviceId={deviceId}
              revisionId={revisionId}
              selected={paths}
              onSelected={setPaths}
            />
          ) : null}
          <Group>
            <Button variant="default" onClick={() => setStep(0)}>
              {t("backup.wizard.back")}
            </Button>
            <Button onClick={() => setStep(2)}>{t("backup.wizard.next")}</Button>
          </Group>
        </Stack>
      </Stepper.Step>
      <Stepper.Step label={t("backup.wizard.stepDestination")}>
        <Stack gap="md" mt="md" maw={560}>
          <Radio.Group
            label={t("backup.wizard.destination")}
            value={where}
            onChange={(v) => setWhere(v as "original" | "other")}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="original" label={t("backup.wizard.original")} />
              <Radio value="other" label={t("backup.wizard.otherFolder")} />
            </Stack>
          </Radio.Group>
          {where === "other" ? (
            <TextInput
              label={t("backup.wizard.folder")}
              value={folder}
              onChange={(e) => setFolder(e.currentTarget.value)}
              required
            />
          ) : null}
          <Radio.Group
            label={t("backup.wizard.collision")}
            value={collision}
            onChange={(v) => setCollision(v as Collision)}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="skip" label={t("backup.wizard.skip")} />
              <Radio value="overwrite" label={t("backup.wizard.overwrite")} />
              <Radio value="keepBoth" label={t("backup.wizard.keepBoth")} />
            </Stack>
          </Radio.Group>
          <Checkbox
            label={t("backup.wizard.permissions")}
            checked={permissions}
            onChange={(e) => setPermissions(e.currentTarget.checked)}
          />
          {error ? (
            <Alert color="red" title={t("backup.wizard.startError")} role="alert">
              {describeError(error)}
            </Alert>
          ) : null}
          <Group>
            <Button variant="default" onClick={() => setStep(1)}>
              {t("backup.wizard.back")}
            </Button>
            <Button onClick={start} loading={restore.isPending} disabled={!canStart}>
              {t("backup.wizard.start")}
            </Button>
          </Group>
        </Stack>
      </Stepper.Step>
      <Stepper.Step label={t("backup.wizard.stepProgress")}>
        <Stack mt="md">
          {jobUid ? <RestoreProgress deviceId={deviceId} jobUid={jobUid} onAgain={reset} /> : null}
        </Stack>
      </Stepper.Step>
    </Stepper>
  );
}
