import { Anchor, Badge, Group, Table, Text, UnstyledButton } from "@mantine/core";
import { IconChevronDown, IconChevronUp } from "@tabler/icons-react";
import { Link } from "react-router";
import type { Organization } from "@steward/contracts";
import { useT } from "../../../i18n";
import { formatDate, formatNumber, RowActions, EditIconButton, DeleteIconButton } from "../../../ui";
import { approvalModeText } from "./ApprovalModeField";

export type OrganizationSort = "name" | "-name" | "createdAt" | "-createdAt";

interface OrganizationsTableProps {
  items: Organization[];
  sort: OrganizationSort;
  onSortChange: (sort: OrganizationSort) => void;
  canWrite: boolean;
  onDelete: (organization: Organization) => void;
}

function SortHeader(props: {
  label: string;
  field: "name" | "createdAt";
  sort: OrganizationSort;
  onSortChange: (sort: OrganizationSort) => void;
}) {
  const { label, field, sort, onSortChange } = props;
  const active = sort === field || sort === `-${field}`;
  const descending = sort === `-${field}`;
  return (
    <UnstyledButton
      onClick={() => onSortChange(active && !descending ? (`-${field}` as OrganizationSort) : field)}
    >
      <Group gap={4} wrap="nowrap">
        <Text fw={700} size="sm">
          {label}
        </Text>
        {active ? descending ? <IconChevronDown size={14} /> : <IconChevronUp size={14} /> : null}
      </Group>
    </UnstyledButton>
  );
}

export function OrganizationsTable({
  items,
  sort,
  onSortChange,
  canWrite,
  onDelete,
}: OrganizationsTableProps) {
  const t = useT();
  return (
    <Table
      striped
      highlightOnHover
      verticalSpacing="sm"
      layout="fixed"
      aria-label={t("organizations.table.label")}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th
            aria-sort={sort.endsWith("name") ? (sort === "name" ? "ascending" : "descending") : undefined}
          >
            <SortHeader
              label={t("common.fields.name")}
              field="name"
              sort={sort}
              onSortChange={onSortChange}
            />
          </Table.Th>
          <Table.Th w={150}>{t("organizations.table.deviceApproval")}</Table.Th>
          <Table.Th w={92} ta="right">
            {t("organizations.table.locations")}
          </Table.Th>
          <Table.Th w={80} ta="right">
            {t("common.fields.devices")}
          </Table.Th>
          <Table.Th
            w={124}
            aria-sort={
              sort.endsWith("createdAt") ? (sort === "createdAt" ? "ascending" : "descending") : undefined
            }
          >
            <SortHeader
              label={t("common.fields.created")}
              field="createdAt"
              sort={sort}
              onSortChange={onSortChange}
            />
          </Table.Th>
          {canWrite ? <Table.Th w={84}>{t("common.fields.actions")}</Table.Th> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((org) => (
          <Table.Tr key={org.id}>
            <Table.Td>
              <Anchor component={Link} to={`/customerDashboard/${org.id}/overview`} fw={600}>
                {org.name}
              </Anchor>
              {org.description ? (
                <Text size="xs" c="dimmed" truncate="end" title={org.description}>
                  {org.description}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>
              <Badge
                variant="light"
                color={org.nodeApprovalMode === "REJECT" ? "red" : "blue"}
                style={{ overflow: "visible" }}
              >
                {t(approvalModeText[org.nodeApprovalMode].label)}
              </Badge>
            </Table.Td>
            <Table.Td ta="right">{formatNumber(org.locationCount)}</Table.Td>
            <Table.Td ta="right">{formatNumber(org.deviceCount)}</Table.Td>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDate(org.createdAt)}</Table.Td>
            {canWrite ? (
              <Table.Td>
                <RowActions justify="flex-start">
                  <EditIconButton name={org.name} to={`/editor/customer/${org.id}/general`} />
                  <DeleteIconButton name={org.name} onClick={() => onDelete(org)} />
                </RowActions>
              </Table.Td>
            ) : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
