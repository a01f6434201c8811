import type { ReactNode } from "react";
import { Paper, SimpleGrid, Stack, Text } from "@mantine/core";

/** Label/value pairs of an entity, as a compact card (labels come translated from the caller). */
export function DetailList({ items }: { items: Array<{ label: string; value: ReactNode }> }) {
  return (
    <Paper withBorder p="md" radius="md">
      <SimpleGrid cols={4} spacing="md">
        {items.map((item) => (
          <Stack key={item.label} gap={2}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {item.label}
            </Text>
            <Text size="sm" component="div">
              {item.value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
