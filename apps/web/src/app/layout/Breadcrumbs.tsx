import { Anchor, Breadcrumbs as MantineBreadcrumbs, Text } from "@mantine/core";
import { Link, useParams } from "react-router";
import { useT } from "../../i18n";
import { buildPath, useRouteText, type RouteEntry } from "../../routing";
import { entryTrail } from "../registry";

interface BreadcrumbsProps {
  entry: RouteEntry;
  /** A page-provided title (an organization's name) for the last item. */
  title: string | null;
}

export function Breadcrumbs({ entry, title }: BreadcrumbsProps) {
  const params = useParams();
  const t = useT();
  const text = useRouteText();
  const trail = entryTrail(entry);
  const root = trail[0]?.section;
  const items = trail.map((crumb, index) => {
    const last = index === trail.length - 1;
    const label = last ? (title ?? text(crumb.title)) : text(crumb.title);
    const href = last ? null : buildPath(crumb.path, params as Record<string, string>);
    return href ? (
      <Anchor key={crumb.path} component={Link} to={href} size="sm">
        {label}
      </Anchor>
    ) : (
      <Text
        key={crumb.path}
        size="sm"
        c={last ? undefined : "dimmed"}
        aria-current={last ? "page" : undefined}
      >
        {label}
      </Text>
    );
  });
  return (
    <nav aria-label={t("shell.frame.breadcrumbs")}>
      <MantineBreadcrumbs separatorMargin={6}>
        {root ? (
          <Text size="sm" c="dimmed">
            {text(root)}
          </Text>
        ) : null}
        {items}
      </MantineBreadcrumbs>
    </nav>
  );
}
