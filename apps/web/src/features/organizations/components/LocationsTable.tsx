import type { ReactNode } from "react";
import { Anchor, Badge, Group, Table, Text } from "@mantine/core";
import { Link } from "react-router";
import type { Location } from "@steward/contracts";

interface LocationsTableProps {
  organizationId: number;
  locations: Location[];
  /** Row actions (edit, delete) for editors; none on dashboards. */
  actions?: (location: Location) => ReactNode;
}

/** Default location first, then by name. */
export function sortLocations(locations: Location[]): Location[] {
  return [...locations].sort((a, b) =>
    a.isDefault === b.isDefault ? a.name.localeCompare(b.name) : a.isDefault ? -1 : 1,
  );
}

export function LocationsTable({ organizationId, locations, actions }: LocationsTableProps) {
  return (
    <Table verticalSpacing="sm" highlightOnHover aria-label="Locations">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Location</Table.Th>
          <Table.Th>Address</Table.Th>
          <Table.Th>Description</Table.Th>
          <Table.Th ta="right">Devices</Table.Th>
          {actions ? <Table.Th w={110}>Actions</Table.Th> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sortLocations(locations).map((location) => (
          <Table.Tr key={location.id}>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Anchor
                  component={Link}
                  to={`/customerDashboard/${organizationId}/location/${location.id}`}
                  fw={600}
                >
                  {location.name}
                </Anchor>
                {location.isDefault ? (
                  <Badge size="sm" variant="light" color="gray">
                    Default
                  </Badge>
                ) : null}
              </Group>
            </Table.Td>
            <Table.Td>
              <Text size="sm" c={location.address ? undefined : "dimmed"}>
                {location.address || "—"}
              </Text>
            </Table.Td>
            <Table.Td maw={280}>
              <Text size="sm" c={location.description ? undefined : "dimmed"} truncate="end">
                {location.description || "—"}
              </Text>
            </Table.Td>
            <Table.Td ta="right" data-testid={`location-devices-${location.id}`}>
              {location.deviceCount}
            </Table.Td>
            {actions ? <Table.Td>{actions(location)}</Table.Td> : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
