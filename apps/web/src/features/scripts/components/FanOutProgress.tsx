import type { ReactNode } from "react";
import { Anchor, Group, Paper, Progress, Stack, Table, Text } from "@mantine/core";
import { Link } from "react-router";
import { isTerminal } from "@steward/domain";
import { useT } from "../../../i18n";
import { JobStatusBadge, useWatchedJobs } from "../../jobs";

/** Above this many devices the dialog shows counts only and points to pending scripts. */
const WATCH_LIMIT = 25;

/** Progress of one script sent to many devices. */
export function FanOutProgress({
  jobs,
  scriptName,
  names,
}: {
  jobs: { jobUid: string; nodeId: number }[];
  scriptName: string;
  names?: ReadonlyMap<number, string> | undefined;
}) {
  const t = useT();
  const watched = jobs.slice(0, WATCH_LIMIT);
  const results = useWatchedJobs(watched.map((j) => j.jobUid));
  const done = results.filter((r) => r.data && isTerminal(r.data.jobStatus)).length;
  const failed = results.filter(
    (r) => r.data?.jobStatus === "COMPLETED" && r.data.jobResult !== "SUCCESS",
  ).length;

  return (
    <Stack gap="sm" data-testid="fan-out-progress">
      <Text size="sm">
        {t.rich("scripts.fanOut.sent", {
          script: scriptName,
          count: jobs.length,
          b: (chunks: ReactNode[]) => (
            <Text span fw={600}>
              {chunks}
            </Text>
          ),
        })}
      </Text>
      {jobs.length > WATCH_LIMIT ? (
        <Text size="sm" c="dimmed">
          {t.rich("scripts.fanOut.follow", {
            link: (chunks: ReactNode[]) => (
              <Anchor component={Link} to="/systemDashboard/pendingScripts">
                {chunks}
              </Anchor>
            ),
          })}
        </Text>
      ) : (
        <>
          <Group gap="sm">
            <Progress
              value={(done / Math.max(1, watched.length)) * 100}
              w={240}
              aria-label={t("scripts.fanOut.finishedRuns")}
            />
            <Text size="sm">{t("scripts.fanOut.progress", { done, total: watched.length, failed })}</Text>
          </Group>
          <Paper withBorder radius="md">
            <Table verticalSpacing={4} aria-label={t("scripts.fanOut.finishedRuns")}>
              <Table.Tbody>
                {watched.map((j, i) => {
                  const data = results[i]?.data;
                  return (
                    <Table.Tr key={j.jobUid}>
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={`/deviceDashboard/${j.nodeId}/tools/1?job=${encodeURIComponent(j.jobUid)}`}
                          size="sm"
                        >
                          {names?.get(j.nodeId) ?? t("scripts.fanOut.device", { id: j.nodeId })}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        {data ? (
                          <JobStatusBadge job={data} />
                        ) : (
                          <Text size="xs" c="dimmed">
                            …
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          {data?.resultContent.errorMessage ?? ""}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Paper>
        </>
      )}
    </Stack>
  );
}
