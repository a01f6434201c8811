import { Navigate, useParams } from "react-router";
import { Group, Stack } from "@mantine/core";
import { isApiError } from "../../../api";
import { useT } from "../../../i18n";
import { EmptyState, ErrorState, LoadingState, PageHeader } from "../../../ui";
import { usePageTitle } from "../../../routing";
import { ResetFactorsButton, useCan, useCurrentUser } from "../../auth";
import { useTechnician } from "../api";
import { RoleBadge, TechnicianStatusBadge } from "../components/TechnicianBadges";
import { TechnicianForm } from "../components/TechnicianForm";

/** /editor/user/:id/* — edits a technician (the "general" section). */
export function TechnicianEditorPage() {
  const t = useT();
  const params = useParams();
  const id = Number(params.id);
  const section = params["*"] ?? "";
  if (!Number.isSafeInteger(id) || id <= 0) return <EmptyState title={t("technicians.editor.notFound")} />;
  if (section === "") return <Navigate to={`/editor/user/${id}/general`} replace />;
  if (section !== "general") return <EmptyState title={t("technicians.editor.noSuchPage")} />;
  return <TechnicianEditor id={id} />;
}

function TechnicianEditor({ id }: { id: number }) {
  const t = useT();
  const query = useTechnician(id);
  const can = useCan();
  const me = useCurrentUser();
  usePageTitle(query.data ? `${query.data.firstName} ${query.data.lastName}` : null);

  if (query.isPending) return <LoadingState label={t("technicians.editor.loading")} />;
  if (query.isError) {
    if (isApiError(query.error, "E_USER_NOT_FOUND") || isApiError(query.error, "E_NOT_FOUND")) {
      return (
        <EmptyState
          title={t("technicians.editor.notFound")}
          description={t("technicians.editor.notFoundHint")}
        />
      );
    }
    return (
      <ErrorState
        title={t("technicians.editor.loadError")}
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
        // i18n-exempt: the technician's name as entered
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
      {can("technicians.manage") && !self ? (
        <ResetFactorsButton userId={technician.id} name={`${technician.firstName} ${technician.lastName}`} />
      ) : null}
    </Stack>
  );
}
