import type { ReactNode } from "react";
import { Center, Group, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconShieldLock } from "@tabler/icons-react";

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  width?: number;
}

/** The centered card every sign-in step is drawn in. */
export function AuthCard({ title, description, children, width = 440 }: AuthCardProps) {
  return (
    <Center mih="100vh" p="md" bg="var(--steward-page-background)">
      <Stack w={width} gap="lg">
        <Group gap="xs" justify="center">
          <ThemeIcon size={34} radius="md">
            <IconShieldLock size={20} />
          </ThemeIcon>
          <Text fw={800} fz="xl">
            Steward
          </Text>
        </Group>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <Stack gap="md">
            <div>
              <Title order={2} fz="h3">
                {title}
              </Title>
              {description ? (
                <Text c="dimmed" size="sm" mt={4}>
                  {description}
                </Text>
              ) : null}
            </div>
            {children}
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
}
