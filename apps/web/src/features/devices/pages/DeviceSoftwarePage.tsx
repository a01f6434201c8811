import { useState } from "react";
import { Stack, Table, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useNavigate, useParams } from "react-router";
import { useT } from "../../../i18n";
import { parsePage } from "../../../lib/params";
import { EmptyState, ErrorState, LoadingState, formatDate, ListFooter, TableCard } from "../../../ui";
import { useDeviceSoftware } from "../api";
import { DevicePage } from "../dashboard/DevicePage";

const PAGE_SIZE = 50;

export function DeviceSoftwarePage() {
  return <DevicePage>{(device) => <SoftwareList deviceId={device.id} />}</DevicePage>;
}

function SoftwareList({ deviceId }: { deviceId: number }) {
  const t = useT();
  const page = parsePage(useParams().page);
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const software = useDeviceSoftware(deviceId, page, PAGE_SIZE, debounced);
  const goTo = (next: number) => void navigate(`/deviceDashboard/${deviceId}/software/${next}`);
  const data = software.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <Stack gap="sm">
      <TextInput
        aria-label={t("devices.software.search")}
        placeholder={t("devices.software.searchPlaceholder")}
        leftSection={<IconSearch size={16} />}
        w={340}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          if (page !== 1) goTo(1);
        }}
      />
      {software.isPending ? (
        <LoadingState label={t("devices.software.loading")} />
      ) : software.isError ? (
        <ErrorState
          title={t("devices.software.loadError")}
          error={software.error}
          onRetry={() => void software.refetch()}
        />
      ) : data && data.items.length === 0 ? (
        <EmptyState
          title={debounced ? t("devices.software.noMatchTitle") : t("devices.software.emptyTitle")}
          description={
            debounced ? t("devices.software.noMatchDescription") : t("devices.software.emptyDescription")
          }
        />
      ) : data ? (
        <>
          <TableCard
            caption={t("devices.overview.installedSoftware")}
            minWidth={640}
            verticalSpacing={6}
            testId="software-table"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("common.fields.name")}</Table.Th>
                <Table.Th>{t("devices.software.version")}</Table.Th>
                <Table.Th>{t("devices.software.publisher")}</Table.Th>
                <Table.Th>{t("devices.software.installed")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((s, i) => (
                <Table.Tr key={`${s.name}-${s.version}-${i}`}>
                  <Table.Td style={{ overflowWrap: "anywhere" }}>{s.name}</Table.Td>
                  <Table.Td style={{ overflowWrap: "anywhere" }}>{s.version}</Table.Td>
                  <Table.Td>{s.publisher ?? "—"}</Table.Td>
                  <Table.Td>
                    {s.installedAt && !Number.isNaN(Date.parse(s.installedAt))
                      ? formatDate(s.installedAt)
                      : (s.installedAt ?? "—")}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </TableCard>
          <ListFooter
            label={t("devices.software.count", { count: data.total })}
            page={Math.min(page, totalPages)}
            totalPages={totalPages}
            onPage={goTo}
          />
        </>
      ) : null}
    </Stack>
  );
}
