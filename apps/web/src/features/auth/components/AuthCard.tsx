import type { ReactNode } from "react";
import { Center, Group, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconShieldLock } from "@tabler/icons-react";
import { LanguagePicker } from "./LanguagePicker";

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  width?: number;
  /**
   * Offers the language choice (default). A step showing something only once (recovery codes)
   * turns it off: a new language draws the page anew and what it showed would be gone.
   */
  languagePicker?: boolean;
}

/** The centered card every sign-in step is drawn in. */
export function AuthCard({
  title,
  description,
  children,
  width = 440,
  languagePicker = true,
}: AuthCardProps) {
  return (
    <Center mih="100vh" p="md" bg="var(--steward-page-background)">
      <Stack w={width} gap="lg">
        <Group gap="xs" justify="center">
          <ThemeIcon size={34} radius="md">
            <IconShieldLock size={20} />
          </ThemeIcon>
          <Text fw={800} fz="xl">
            {/* i18n-exempt: the product's name */}
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
        {languagePicker ? (
          <Group justify="center">
            <LanguagePicker />
          </Group>
        ) : null}
      </Stack>
    </Center>
  );
}
