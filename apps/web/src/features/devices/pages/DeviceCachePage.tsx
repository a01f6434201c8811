import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconRefresh, IconTrash } from "@tabler/icons-react";
import type { DeviceCacheStats } from "@steward/contracts";
import { api, describeError } from "../../../api";
import { PageHeader, QueryView, confirmAction } from "../../../ui";
import { useCan } from "../../auth";
import { deviceKeys } from "../api";

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={700} fz={24} aria-label={`${label}: ${value}`}>
        {value}
      </Text>
    </Paper>
  );
}

export function DeviceCachePage() {
  const can = useCan();
  const queryClient = useQueryClient();
  const stats = useQuery({
    queryKey: deviceKeys.cache(),
    queryFn: ({ signal }) => api.get<DeviceCacheStats>("/devices/cache", { signal }),
  });
  const clear = useMutation({
    mutationFn: () => api.post<{ cleared: number }>("/devices/cache/clear"),
    onSuccess: (result) => {
      notifications.show({ color: "teal", message: `Cache cleared: ${result.cleared} entries removed` });
      return queryClient.invalidateQueries({ queryKey: deviceKeys.cache() });
    },
    onError: (error) =>
      notifications.show({ color: "red", title: "Could not clear the cache", message: describeError(error) }),
  });
  return (
    <Stack gap="md">
      <PageHeader
        title="Device cache"
        description="The server keeps recently asked-for devices in memory so dashboards and searches answer quickly."
        actions={
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={() => void stats.refetch()}
              loading={stats.isFetching}
            >
              Refresh
            </Button>
            {can("devices.manage") ? (
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} />}
                loading={clear.isPending}
                onClick={() =>
                  confirmAction({
                    title: "Clear device cache",
                    message: "Drop every cached device? The next requests read from the database again.",
                    confirmLabel: "Clear cache",
                    onConfirm: () => clear.mutate(),
                  })
                }
              >
                Clear cache
              </Button>
            ) : null}
          </Group>
        }
      />
      <QueryView
        query={stats}
        errorTitle="Could not load cache statistics"
        loadingLabel="Loading cache statistics…"
      >
        {(data) => {
          const lookups = data.hits + data.misses;
          return (
            <SimpleGrid cols={4}>
              <Stat label="Entries" value={`${data.entries} / ${data.maxEntries}`} />
              <Stat label="Time to live" value={`${data.ttlSeconds} s`} />
              <Stat label="Hit rate" value={lookups ? `${Math.round((data.hits / lookups) * 100)} %` : "—"} />
              <Stat label="Hits" value={String(data.hits)} />
              <Stat label="Misses" value={String(data.misses)} />
              <Stat label="Evictions" value={String(data.evictions)} />
              <Stat label="Invalidations" value={String(data.invalidations)} />
            </SimpleGrid>
          );
        }}
      </QueryView>
    </Stack>
  );
}
