import type { ReactNode } from "react";
import { Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconTools } from "@tabler/icons-react";
import { useCurrentEntry } from "../routing";

/** The honest page of a route whose area is not built yet: names the area, shows no data. */
export function NotAvailablePage({ children }: { children?: ReactNode }) {
  const entry = useCurrentEntry();
  const area = entry?.area ?? entry?.title ?? "This area";
  return (
    <Paper withBorder p="xl" radius="md" maw={720}>
      <Stack align="flex-start" gap="sm">
        <ThemeIcon size={44} radius="xl" variant="light">
          <IconTools size={24} />
        </ThemeIcon>
        <Title order={3}>{entry?.title ?? area}</Title>
        <Text>
          <Text span fw={600}>
            {area}
          </Text>{" "}
          is not available yet in this version of Steward.
        </Text>
        <Text c="dimmed" size="sm">
          Nothing is shown here until the feature is built; no sample or placeholder data is displayed.
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}
