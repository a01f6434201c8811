import { Navigate, useParams } from "react-router";
import { Group, Stack } from "@mantine/core";
import { isApiError } from "../../../api";
import { EmptyState, ErrorState, LoadingState, PageHeader } from "../../../ui";
import { usePageTitle } from "../../../routing";
import { useCan, useCurrentUser } from "../../auth";
import { useTechnician } from "../api";
import { RoleBadge, TechnicianStatusBadge } from "../components/TechnicianBadges";
import { TechnicianForm } from "../components/TechnicianForm";

/** /editor/user/:id/* — edits a technician (the "general" section). */
export function TechnicianEditorPage() {
  const params = useParams();
  const id = Number(params.id);
  const section = params["*"] ?? "";
  if (!Number.isSafeInteger(id) || id <= 0) return <EmptyState title="This technician does not exist" />;
  if (section === "") return <Navigate to={`/editor/user/${id}/general`} replace />;
  if (section !== "general") return <EmptyState title="This page does not exist" />;
  return <TechnicianEditor id={id} />;
}

function TechnicianEditor({ id }: { id: number }) {
  const query = useTechnician(id);
  const can = useCan();
  const me = useCurrentUser();
  usePageTitle(query.data ? `${query.data.firstName} ${query.data.lastName}` : null);

  if (query.isPending) return <LoadingState label="Loading technician…" />;
  if (query.isError) {
    if (isApiError(query.error, "E_USER_NOT_FOUND") || isApiError(query.error, "E_NOT_FOUND")) {
      return <EmptyState title="This technician does not exist" description="They may have been deleted." />;
    }
    return (
      <ErrorState
        title="Could not load the technician"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const technician = query.data;
  const self = technician.id === me?.id;
  return (
    <Stack gap="md">
      <PageHeader
        title={`${technician.firstName} ${technician.lastName}`}
        description={
          <Group gap="xs" component="span">
            {technician.email}
            <RoleBadge isSystemAdmin={technician.isSystemAdmin} />
            <TechnicianStatusBadge status={technician.status} />
          </Group>
        }
      />
      <TechnicianForm technician={technician} canEdit={can("technicians.manage")} isSelf={self} />
    </Stack>
  );
}
