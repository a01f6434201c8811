import { NavLink as MantineNavLink, ScrollArea, Stack, Text } from "@mantine/core";
import { Link, useLocation } from "react-router";
import { navTarget, useRouteText, type RouteEntry, type NavSectionId } from "../../routing";
import { useCan } from "../../features/auth";
import { useT, type MessageKey } from "../../i18n";
import { entryTrail, routeRegistry } from "../registry";

const sections: Array<{ id: NavSectionId; label: MessageKey | null }> = [
  { id: "main", label: null },
  { id: "administration", label: "shell.sections.administration" },
];

/** "/administration/users/technicians" → "/administration/users"; "/systemDashboard/overview" → "/systemDashboard". */
function areaPrefix(path: string): string {
  const segments = path.split("/").filter(Boolean);
  return `/${segments.slice(0, segments[0] === "administration" ? 2 : 1).join("/")}`;
}

/**
 * The one sidebar item to highlight: the current page or one of its breadcrumb ancestors;
 * otherwise the first item of the same area ("/systemDashboard/threats/1" → Dashboard).
 */
export function activeNavPath(
  items: RouteEntry[],
  pathname: string,
  current: RouteEntry | undefined,
): string | null {
  const trail = current ? entryTrail(current).map((e) => e.path) : [];
  for (let i = trail.length - 1; i >= 0; i--) {
    const hit = items.find((item) => item.path === trail[i]);
    if (hit) return hit.path;
  }
  const sameArea = items.find((item) => {
    const prefix = areaPrefix(navTarget(item));
    return pathname === prefix || pathname.startsWith(`${prefix}/`);
  });
  return sameArea?.path ?? null;
}

export function Sidebar({ current }: { current: RouteEntry | undefined }) {
  const { pathname } = useLocation();
  const can = useCan();
  const t = useT();
  const text = useRouteText();
  const entries = routeRegistry
    .filter((entry) => entry.nav && can(entry.access))
    .sort((a, b) => (a.nav?.order ?? 0) - (b.nav?.order ?? 0));
  const active = activeNavPath(entries, pathname, current);
  return (
    <ScrollArea h="100%" type="auto">
      <nav aria-label={t("shell.frame.mainNavigation")}>
        <Stack gap="md" p="sm">
          {sections.map((section) => {
            const items = entries.filter((entry) => entry.nav?.section === section.id);
            if (items.length === 0) return null;
            return (
              <Stack gap={2} key={section.id}>
                {section.label ? (
                  <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pb={4}>
                    {t(section.label)}
                  </Text>
                ) : null}
                {items.map((entry) => {
                  const Icon = entry.nav?.icon;
                  return (
                    <MantineNavLink
                      key={entry.path}
                      component={Link}
                      to={navTarget(entry)}
                      label={text(entry.nav?.label ?? entry.title)}
                      leftSection={Icon ? <Icon size={18} stroke={1.6} /> : null}
                      active={entry.path === active}
                      variant="light"
                    />
                  );
                })}
              </Stack>
            );
          })}
        </Stack>
      </nav>
    </ScrollArea>
  );
}
