import { useState } from "react";
import { useJobFlow } from "../../jobs";
import { buildScriptJob, type ChosenScript, type RunSettings, type ScriptJob } from "./script-choice";

/** Queues one script job on devices chosen elsewhere; answers the jobs queued. */
export type QueueScriptJob = (job: ScriptJob) => Promise<{ jobs: { jobUid: string; nodeId: number }[] }>;

export interface SubmittedRun {
  jobs: { jobUid: string; nodeId: number }[];
  scriptName: string;
}

/** Wakes (optionally), then submits one ACTION job per device; the job flow shows every failure. */
export function useRunScript() {
  const flow = useJobFlow();
  const [busy, setBusy] = useState(false);
  const [run, setRun] = useState<SubmittedRun | null>(null);

  const start = async (
    nodeIds: number[] | (() => Promise<number[]>),
    chosen: ChosenScript,
    settings: RunSettings,
    wakeFirst: boolean,
    queue?: QueueScriptJob,
  ) => {
    setBusy(true);
    try {
      const job = buildScriptJob(chosen, settings);
      const ids = typeof nodeIds === "function" ? (queue ? [] : await nodeIds()) : nodeIds;
      if (wakeFirst && ids.length === 1) await flow.wakeDevice(ids[0]!);
      const answer = queue
        ? await queue(job)
        : await flow.submitJobs({ nodes: ids.map((nodeId) => ({ nodeId, jobs: [job] })) });
      void flow.invalidateJobLists();
      setRun({
        jobs: answer.jobs.map((j) => ({ jobUid: j.jobUid, nodeId: j.nodeId })),
        scriptName: chosen.script.name,
      });
    } catch (error) {
      // Job flow failures were already shown to the user; anything else is not ours to swallow.
      if (!flow.isStopped(error)) throw error;
    } finally {
      setBusy(false);
    }
  };

  return { busy, run, start, reset: () => setRun(null) };
}
