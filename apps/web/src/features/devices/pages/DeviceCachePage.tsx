import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconRefresh, IconTrash } from "@tabler/icons-react";
import type { DeviceCacheStats } from "@steward/contracts";
import { api, describeError } from "../../../api";
import { useT } from "../../../i18n";
import { PageHeader, QueryView, confirmAction, formatNumber } from "../../../ui";
import { useCan } from "../../auth";
import { deviceKeys } from "../api";

function Stat({ label, value }: { label: string; value: string }) {
  const t = useT();
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={700} fz={24} aria-label={t("devices.cache.statLabel", { label, value })}>
        {value}
      </Text>
    </Paper>
  );
}

export function DeviceCachePage() {
  const t = useT();
  const can = useCan();
  const queryClient = useQueryClient();
  const stats = useQuery({
    queryKey: deviceKeys.cache(),
    queryFn: ({ signal }) => api.get<DeviceCacheStats>("/devices/cache", { signal }),
  });
  const clear = useMutation({
    mutationFn: () => api.post<{ cleared: number }>("/devices/cache/clear"),
    onSuccess: (result) => {
      notifications.show({
        color: "teal",
        message: t("devices.cache.cleared", { count: result.cleared }),
      });
      return queryClient.invalidateQueries({ queryKey: deviceKeys.cache() });
    },
    onError: (error) =>
      notifications.show({
        color: "red",
        title: t("devices.cache.clearError"),
        message: describeError(error),
      }),
  });
  return (
    <Stack gap="md">
      <PageHeader
        title={t("devices.cache.title")}
        description={t("devices.cache.description")}
        actions={
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={() => void stats.refetch()}
              loading={stats.isFetching}
            >
              {t("devices.cache.refresh")}
            </Button>
            {can("devices.manage") ? (
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} />}
                loading={clear.isPending}
                onClick={() =>
                  confirmAction({
                    title: t("devices.cache.clearTitle"),
                    message: t("devices.cache.clearMessage"),
                    confirmLabel: t("devices.cache.clear"),
                    onConfirm: () => clear.mutate(),
                  })
                }
              >
                {t("devices.cache.clear")}
              </Button>
            ) : null}
          </Group>
        }
      />
      <QueryView
        query={stats}
        errorTitle={t("devices.cache.loadError")}
        loadingLabel={t("devices.cache.loading")}
      >
        {(data) => {
          const lookups = data.hits + data.misses;
          return (
            <SimpleGrid cols={4}>
              <Stat
                label={t("devices.cache.entries")}
                value={t("devices.cache.entriesValue", {
                  entries: formatNumber(data.entries),
                  max: formatNumber(data.maxEntries),
                })}
              />
              <Stat
                label={t("devices.cache.ttl")}
                value={t("devices.cache.ttlValue", { seconds: formatNumber(data.ttlSeconds) })}
              />
              <Stat
                label={t("devices.cache.hitRate")}
                value={
                  lookups
                    ? t("devices.cache.hitRateValue", {
                        percent: formatNumber(Math.round((data.hits / lookups) * 100)),
                      })
                    : "—"
                }
              />
              <Stat label={t("devices.cache.hits")} value={formatNumber(data.hits)} />
              <Stat label={t("devices.cache.misses")} value={formatNumber(data.misses)} />
              <Stat label={t("devices.cache.evictions")} value={formatNumber(data.evictions)} />
              <Stat label={t("devices.cache.invalidations")} value={formatNumber(data.invalidations)} />
            </SimpleGrid>
          );
        }}
      </QueryView>
    </Stack>
  );
}
