import { Avatar, Group, Menu, Text, UnstyledButton } from "@mantine/core";
import { IconChevronDown, IconLogout } from "@tabler/icons-react";
import type { SessionUser } from "@steward/contracts";
import { useLogout } from "../../features/auth";

export function UserMenu({ user }: { user: SessionUser }) {
  const logout = useLogout();
  const initials = `${user.firstName[0] ?? ""}${user.lastName[0] ?? ""}`.toUpperCase() || "?";

  // Forgetting the session makes the route guard show the sign-in page ("You have signed out").
  const handleSignOut = () => logout.mutateAsync().catch(() => undefined);

  return (
    <Menu position="bottom-end" width={240}>
      <Menu.Target>
        <UnstyledButton aria-label="Account menu">
          <Group gap="xs" wrap="nowrap">
            <Avatar radius="xl" size={32} color="blue">
              {initials}
            </Avatar>
            <div>
              <Text size="sm" fw={600} lh={1.2}>
                {user.firstName} {user.lastName}
              </Text>
              <Text size="xs" c="dimmed" lh={1.2}>
                {user.isSystemAdmin ? "System administrator" : "Technician"}
              </Text>
            </div>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void handleSignOut()}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
