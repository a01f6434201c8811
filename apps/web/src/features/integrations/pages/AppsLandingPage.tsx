import { Anchor, Badge, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { PageHeader } from "../../../ui";
import { appsPath, integrationKinds } from "../kinds";

/** The kinds of integration Steward will offer; none is connectable yet. */
export function AppsLandingPage() {
  return (
    <Stack gap="md">
      <PageHeader
        title="Apps"
        description="Integrations with third-party providers. None is available yet in this version of Steward."
      />
      <SimpleGrid cols={3} spacing="md">
        {integrationKinds.map((kind) => (
          <Paper key={kind.slug} withBorder p="md" radius="md">
            <Stack gap={6} align="flex-start">
              <Anchor component={Link} to={appsPath(kind.slug)} fw={600}>
                {kind.name}
              </Anchor>
              <Text size="sm" c="dimmed">
                {kind.description}
              </Text>
              <Badge size="xs" variant="light" color="gray" style={{ overflow: "visible" }}>
                Not available yet
              </Badge>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
