import type { ReactNode } from "react";
import { Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconTools } from "@tabler/icons-react";
import { useT } from "../i18n";
import { useCurrentEntry, useRouteText } from "../routing";

/** The honest page of a route whose area is not built yet: names the area, shows no data. */
export function NotAvailablePage({ children }: { children?: ReactNode }) {
  const t = useT();
  const text = useRouteText();
  const entry = useCurrentEntry();
  const title = entry ? text(entry.title) : null;
  const area = entry?.area ? text(entry.area) : (title ?? t("ui.notAvailable.thisArea"));
  return (
    <Paper withBorder p="xl" radius="md" maw={720}>
      <Stack align="flex-start" gap="sm">
        <ThemeIcon size={44} radius="xl" variant="light">
          <IconTools size={24} />
        </ThemeIcon>
        <Title order={3}>{title ?? area}</Title>
        <Text>
          {t.rich("ui.notAvailable.body", {
            area: (
              <Text span fw={600} key="area">
                {area}
              </Text>
            ),
          })}
        </Text>
        <Text c="dimmed" size="sm">
          {t("ui.notAvailable.noData")}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}
