import { useState } from "react";
import { Anchor, Group, Modal, Pagination, Select, Stack, Table, Text } from "@mantine/core";
import { Link } from "react-router";
import { ROLLOUT_DEVICE_STATES, type Rollout, type RolloutDeviceState } from "@steward/contracts";
import { useT } from "../../../i18n";
import { ListTable, QueryView, formatDateTime } from "../../../ui";
import { useRolloutDevices } from "./api";

const PAGE_SIZE = 100;

/** A rollout's devices and their update state, filtered by state, a page at a time. */
export function RolloutDevicesDialog({ rollout, onClose }: { rollout: Rollout | null; onClose: () => void }) {
  const t = useT();
  return (
    <Modal
      opened={rollout !== null}
      onClose={onClose}
      size="xl"
      title={rollout ? t("devices.rollouts.devicesTitle", { version: rollout.version }) : ""}
      closeButtonProps={{ "aria-label": t("devices.rollouts.close") }}
    >
      {rollout ? <RolloutDevices rollout={rollout} /> : null}
    </Modal>
  );
}

function RolloutDevices({ rollout }: { rollout: Rollout }) {
  const t = useT();
  const [state, setState] = useState<RolloutDeviceState | null>(null);
  const [page, setPage] = useState(1);
  const devices = useRolloutDevices(rollout.id, state, page);
  return (
    <Stack gap="sm">
      <Select
        label={t("devices.rollouts.stateFilter")}
        placeholder={t("devices.rollouts.allStates")}
        data={ROLLOUT_DEVICE_STATES.map((s) => ({
          value: s,
          label: t(`devices.rollouts.deviceStateValue.${s}`),
        }))}
        value={state}
        onChange={(v) => {
          setState(v as RolloutDeviceState | null);
          setPage(1);
        }}
        clearable
        w={240}
      />
      <QueryView
        query={devices}
        errorTitle={t("devices.rollouts.loadError")}
        loadingLabel={t("devices.rollouts.loading")}
      >
        {(data) =>
          data.items.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("devices.rollouts.noDevices")}
            </Text>
          ) : (
            <Stack gap="sm">
              <ListTable caption={t("devices.rollouts.devicesCaption")} minWidth={560}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("devices.rollouts.device")}</Table.Th>
                    <Table.Th>{t("devices.rollouts.ring")}</Table.Th>
                    <Table.Th>{t("devices.rollouts.state")}</Table.Th>
                    <Table.Th>{t("devices.rollouts.reason")}</Table.Th>
                    <Table.Th>{t("devices.rollouts.updated")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((d) => (
                    <Table.Tr key={d.deviceId}>
                      <Table.Td>
                        <Anchor component={Link} to={`/deviceDashboard/${d.deviceId}/overview`} size="sm">
                          {d.deviceName}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{d.ring + 1}</Table.Td>
                      <Table.Td>{t(`devices.rollouts.deviceStateValue.${d.state}`)}</Table.Td>
                      <Table.Td style={{ overflowWrap: "anywhere" }}>{d.reason ?? ""}</Table.Td>
                      <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTime(d.updatedAt)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </ListTable>
              {data.total > PAGE_SIZE ? (
                <Group justify="flex-end">
                  <Pagination
                    total={Math.ceil(data.total / PAGE_SIZE)}
                    value={page}
                    onChange={setPage}
                    size="sm"
                  />
                </Group>
              ) : null}
            </Stack>
          )
        }
      </QueryView>
    </Stack>
  );
}
