import { useState } from "react";
import { Badge, Button, Group, Stack, Table, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { Rollout, RolloutRing } from "@steward/contracts";
import { describeError } from "../../../api";
import { useT, type Translate } from "../../../i18n";
import { EmptyState, PageHeader, QueryView, TableCard, formatBytes, formatDateTime } from "../../../ui";
import { useAgentReleases, useRollouts, useSetRolloutPaused } from "./api";
import { NewRolloutForm } from "./NewRolloutForm";
import { RolloutDevicesDialog } from "./RolloutDevices";

const emptyCounts = { pending: 0, updating: 0, installed: 0, failed: 0, rolledBack: 0 };

const stateColor = { RUNNING: "blue", PAUSED: "orange", COMPLETED: "green" } as const;

function ringText(ring: RolloutRing, t: Translate): string {
  if (ring.kind === "percent") return t("devices.rollouts.ringLabel.percent", { percent: ring.percent });
  if (ring.kind === "devices")
    return t("devices.rollouts.ringLabel.devices", { count: ring.deviceIds.length });
  return t("devices.rollouts.ringLabel.organizations", { count: ring.organizationIds.length });
}

/** Agent updates: the published versions, a form to roll one out, and every rollout with its progress. */
export function RolloutsPage() {
  const t = useT();
  const releases = useAgentReleases();
  const rollouts = useRollouts();
  const [shown, setShown] = useState<Rollout | null>(null);
  return (
    <Stack gap="md">
      <PageHeader title={t("devices.routes.agentUpdates")} description={t("devices.rollouts.description")} />
      <QueryView
        query={releases}
        errorTitle={t("devices.rollouts.loadError")}
        loadingLabel={t("devices.rollouts.loading")}
      >
        {(data) =>
          data.items.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("devices.rollouts.noReleases")}
            </Text>
          ) : (
            <Stack gap="md">
              <TableCard
                caption={t("devices.rollouts.releasesCaption")}
                minWidth={520}
                testId="agent-releases"
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("devices.rollouts.version")}</Table.Th>
                    <Table.Th>{t("devices.rollouts.platform")}</Table.Th>
                    <Table.Th>{t("devices.rollouts.size")}</Table.Th>
                    <Table.Th>{t("devices.rollouts.published")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((r) => (
                    <Table.Tr key={r.id}>
                      <Table.Td>{r.version}</Table.Td>
                      <Table.Td>
                        {t("devices.rollouts.platformValue", { platform: r.platform, arch: r.arch })}
                      </Table.Td>
                      <Table.Td>{formatBytes(r.length)}</Table.Td>
                      <Table.Td>{formatDateTime(r.createdAt)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </TableCard>
              <NewRolloutForm releases={data.items} />
            </Stack>
          )
        }
      </QueryView>
      <QueryView
        query={rollouts}
        errorTitle={t("devices.rollouts.loadError")}
        loadingLabel={t("devices.rollouts.loading")}
      >
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState
              title={t("devices.rollouts.noRolloutsTitle")}
              description={t("devices.rollouts.noRolloutsDescription")}
            />
          ) : (
            <RolloutTable rollouts={data.items} onShowDevices={setShown} />
          )
        }
      </QueryView>
      <RolloutDevicesDialog rollout={shown} onClose={() => setShown(null)} />
    </Stack>
  );
}

function RolloutTable({
  rollouts,
  onShowDevices,
}: {
  rollouts: Rollout[];
  onShowDevices: (r: Rollout) => void;
}) {
  const t = useT();
  const setPaused = useSetRolloutPaused();
  const toggle = (r: Rollout) =>
    setPaused.mutate(
      { id: r.id, paused: r.state === "RUNNING" },
      {
        onSuccess: (next) =>
          notifications.show({
            color: "green",
            message: t(next.state === "PAUSED" ? "devices.rollouts.paused" : "devices.rollouts.resumed"),
          }),
        onError: (e) => notifications.show({ color: "red", message: describeError(e) }),
      },
    );
  return (
    <TableCard caption={t("devices.rollouts.rolloutsCaption")} minWidth={700} testId="agent-rollouts">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("devices.rollouts.version")}</Table.Th>
          <Table.Th>{t("devices.rollouts.state")}</Table.Th>
          <Table.Th>{t("devices.rollouts.progress")}</Table.Th>
          <Table.Th>{t("devices.rollouts.rings")}</Table.Th>
          <Table.Th>{t("devices.rollouts.devices")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rollouts.map((r) => {
          const total = r.ringProgress.reduce((n, p) => n + p.total, 0);
          const installed = r.ringProgress.reduce((n, p) => n + p.installed, 0);
          return (
            <Table.Tr key={r.id} data-testid={`rollout-${r.id}`}>
              <Table.Td>{r.version}</Table.Td>
              <Table.Td>
                {/* The whole state stays readable in a narrow column (no ellipsis). */}
                <Badge
                  color={stateColor[r.state]}
                  variant="light"
                  styles={{ label: { overflow: "visible" } }}
                >
                  {t(`devices.rollouts.stateValue.${r.state}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{t("devices.rollouts.progressValue", { installed, total })}</Text>
                <Text size="xs" c="dimmed">
                  {t("devices.rollouts.currentRing", { ring: r.currentRing + 1, count: r.rings.length })}
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  {r.rings.map((ring, i) => {
                    const p = r.ringProgress[i];
                    return (
                      <Text size="xs" key={i}>
                        {t("devices.rollouts.ringProgress", {
                          ring: i + 1,
                          ringLabel: ringText(ring, t),
                          counts: t("devices.rollouts.counts", p ?? emptyCounts),
                        })}
                      </Text>
                    );
                  })}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  {r.state === "COMPLETED" ? null : (
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() => toggle(r)}
                      loading={setPaused.isPending}
                    >
                      {r.state === "RUNNING" ? t("devices.rollouts.pause") : t("devices.rollouts.resume")}
                    </Button>
                  )}
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    onClick={() => onShowDevices(r)}
                    aria-label={t("devices.rollouts.showDevices", { version: r.version })}
                  >
                    {t("devices.rollouts.devices")}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </TableCard>
  );
}
