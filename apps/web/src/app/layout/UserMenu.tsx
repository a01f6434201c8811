import {
  Avatar,
  Box,
  Group,
  Menu,
  Text,
  UnstyledButton,
  VisuallyHidden,
  useMantineColorScheme,
  type MantineColorScheme,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconAdjustments, IconCheck, IconChevronDown, IconLogout, IconShieldLock } from "@tabler/icons-react";
import { Link } from "react-router";
import {
  localeNames,
  supportedLocales,
  type Locale,
  type SessionUser,
  type UpdateUserPreferencesRequest,
} from "@steward/contracts";
import { describeError } from "../../api";
import { useLogout } from "../../features/auth";
import { setLocaleSettings, translate, useT, type MessageKey } from "../../i18n";
import { useSavePreferences } from "../preferences/api";
import { themeOf } from "../preferences/apply";

/** "System" follows the operating system's light or dark setting. */
const schemes: { value: MantineColorScheme; label: MessageKey }[] = [
  { value: "light", label: "shell.userMenu.light" },
  { value: "dark", label: "shell.userMenu.dark" },
  { value: "auto", label: "shell.userMenu.system" },
];

export const PREFERENCES_PATH = "/account/preferences";

export function UserMenu({ user }: { user: SessionUser }) {
  const t = useT();
  const logout = useLogout();
  const save = useSavePreferences();
  // Applied at once and kept in this browser (the first paint of the next visit uses it), and
  // saved on the account so it follows the technician to other browsers.
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const roleLabel = user.isSystemAdmin
    ? t("shell.userMenu.systemAdministrator")
    : t("shell.userMenu.technician");
  const initials = `${user.firstName[0] ?? ""}${user.lastName[0] ?? ""}`.toUpperCase() || "?";

  // The answer may come after a language change rendered this menu anew: the promise still settles.
  const remember = (change: UpdateUserPreferencesRequest) =>
    save.mutateAsync(change).catch((error: unknown) =>
      notifications.show({
        color: "red",
        title: translate("shell.userMenu.saveFailed"),
        message: describeError(error),
      }),
    );

  const chooseScheme = (scheme: MantineColorScheme) => {
    setColorScheme(scheme);
    void remember({ theme: themeOf[scheme] });
  };

  const chooseLanguage = (locale: Locale) => {
    setLocaleSettings({ locale });
    void remember({ language: locale });
  };

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
            <VisuallyHidden>{t("shell.userMenu.accountMenu")}</VisuallyHidden>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Divider />
        {/* Choices inside a menu are menu radio items (a radio group is not allowed in a menu). */}
        <Menu.Label id="theme-switch-label">{t("shell.userMenu.theme")}</Menu.Label>
        <div role="group" aria-labelledby="theme-switch-label">
          {schemes.map((scheme) => (
            <ChoiceItem
              key={scheme.value}
              label={t(scheme.label)}
              checked={colorScheme === scheme.value}
              onChoose={() => chooseScheme(scheme.value)}
            />
          ))}
        </div>
        <Menu.Label id="language-switch-label">{t("shell.userMenu.language")}</Menu.Label>
        <div role="group" aria-labelledby="language-switch-label">
          {supportedLocales.map((locale) => (
            <ChoiceItem
              key={locale}
              label={localeNames[locale]}
              lang={locale}
              checked={t.locale === locale}
              onChoose={() => chooseLanguage(locale)}
            />
          ))}
        </div>
        <Menu.Divider />
        <Menu.Item component={Link} to={PREFERENCES_PATH} leftSection={<IconAdjustments size={16} />}>
          {t("shell.userMenu.preferences")}
        </Menu.Item>
        <Menu.Item component={Link} to="/account/security" leftSection={<IconShieldLock size={16} />}>
          {t("auth.account.menu")}
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void handleSignOut()}>
          {t("shell.userMenu.signOut")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** One choice of a group in the menu: checked shows a tick; choosing keeps the menu open. */
function ChoiceItem({
  label,
  checked,
  onChoose,
  lang,
}: {
  label: string;
  checked: boolean;
  onChoose: () => void;
  lang?: string;
}) {
  return (
    <Menu.Item
      // Mantine names every item "menuitem"; a choice in a group is a "menuitemradio" with its state.
      renderRoot={(props) => <button {...props} role="menuitemradio" aria-checked={checked} />}
      lang={lang}
      closeMenuOnClick={false}
      leftSection={checked ? <IconCheck size={16} /> : <Box w={16} />}
      onClick={onChoose}
    >
      {label}
    </Menu.Item>
  );
}
