import type { ScheduledTask } from "@steward/contracts";
import { useT } from "../../../i18n";
import { describeSchedule } from "../schedule-summary";

/** A schedule in one line ("Daily at 09:00"), as the task list shows it. */
export function ScheduleSummary({ schedule }: { schedule: ScheduledTask["schedule"] }) {
  const t = useT();
  return <>{describeSchedule(t, schedule)}</>;
}
