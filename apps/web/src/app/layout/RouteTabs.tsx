import type { ReactNode } from "react";
import { Tabs } from "@mantine/core";
import { useNavigate, useParams } from "react-router";
import { useT } from "../../i18n";
import { buildPath, useRouteText, type RouteEntry } from "../../routing";
import { useCan } from "../../features/auth";
import { tabsOf } from "../registry";

const TABS_ID = "route-tabs";
const PANEL_ID = "route-tab-panel";
const tabId = (path: string) => `${TABS_ID}-tab-${path}`;

/**
 * The page under the tabs is the panel every tab controls: it is labelled by the current tab
 * (assistive technology announces the tab, and the tabs' aria-controls point at a real element).
 */
export function RouteTabPanel({ entry, children }: { entry: RouteEntry | undefined; children: ReactNode }) {
  if (!entry?.tab) return <>{children}</>;
  return (
    <div id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(entry.path)}>
      {children}
    </div>
  );
}

/** The sibling pages of a dashboard, as tabs (from the registry's tab entries). */
export function RouteTabs({ entry }: { entry: RouteEntry }) {
  const navigate = useNavigate();
  const params = useParams() as Record<string, string>;
  const can = useCan();
  const t = useT();
  const text = useRouteText();
  if (!entry.tab) return null;
  const tabs = tabsOf(entry.tab.group)
    .filter((tab) => can(tab.access))
    .map((tab) => ({ entry: tab, href: buildPath(tab.tab?.to ?? tab.path, params) }))
    .filter((tab): tab is { entry: RouteEntry; href: string } => tab.href !== null);
  return (
    <Tabs
      id={TABS_ID}
      value={entry.path}
      onChange={(value) => {
        const target = tabs.find((tab) => tab.entry.path === value);
        if (target) void navigate(target.href);
      }}
      variant="pills"
      radius="xl"
      styles={{ tab: { paddingInline: 12, paddingBlock: 6, whiteSpace: "nowrap" } }}
    >
      <Tabs.List aria-label={t("shell.frame.dashboardSections")} style={{ rowGap: 4, columnGap: 4 }}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.entry.path} value={tab.entry.path} aria-controls={PANEL_ID}>
            {text(tab.entry.tab?.label ?? tab.entry.title)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
