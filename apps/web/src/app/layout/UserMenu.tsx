import {
  Avatar,
  Box,
  Group,
  Menu,
  SegmentedControl,
  Text,
  UnstyledButton,
  VisuallyHidden,
  useMantineColorScheme,
  type MantineColorScheme,
} from "@mantine/core";
import { IconChevronDown, IconLogout } from "@tabler/icons-react";
import type { SessionUser } from "@steward/contracts";
import { useLogout } from "../../features/auth";

/** "System" follows the operating system's light or dark setting. */
const schemes: { value: MantineColorScheme; label: string }[] = [
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
  { value: "auto", label: "System" },
];

export function UserMenu({ user }: { user: SessionUser }) {
  const logout = useLogout();
  // Kept in this browser (localStorage), not on the account.
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const roleLabel = user.isSystemAdmin ? "System administrator" : "Technician";
  const initials = `${user.firstName[0] ?? ""}${user.lastName[0] ?? ""}`.toUpperCase() || "?";

  // Forgetting the session makes the route guard show the sign-in page ("You have signed out").
  const handleSignOut = () => logout.mutateAsync().catch(() => undefined);

  return (
    <Menu position="bottom-end" width={240}>
      <Menu.Target>
        {/* Named by what it shows plus "Account menu" (no aria-label that would hide the visible name). */}
        <UnstyledButton>
          <Group gap="xs" wrap="nowrap">
            <Avatar radius="xl" size={32} color="blue" aria-hidden>
              {initials}
            </Avatar>
            <div>
              <Text size="sm" fw={600} lh={1.2}>
                {user.firstName} {user.lastName}
              </Text>
              <Text size="xs" c="dimmed" lh={1.2}>
                {roleLabel}
              </Text>
            </div>
            <VisuallyHidden>Account menu</VisuallyHidden>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Divider />
        <Menu.Label id="theme-switch-label">Theme</Menu.Label>
        <Box px="xs" pb={6}>
          <SegmentedControl
            fullWidth
            size="xs"
            aria-labelledby="theme-switch-label"
            value={colorScheme}
            onChange={(value) => setColorScheme(value as MantineColorScheme)}
            data={schemes}
          />
        </Box>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void handleSignOut()}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
