import { Anchor, Badge, Group, Stack, Table, Text } from "@mantine/core";
import { Link } from "react-router";
import { localizeText, useT, type MessageKey, type Translate } from "../../../i18n";
import { EmptyState, ErrorState, LoadingState, formatDateTime, ListFooter, TableCard } from "../../../ui";
import { useDeviceActivities, type ActivityScope } from "../api";

const typeText: Record<string, MessageKey> = {
  ENROLLED: "devices.activities.types.ENROLLED",
  APPROVED: "devices.activities.types.APPROVED",
  REJECTED: "devices.activities.types.REJECTED",
  WENT_DOWN: "devices.activities.types.WENT_DOWN",
  CAME_UP: "devices.activities.types.CAME_UP",
  TAGS_CHANGED: "devices.activities.types.TAGS_CHANGED",
  UPDATED: "devices.activities.types.UPDATED",
  INVENTORY_CHANGED: "devices.activities.types.INVENTORY_CHANGED",
  CUSTOM_FIELDS_CHANGED: "devices.activities.types.CUSTOM_FIELDS_CHANGED",
};

/** The name of an activity type; a type this console does not know yet shows as the server wrote it. */
function activityTypeLabel(type: string, t: Translate): string {
  const id = typeText[type];
  return id ? t(id) : type.charAt(0) + type.slice(1).toLowerCase().replace(/_/g, " ");
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
  const t = useT();
  const activities = useDeviceActivities(scope, page, pageSize);
  if (activities.isPending) return <LoadingState label={t("devices.activities.loading")} />;
  if (activities.isError)
    return (
      <ErrorState
        title={t("devices.activities.loadError")}
        error={activities.error}
        onRetry={() => void activities.refetch()}
      />
    );
  const data = activities.data;
  if (data.items.length === 0)
    return (
      <EmptyState
        title={t("devices.activities.emptyTitle")}
        description={t("devices.activities.emptyDescription")}
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
                {activityTypeLabel(a.type, t)}
              </Badge>
              <Text size="xs" c="dimmed">
                {formatDateTime(a.at)}
              </Text>
            </Group>
            <Text size="sm" lineClamp={2} style={{ overflowWrap: "anywhere" }}>
              {showDevice
                ? t("devices.activities.deviceMessage", {
                    device: a.deviceName,
                    message: localizeText(a.message ?? ""),
                  })
                : localizeText(a.message ?? "")}
            </Text>
          </Stack>
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <TableCard caption={t("devices.routes.activities")} minWidth={600} highlightOnHover={false}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("devices.activities.time")}</Table.Th>
            <Table.Th>{t("common.fields.type")}</Table.Th>
            {showDevice ? <Table.Th>{t("common.fields.device")}</Table.Th> : null}
            <Table.Th>{t("devices.activities.message")}</Table.Th>
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
                  {activityTypeLabel(a.type, t)}
                </Badge>
              </Table.Td>
              {showDevice ? (
                <Table.Td>
                  <Anchor component={Link} to={`/deviceDashboard/${a.deviceId}/overview`} size="sm">
                    {a.deviceName}
                  </Anchor>
                </Table.Td>
              ) : null}
              <Table.Td style={{ overflowWrap: "anywhere" }}>{localizeText(a.message ?? "")}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </TableCard>
      {onPage ? (
        <ListFooter
          label={t("devices.activities.count", { count: data.total })}
          page={Math.min(page, totalPages)}
          totalPages={totalPages}
          onPage={onPage}
        />
      ) : null}
    </Stack>
  );
}
