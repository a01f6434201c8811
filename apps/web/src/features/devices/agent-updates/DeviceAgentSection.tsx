import { Badge, Group, Stack, Table, Text } from "@mantine/core";
import type { DeviceAgentReport } from "@steward/contracts";
import { useT } from "../../../i18n";
import { ListTable, QueryView, formatDateTime } from "../../../ui";
import { Facts, Section } from "../dashboard/InventorySections";
import { useDeviceAgentReport } from "./api";

/** The device's agent: version against the newest published one, how it runs, its last update and errors. */
export function DeviceAgentSection({ deviceId }: { deviceId: number }) {
  const t = useT();
  const report = useDeviceAgentReport(deviceId);
  return (
    <Section title={t("devices.agent.title")} testId="device-agent">
      <QueryView
        query={report}
        errorTitle={t("devices.agent.loadError")}
        loadingLabel={t("devices.agent.loading")}
      >
        {(data) => <AgentFacts report={data} />}
      </QueryView>
    </Section>
  );
}

function AgentFacts({ report }: { report: DeviceAgentReport }) {
  const t = useT();
  const update = report.lastUpdate;
  return (
    <Stack gap="sm">
      <Facts
        items={[
          [
            t("devices.agent.version"),
            <Group gap={6} key="version">
              <span>{report.agentVersion}</span>
              {report.latestVersion === null ? null : report.outdated ? (
                <Badge color="orange" variant="light">
                  {t("devices.agent.outdated")}
                </Badge>
              ) : (
                <Badge color="green" variant="light">
                  {t("devices.agent.upToDate")}
                </Badge>
              )}
            </Group>,
          ],
          [t("devices.agent.latest"), report.latestVersion ?? t("devices.agent.noRelease")],
          [
            t("devices.agent.lastUpdate"),
            update
              ? `${t(`devices.agent.updateStatus.${update.status}`, { version: update.version })} · ${formatDateTime(update.at)}${update.reason ? ` · ${update.reason}` : ""}`
              : t("devices.agent.noUpdate"),
          ],
          ...(report.reportedAt === null
            ? []
            : ([
                [t("devices.agent.platform"), `${report.platform ?? ""} ${report.arch ?? ""}`.trim()],
                [
                  t("devices.agent.packaging"),
                  report.packaging ? t(`devices.agent.packagingValue.${report.packaging}`) : undefined,
                ],
                [
                  t("devices.agent.service"),
                  report.serviceManager
                    ? t(`devices.agent.serviceValue.${report.serviceManager}`)
                    : undefined,
                ],
                [t("devices.agent.installDir"), report.installDir ?? t("devices.agent.noLauncher")],
                [t("devices.agent.installPath"), report.installPath],
                [t("devices.agent.reportedAt"), formatDateTime(report.reportedAt)],
              ] as Array<[string, string | undefined]>)),
        ]}
      />
      {report.reportedAt === null ? (
        <Text size="sm" c="dimmed">
          {t("devices.agent.notReported")}
        </Text>
      ) : report.lastErrors.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("devices.agent.noErrors")}
        </Text>
      ) : (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t("devices.agent.lastErrors")}
          </Text>
          <ListTable caption={t("devices.agent.errorsCaption")} minWidth={320} highlightOnHover={false}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("devices.agent.errorAt")}</Table.Th>
                <Table.Th>{t("devices.agent.errorMessage")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.lastErrors.map((e, i) => (
                <Table.Tr key={`${e.at}-${i}`}>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTime(e.at)}</Table.Td>
                  <Table.Td style={{ overflowWrap: "anywhere" }}>{e.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ListTable>
        </Stack>
      )}
    </Stack>
  );
}
