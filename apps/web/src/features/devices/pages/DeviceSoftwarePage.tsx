import { useState } from "react";
import { Stack, Table, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useNavigate, useParams } from "react-router";
import { parsePage } from "../../../lib/params";
import { EmptyState, ErrorState, LoadingState, formatDate, ListFooter, TableCard } from "../../../ui";
import { useDeviceSoftware } from "../api";
import { DevicePage } from "../dashboard/DevicePage";

const PAGE_SIZE = 50;

export function DeviceSoftwarePage() {
  return <DevicePage>{(device) => <SoftwareList deviceId={device.id} />}</DevicePage>;
}

function SoftwareList({ deviceId }: { deviceId: number }) {
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
        aria-label="Search software"
        placeholder="Search by name or publisher"
        leftSection={<IconSearch size={16} />}
        w={340}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          if (page !== 1) goTo(1);
        }}
      />
      {software.isPending ? (
        <LoadingState label="Loading software…" />
      ) : software.isError ? (
        <ErrorState
          title="Could not load software"
          error={software.error}
          onRetry={() => void software.refetch()}
        />
      ) : data && data.items.length === 0 ? (
        <EmptyState
          title={debounced ? "No matching software" : "No software reported"}
          description={
            debounced
              ? "Nothing installed matches this search."
              : "The agent has not reported installed software yet."
          }
        />
      ) : data ? (
        <>
          <TableCard minWidth={640} verticalSpacing={6} testId="software-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Version</Table.Th>
                <Table.Th>Publisher</Table.Th>
                <Table.Th>Installed</Table.Th>
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
            total={data.total}
            noun="package"
            page={Math.min(page, totalPages)}
            totalPages={totalPages}
            onPage={goTo}
          />
        </>
      ) : null}
    </Stack>
  );
}
