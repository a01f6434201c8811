import { useEffect, useState } from "react";
import { Button, Group, Kbd, Loader, Text, VisuallyHidden } from "@mantine/core";
import { Spotlight, createSpotlight } from "@mantine/spotlight";
import { IconBuilding, IconCode, IconDevices, IconFileText, IconSearch } from "@tabler/icons-react";
import { useNavigate } from "react-router";
import { useCan } from "../../features/auth";
import { useT } from "../../i18n";
import { useRouteText } from "../../routing";
import { routeRegistry } from "../registry";
import { matchRoutes, paletteRoutes } from "./palette-routes";
import { PALETTE_MIN_QUERY, usePaletteSearch, type PaletteResultGroup } from "./use-palette-search";

/** Pages listed for a typed query; the empty query lists them all. */
const ROUTE_LIMIT = 8;

const groupIcons: Record<PaletteResultGroup["kind"], typeof IconDevices> = {
  devices: IconDevices,
  organizations: IconBuilding,
  scripts: IconCode,
};

function isApplePlatform(): boolean {
  if (typeof navigator === "undefined") return false;
  return /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}

function SectionTitle({ children }: { children: string }) {
  return (
    <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="xs" pb={4}>
      {children}
    </Text>
  );
}

/** The header's search button and the Ctrl/Cmd+K palette: pages, devices, organizations, scripts. */
export function CommandPalette() {
  const [[store, palette]] = useState(() => createSpotlight());
  const [query, setQuery] = useState("");
  const navigate = useNavigate();
  const can = useCan();
  const t = useT();
  const text = useRouteText();
  const apple = isApplePlatform();
  // i18n-exempt: the Mac's command key symbol
  const modifier = apple ? "⌘" : t("shell.palette.ctrl");

  const typed = query.trim();
  const routes = matchRoutes(paletteRoutes(routeRegistry, can, text), typed);
  const shownRoutes = typed ? routes.slice(0, ROUTE_LIMIT) : routes;
  const groups = usePaletteSearch(query);
  const searching = groups.some((group) => group.loading);
  const found = shownRoutes.length + groups.reduce((sum, group) => sum + group.items.length, 0);

  const go = (to: string) => void navigate(to);

  // Search results arrive after the query's own selection pass: when nothing is selected then,
  // the first result is, so Enter opens it.
  const resultKeys = groups.flatMap((group) => group.items.map((item) => item.key)).join(",");
  useEffect(() => {
    const { listId } = store.getState();
    const list = listId ? document.getElementById(listId) : null;
    if (!list || list.querySelector("[data-selected]")) return;
    const first = list.querySelector("[data-action]");
    if (!first) return;
    first.setAttribute("data-selected", "true");
    store.updateState((state) => ({ ...state, selected: 0 }));
  }, [resultKeys, store]);

  return (
    <>
      <Button
        variant="default"
        onClick={palette.open}
        leftSection={<IconSearch size={16} />}
        rightSection={
          <Kbd size="xs" aria-hidden>
            {/* i18n-exempt: keyboard keys */}
            {`${modifier} K`}
          </Kbd>
        }
        aria-keyshortcuts={apple ? "Meta+K" : "Control+K"}
      >
        {/* Named by its text (an aria-label would not contain the visible "Search" as shown). */}
        {t("shell.palette.search")}{" "}
        <VisuallyHidden>{t("shell.palette.shortcut", { key: modifier })}</VisuallyHidden>
      </Button>
      <Spotlight.Root
        store={store}
        query={query}
        onQueryChange={setQuery}
        // Every opening starts from an empty query (the exit transition does not always run).
        onSpotlightOpen={() => setQuery("")}
        shortcut="mod + K"
        // The shortcut works while a form field has focus too: it never types anything there.
        tagsToIgnore={[]}
      >
        <Spotlight.Search
          placeholder={t("shell.palette.placeholder")}
          aria-label={t("shell.palette.label")}
          leftSection={<IconSearch size={18} />}
          rightSection={searching ? <Loader size="xs" aria-label={t("shell.palette.searching")} /> : null}
        />
        {/* Grows with its results, then scrolls. */}
        <Spotlight.ActionsList mah={400}>
          {shownRoutes.length > 0 ? (
            <div role="group" aria-label={t("shell.palette.pages")}>
              <SectionTitle>{t("shell.palette.pages")}</SectionTitle>
              {shownRoutes.map((route) => {
                const Icon = route.icon ?? IconFileText;
                return (
                  <Spotlight.Action
                    key={route.to}
                    label={route.title}
                    description={route.area || undefined}
                    leftSection={<Icon size={18} stroke={1.6} />}
                    onClick={() => go(route.to)}
                  />
                );
              })}
            </div>
          ) : null}
          {groups
            .filter((group) => group.items.length > 0 || group.failed)
            .map((group) => {
              const Icon = groupIcons[group.kind];
              return (
                <div role="group" aria-label={group.title} key={group.kind}>
                  <SectionTitle>{group.title}</SectionTitle>
                  {group.failed ? (
                    <Text size="sm" c="red" px="sm" pb="xs">
                      {t("shell.palette.searchFailed", { kind: group.kind })}
                    </Text>
                  ) : null}
                  {group.items.map((item) => (
                    <Spotlight.Action
                      key={item.key}
                      label={item.label}
                      description={item.description || undefined}
                      leftSection={<Icon size={18} stroke={1.6} />}
                      onClick={() => go(item.to)}
                    />
                  ))}
                </div>
              );
            })}
          {found === 0 && !searching ? (
            <Spotlight.Empty>
              {typed.length > 0 && typed.length < PALETTE_MIN_QUERY
                ? t("shell.palette.tooShort")
                : t("shell.palette.nothingFound")}
            </Spotlight.Empty>
          ) : null}
        </Spotlight.ActionsList>
        <Group
          px="md"
          py={6}
          gap="md"
          c="dimmed"
          fz="xs"
          style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
        >
          <span>
            {t.rich("shell.palette.move", {
              up: <Kbd size="xs">↑</Kbd>,
              down: <Kbd size="xs">↓</Kbd>,
            })}
          </span>
          <span>
            {t.rich("shell.palette.open", { key: <Kbd size="xs">{t("shell.palette.enterKey")}</Kbd> })}
          </span>
          <span>
            {t.rich("shell.palette.close", { key: <Kbd size="xs">{t("shell.palette.escKey")}</Kbd> })}
          </span>
        </Group>
      </Spotlight.Root>
    </>
  );
}
