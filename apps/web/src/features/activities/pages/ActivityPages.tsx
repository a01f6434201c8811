import { Stack } from "@mantine/core";
import { useLocation, useNavigate, useParams } from "react-router";
import { useT } from "../../../i18n";
import { parseId, parsePage } from "../../../lib/params";
import { EmptyState, PageHeader } from "../../../ui";
import { ActivitiesView } from "../components/ActivitiesView";
import { PendingJobsView } from "../components/PendingJobsView";
import type { ActivityScope } from "../api";

/** Paging keeps the filters in the query string. */
function usePager(base: string) {
  const navigate = useNavigate();
  const { search } = useLocation();
  return (page: number) => void navigate({ pathname: `${base}/${page}`, search });
}

export function SystemActivitiesPage() {
  const t = useT();
  const page = parsePage(useParams().page);
  const onPage = usePager("/systemDashboard/activities");
  return (
    <Stack gap="md">
      <PageHeader
        title={t("activities.routes.activities")}
        description={t("activities.pages.systemDescription")}
      />
      <ActivitiesView scope={{ scope: "system" }} page={page} onPage={onPage} />
    </Stack>
  );
}

export function CustomerActivitiesPage() {
  const t = useT();
  const params = useParams();
  const id = parseId(params.id);
  const onPage = usePager(`/customerDashboard/${params.id ?? ""}/activities`);
  if (id === null) return <EmptyState title={t("activities.pages.organizationMissing")} />;
  return (
    <Stack gap="md">
      <PageHeader
        title={t("activities.routes.activities")}
        description={t("activities.pages.organizationDescription")}
      />
      <ActivitiesView scope={{ scope: "organization", id }} page={parsePage(params.page)} onPage={onPage} />
    </Stack>
  );
}

export function SystemPendingScriptsPage() {
  const t = useT();
  return (
    <Stack gap="md">
      <PageHeader
        title={t("activities.routes.pendingScripts")}
        description={t("activities.pages.systemPendingDescription")}
      />
      <PendingJobsView organizationId={null} />
    </Stack>
  );
}

export function CustomerPendingScriptsPage() {
  const t = useT();
  const id = parseId(useParams().id);
  if (id === null) return <EmptyState title={t("activities.pages.organizationMissing")} />;
  return (
    <Stack gap="md">
      <PageHeader
        title={t("activities.routes.pendingScripts")}
        description={t("activities.pages.organizationPendingDescription")}
      />
      <PendingJobsView organizationId={id} />
    </Stack>
  );
}

export type { ActivityScope };
