import { Button, Group, Stack } from "@mantine/core";
import type { RunAsOs } from "@steward/domain";
import { useT } from "../../../i18n";
import { useCan } from "../../auth";
import { JobOutputPanel } from "../../jobs";
import { RunScriptForm } from "./RunScriptForm";
import { useRunScript } from "./use-run-script";

interface RunScriptPanelProps {
  deviceId: number;
  os: RunAsOs | null;
  organizationId: number;
  offline: boolean;
}

/** Run a script on one device, inline on its tools page, then watch its output. */
export function RunScriptPanel({ deviceId, os, organizationId, offline }: RunScriptPanelProps) {
  const t = useT();
  const can = useCan();
  const { busy, run, start, reset } = useRunScript();
  const jobUid = run?.jobs[0]?.jobUid;
  if (run && jobUid) {
    return (
      <Stack gap="sm">
        <JobOutputPanel jobUid={jobUid} title={run.scriptName} canCancel={can("jobs.run")} />
        <Group>
          <Button variant="default" onClick={reset}>
            {t("scripts.run.runAnother")}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <RunScriptForm
      os={os}
      organizationId={organizationId}
      offerWake={offline}
      busy={busy}
      onRun={(chosen, settings, wakeFirst) => void start([deviceId], chosen, settings, wakeFirst)}
    />
  );
}
