import { Text } from "@mantine/core";
import type { JobView } from "@steward/contracts";
import { jobScriptName } from "../job-title";

/** The script a job ran, under its name in lists, when the job name does not already say it. */
export function JobScriptNote({ job }: { job: Pick<JobView, "jobName" | "content"> }) {
  const name = jobScriptName(job);
  return name ? (
    <Text size="xs" c="dimmed" lineClamp={1}>
      {name}
    </Text>
  ) : null;
}
