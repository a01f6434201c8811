import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@mantine/core";
import { IconPlayerPlay } from "@tabler/icons-react";
import type { DeviceSummary, ExecuteActionRequest, ExecuteActionResponse } from "@steward/contracts";
import type { RunAsOs } from "@steward/domain";
import { api } from "../../../api";
import { useT } from "../../../i18n";
import { useCan } from "../../auth";
import { useJobFlow } from "../../jobs";
import { RunScriptDialog, type QueueScriptJob } from "../../scripts";
import type { ActionTarget } from "../grid/BulkActions";
import type { DeviceFilters } from "../grid/grid-state";

/** The grid's bulk run: the RUN_SCRIPT action of execute-action over the selection or the search. */
const runScriptOn =
  (target: ActionTarget, queueJobs: ReturnType<typeof useJobFlow>["queueJobs"]): QueueScriptJob =>
  async (job) => {
    const body: ExecuteActionRequest = {
      action: "RUN_SCRIPT",
      data: { ...target, ...job.content, ...(job.jobName ? { jobName: job.jobName } : {}) },
    };
    const answer = await queueJobs(() =>
      api.post<ExecuteActionResponse>("/search/runner/execute-action", body),
    );
    return { jobs: answer.jobs ?? [] };
  };

/** The one OS (and organization) the devices share, else null: the Run As choices follow it. */
function common<T>(devices: DeviceSummary[], pick: (d: DeviceSummary) => T): T | null {
  const values = new Set(devices.map(pick));
  return values.size === 1 ? ([...values][0] ?? null) : null;
}

interface RunScriptBulkButtonProps {
  target: ActionTarget;
  count: number;
  filters: DeviceFilters;
  onDone: () => void;
}

/** "Run script" over the selected devices (or all matching the search). */
export function RunScriptBulkButton({ target, count, filters, onDone }: RunScriptBulkButtonProps) {
  const t = useT();
  const can = useCan();
  const flow = useJobFlow();
  const [open, setOpen] = useState(false);
  const nodeIds = target.nodeIds;
  // The seed's device query: the selected devices' OS and organization decide the Run As choices.
  const nodes = useQuery({
    queryKey: ["devices", "query", nodeIds?.slice(0, 1000)] as const,
    queryFn: () =>
      api.post<{ nodes: DeviceSummary[] }>("/query/device", { nodeIds: nodeIds?.slice(0, 1000) ?? [] }),
    enabled: open && nodeIds !== undefined && nodeIds.length > 0,
    select: (data) => data.nodes,
  });
  if (!can("jobs.run")) return null;
  const devices = nodes.data ?? [];
  const os: RunAsOs | null = nodeIds
    ? (common(devices, (d) => d.osFamily) as RunAsOs | "OTHER" | null) === "OTHER"
      ? null
      : (common(devices, (d) => d.osFamily) as RunAsOs | null)
    : filters.os.length === 1 && filters.os[0] !== "OTHER"
      ? (filters.os[0] as RunAsOs)
      : null;
  const organizationId = nodeIds
    ? common(devices, (d) => d.organizationId)
    : filters.organizationIds.length === 1
      ? (filters.organizationIds[0] ?? null)
      : null;

  return (
    <>
      <Button size="xs" leftSection={<IconPlayerPlay size={14} />} onClick={() => setOpen(true)}>
        {t("devices.runScript.button")}
      </Button>
      <RunScriptDialog
        opened={open}
        onClose={() => {
          setOpen(false);
          onDone();
        }}
        target={{
          nodeIds: nodeIds ?? [],
          queue: runScriptOn(target, flow.queueJobs),
          count,
          label:
            count === 1 && devices[0]
              ? devices[0].displayName || devices[0].hostname
              : t("devices.runScript.count", { count }),
          os,
          organizationId,
          offline: count === 1 && devices[0]?.status === "DOWN",
          names: new Map(devices.map((d) => [d.id, d.displayName || d.hostname])),
        }}
      />
    </>
  );
}
