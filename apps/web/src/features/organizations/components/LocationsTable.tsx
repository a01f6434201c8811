import type { ReactNode } from "react";
import { Anchor, Badge, Group, Table, Text } from "@mantine/core";
import { Link } from "react-router";
import type { Location } from "@steward/contracts";
import { formatNumber, useT } from "../../../i18n";

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
  const t = useT();
  return (
    <Table verticalSpacing="sm" highlightOnHover aria-label={t("organizations.locations.tableLabel")}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("common.fields.location")}</Table.Th>
          <Table.Th>{t("organizations.locations.address")}</Table.Th>
          <Table.Th>{t("common.fields.description")}</Table.Th>
          <Table.Th ta="right">{t("common.fields.devices")}</Table.Th>
          {actions ? <Table.Th w={110}>{t("common.fields.actions")}</Table.Th> : null}
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
                    {t("organizations.locations.default")}
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
              {formatNumber(location.deviceCount)}
            </Table.Td>
            {actions ? <Table.Td>{actions(location)}</Table.Td> : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
