import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { RunAsOs } from "@steward/domain";
import { useT } from "../../../i18n";
import { JobOutputPanel } from "../../jobs";
import { useCan } from "../../auth";
import { FanOutProgress } from "./FanOutProgress";
import { RunScriptForm } from "./RunScriptForm";
import { useRunScript, type QueueScriptJob } from "./use-run-script";

export interface RunScriptTarget {
  /** The devices, or how to find them (all devices matching a search). */
  nodeIds: number[] | (() => Promise<number[]>);
  count: number;
  /** Shown in the title: a device's name or "12 devices". */
  label: string;
  os: RunAsOs | null;
  organizationId: number | null;
  /** A single offline device: offer Wake-on-LAN first. */
  offline?: boolean;
  /** Device names by id, for the progress list. */
  names?: ReadonlyMap<number, string>;
  /** Queues the job another way than one submit over nodeIds (the grid's RUN_SCRIPT bulk action). */
  queue?: QueueScriptJob;
}

interface RunScriptDialogProps {
  opened: boolean;
  onClose: () => void;
  target: RunScriptTarget;
}

/** Run a script on one or many devices: choose, set Run As and parameters, run, watch the output. */
export function RunScriptDialog({ opened, onClose, target }: RunScriptDialogProps) {
  const t = useT();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("scripts.run.dialogTitle", { target: target.label })}
      size="xl"
    >
      {opened ? <RunScriptContent target={target} onClose={onClose} /> : null}
    </Modal>
  );
}

function RunScriptContent({ target, onClose }: { target: RunScriptTarget; onClose: () => void }) {
  const t = useT();
  const can = useCan();
  const { busy, run, start, reset } = useRunScript();
  if (run) {
    const single = run.jobs.length === 1 ? run.jobs[0] : undefined;
    return (
      <Stack gap="sm">
        {single ? (
          <JobOutputPanel jobUid={single.jobUid} title={run.scriptName} canCancel={can("jobs.run")} />
        ) : (
          <FanOutProgress jobs={run.jobs} scriptName={run.scriptName} names={target.names} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={reset}>
            {t("scripts.run.runAnother")}
          </Button>
          <Button onClick={onClose}>{t("common.actions.close")}</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {target.count > 1 ? (
        <Text size="sm" c="dimmed">
          {t("scripts.run.onePerDevice")}
        </Text>
      ) : null}
      <RunScriptForm
        os={target.os}
        organizationId={target.organizationId}
        offerWake={Boolean(target.offline) && target.count === 1}
        busy={busy}
        onRun={(chosen, settings, wakeFirst) =>
          void start(target.nodeIds, chosen, settings, wakeFirst, target.queue)
        }
      />
    </Stack>
  );
}
