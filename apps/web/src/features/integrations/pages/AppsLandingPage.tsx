import { Anchor, Badge, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { useT } from "../../../i18n";
import { PageHeader } from "../../../ui";
import { appsPath, integrationKinds } from "../kinds";

/** The kinds of integration Steward will offer; none is connectable yet. */
export function AppsLandingPage() {
  const t = useT();
  return (
    <Stack gap="md">
      <PageHeader title={t("integrations.routes.apps")} description={t("integrations.landing.description")} />
      <SimpleGrid cols={3} spacing="md">
        {integrationKinds.map((kind) => (
          <Paper key={kind.slug} withBorder p="md" radius="md">
            <Stack gap={6} align="flex-start">
              <Anchor component={Link} to={appsPath(kind.slug)} fw={600}>
                {t(kind.name)}
              </Anchor>
              <Text size="sm" c="dimmed">
                {t(kind.description)}
              </Text>
              {kind.available ? null : (
                <Badge size="xs" variant="light" color="gray" style={{ overflow: "visible" }}>
                  {t("integrations.landing.notAvailable")}
                </Badge>
              )}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
