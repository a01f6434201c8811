import { Stack } from "@mantine/core";
import { useLocation, useNavigate, useParams } from "react-router";
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
  const page = parsePage(useParams().page);
  const onPage = usePager("/systemDashboard/activities");
  return (
    <Stack gap="md">
      <PageHeader
        title="Activities"
        description="Everything that happened on your devices: scripts and jobs, enrollment, presence and inventory changes."
      />
      <ActivitiesView scope={{ scope: "system" }} page={page} onPage={onPage} />
    </Stack>
  );
}

export function CustomerActivitiesPage() {
  const params = useParams();
  const id = parseId(params.id);
  const onPage = usePager(`/customerDashboard/${params.id ?? ""}/activities`);
  if (id === null) return <EmptyState title="This organization does not exist" />;
  return (
    <Stack gap="md">
      <PageHeader title="Activities" description="Scripts, jobs and device events of this organization." />
      <ActivitiesView scope={{ scope: "organization", id }} page={parsePage(params.page)} onPage={onPage} />
    </Stack>
  );
}

export function SystemPendingScriptsPage() {
  return (
    <Stack gap="md">
      <PageHeader
        title="Pending scripts"
        description="Scripts that have not finished: queued for offline devices, sent, or running."
      />
      <PendingJobsView organizationId={null} />
    </Stack>
  );
}

export function CustomerPendingScriptsPage() {
  const id = parseId(useParams().id);
  if (id === null) return <EmptyState title="This organization does not exist" />;
  return (
    <Stack gap="md">
      <PageHeader
        title="Pending scripts"
        description="Scripts of this organization's devices that have not finished."
      />
      <PendingJobsView organizationId={id} />
    </Stack>
  );
}

export type { ActivityScope };
