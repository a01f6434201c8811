import { Suspense, useState } from "react";
import { AppShell, Group, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconShieldLock } from "@tabler/icons-react";
import { Link, Outlet } from "react-router";
import { MIN_LAYOUT_WIDTH_PX } from "@steward/domain";
import type { SessionUser } from "@steward/contracts";
import { useT } from "../../i18n";
import { PageTitleContext, useCurrentEntry, useRouteText } from "../../routing";
import { LoadingState } from "../../ui";
import { CommandPalette } from "../palette/CommandPalette";
import { Breadcrumbs } from "./Breadcrumbs";
import { RouteTabPanel, RouteTabs } from "./RouteTabs";
import { Sidebar } from "./Sidebar";
import { UserMenu } from "./UserMenu";
import { useDocumentTitle } from "./use-document-title";

const MAIN_ID = "main-content";

/** Header, sidebar, breadcrumbs and tabs around every signed-in page (the layout is laid out for at least 1024 px). */
export function AppShellLayout({ user }: { user: SessionUser }) {
  const t = useT();
  const text = useRouteText();
  const entry = useCurrentEntry();
  const [pageTitle, setPageTitle] = useState<string | null>(null);
  useDocumentTitle(pageTitle ?? (entry ? text(entry.title) : null));

  return (
    <PageTitleContext.Provider value={setPageTitle}>
      {/* The first stop of the Tab key: past the header and the sidebar, straight to the page. */}
      <a
        href={`#${MAIN_ID}`}
        className="skip-link"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
      >
        {t("shell.frame.skipToContent")}
      </a>
      <AppShell
        header={{ height: 56 }}
        navbar={{ width: 232, breakpoint: 0 }}
        padding="lg"
        style={{ minWidth: MIN_LAYOUT_WIDTH_PX }}
        data-testid="app-shell"
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Link
              to="/"
              style={{ textDecoration: "none", color: "inherit" }}
              aria-label={t("shell.frame.home")}
            >
              <Group gap="xs">
                <ThemeIcon size={30} radius="md">
                  <IconShieldLock size={18} />
                </ThemeIcon>
                <Text fw={800} fz="lg">
                  {/* i18n-exempt: product name */}
                  Steward
                </Text>
              </Group>
            </Link>
            <Group gap="md" wrap="nowrap">
              <CommandPalette />
              <UserMenu user={user} />
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar>
          <Sidebar current={entry} />
        </AppShell.Navbar>
        <AppShell.Main id={MAIN_ID} tabIndex={-1} style={{ outline: "none" }}>
          <Stack gap="md">
            {entry ? <Breadcrumbs entry={entry} title={pageTitle} /> : null}
            {entry?.tab ? <RouteTabs entry={entry} /> : null}
            <RouteTabPanel entry={entry}>
              <Suspense fallback={<LoadingState />}>
                <Outlet />
              </Suspense>
            </RouteTabPanel>
          </Stack>
        </AppShell.Main>
      </AppShell>
    </PageTitleContext.Provider>
  );
}
