import { Badge } from "@mantine/core";
import type { JobView } from "@steward/contracts";
import { useT, type MessageKey } from "../../../i18n";

type Status = Pick<JobView, "jobStatus" | "jobResult" | "delivery">;

/** A job's state in words: queued, running, succeeded, failed, cancelling, cancelled. */
export function jobStateLabel(job: Status): { label: MessageKey; color: string } {
  switch (job.jobStatus) {
    case "COMPLETED":
      return job.jobResult === "SUCCESS"
        ? { label: "jobs.status.succeeded", color: "teal" }
        : { label: "jobs.status.failed", color: "red" };
    case "CANCELLED":
      return { label: "jobs.status.cancelled", color: "gray" };
    case "CANCEL_REQUESTED":
      return { label: "jobs.status.cancelling", color: "orange" };
    case "START_REQUESTED":
      if (job.delivery === "STARTED") return { label: "jobs.status.running", color: "blue" };
      if (job.delivery === "SENT") return { label: "jobs.status.sent", color: "blue" };
      return { label: "jobs.status.queued", color: "yellow" };
  }
}

export function JobStatusBadge({ job }: { job: Status }) {
  const t = useT();
  const { label, color } = jobStateLabel(job);
  return (
    // Never cut to "SUCCEED…" in a narrow table cell: the badge keeps its whole word.
    <Badge color={color} variant="light" data-testid="job-status" miw="max-content">
      {t(label)}
    </Badge>
  );
}
