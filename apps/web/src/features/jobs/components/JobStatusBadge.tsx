import { Badge } from "@mantine/core";
import type { JobView } from "@steward/contracts";

type Status = Pick<JobView, "jobStatus" | "jobResult" | "delivery">;

/** A job's state in words: queued, running, succeeded, failed, cancelling, cancelled. */
export function jobStateLabel(job: Status): { label: string; color: string } {
  switch (job.jobStatus) {
    case "COMPLETED":
      return job.jobResult === "SUCCESS"
        ? { label: "Succeeded", color: "teal" }
        : { label: "Failed", color: "red" };
    case "CANCELLED":
      return { label: "Cancelled", color: "gray" };
    case "CANCEL_REQUESTED":
      return { label: "Cancelling", color: "orange" };
    case "START_REQUESTED":
      if (job.delivery === "STARTED") return { label: "Running", color: "blue" };
      if (job.delivery === "SENT") return { label: "Sent", color: "blue" };
      return { label: "Queued", color: "yellow" };
  }
}

export function JobStatusBadge({ job }: { job: Status }) {
  const { label, color } = jobStateLabel(job);
  return (
    // Never cut to "SUCCEED…" in a narrow table cell: the badge keeps its whole word.
    <Badge color={color} variant="light" data-testid="job-status" miw="max-content">
      {label}
    </Badge>
  );
}
