import { Anchor, Badge, Group, Stack, Table, Text } from "@mantine/core";
import { Link } from "react-router";
import { EmptyState, ErrorState, LoadingState, formatDateTime, ListFooter, TableCard } from "../../../ui";
import { useDeviceActivities, type ActivityScope } from "../api";

const typeLabels: Record<string, string> = {
  ENROLLED: "Enrolled",
  APPROVED: "Approved",
  REJECTED: "Rejected",
  WENT_DOWN: "Went down",
  CAME_UP: "Came up",
  TAGS_CHANGED: "Tags",
  UPDATED: "Settings changed",
  INVENTORY_CHANGED: "Inventory changed",
  CUSTOM_FIELDS_CHANGED: "Custom fields",
};

export function activityTypeLabel(type: string): string {
  return typeLabels[type] ?? type.charAt(0) + type.slice(1).toLowerCase().replace(/_/g, " ");
}

interface ActivityListProps {
  scope: ActivityScope;
  page: number;
  pageSize?: number;
  onPage?: (page: number) => void;
  showDevice?: boolean;
  /** A short list for narrow cards (time, type and message stacked). */
  compact?: boolean;
}

/** Device activities (enrolled, approved, went down/up, inventory changes …), newest first. */
export function ActivityList({
  scope,
  page,
  pageSize = 50,
  onPage,
  showDevice = false,
  compact = false,
}: ActivityListProps) {
  const activities = useDeviceActivities(scope, page, pageSize);
  if (activities.isPending) return <LoadingState label="Loading activities…" />;
  if (activities.isError)
    return (
      <ErrorState
        title="Could not load activities"
        error={activities.error}
        onRetry={() => void activities.refetch()}
      />
    );
  const data = activities.data;
  if (data.items.length === 0)
    return (
      <EmptyState
        title="No activities yet"
        description="Enrollment, presence and inventory changes show here."
      />
    );
  const totalPages = Math.max(1, Math.ceil(data.total / data.pageSize));
  if (compact) {
    return (
      <Stack gap={8}>
        {data.items.map((a) => (
          <Stack key={a.id} gap={0}>
            <Group gap={6} wrap="nowrap">
              <Badge
                size="xs"
                variant="light"
                color={a.type === "WENT_DOWN" ? "red" : a.type === "CAME_UP" ? "teal" : "blue"}
                tt="none"
              >
                {activityTypeLabel(a.type)}
              </Badge>
              <Text size="xs" c="dimmed">
                {formatDateTime(a.at)}
              </Text>
            </Group>
            <Text size="sm" lineClamp={2} style={{ overflowWrap: "anywhere" }}>
              {showDevice ? `${a.deviceName}: ` : ""}
              {a.message}
            </Text>
          </Stack>
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <TableCard minWidth={600} highlightOnHover={false}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Type</Table.Th>
            {showDevice ? <Table.Th>Device</Table.Th> : null}
            <Table.Th>Message</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.items.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTime(a.at)}</Table.Td>
              <Table.Td style={{ minWidth: 170 }}>
                <Badge
                  variant="light"
                  color={a.type === "WENT_DOWN" ? "red" : a.type === "CAME_UP" ? "teal" : "blue"}
                  tt="none"
                >
                  {activityTypeLabel(a.type)}
                </Badge>
              </Table.Td>
              {showDevice ? (
                <Table.Td>
                  <Anchor component={Link} to={`/deviceDashboard/${a.deviceId}/overview`} size="sm">
                    {a.deviceName}
                  </Anchor>
                </Table.Td>
              ) : null}
              <Table.Td style={{ overflowWrap: "anywhere" }}>{a.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </TableCard>
      {onPage ? (
        <ListFooter
          total={data.total}
          noun="activity"
          plural="activities"
          page={Math.min(page, totalPages)}
          totalPages={totalPages}
          onPage={onPage}
        />
      ) : null}
    </Stack>
  );
}
