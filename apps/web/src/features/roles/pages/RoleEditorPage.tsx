import { Navigate, useNavigate, useParams } from "react-router";
import { Badge, Button, Group, Stack, Text } from "@mantine/core";
import { IconCopy } from "@tabler/icons-react";
import type { TechnicianRole } from "@steward/contracts";
import { isApiError } from "../../../api";
import { useT } from "../../../i18n";
import { EmptyState, ErrorState, LoadingState, PageHeader } from "../../../ui";
import { usePageTitle } from "../../../routing";
import { RoleFactorRequirements, useCan } from "../../auth";
import { useTechnicianRole } from "../api";
import { useCopyRoleAndOpen } from "../components/use-copy-role";
import { RoleForm } from "../components/RoleForm";
import { roleEditorPath } from "../paths";

/** /editor/role/:id/* — creates ("new") or edits a technician role; built-in roles open read-only. */
export function RoleEditorPage() {
  const t = useT();
  const params = useParams();
  const section = params["*"] ?? "";
  if (params.id === "new") {
    if (section !== "general") return <Navigate to={roleEditorPath("new")} replace />;
    return <NewRole />;
  }
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) return <EmptyState title={t("roles.editor.notFound")} />;
  if (section !== "general") return <Navigate to={roleEditorPath(id)} replace />;
  return <ExistingRole id={id} />;
}

function NewRole() {
  const t = useT();
  const navigate = useNavigate();
  const can = useCan();
  usePageTitle(t("roles.editor.newTitle"));
  if (!can("technicians.manage"))
    return <EmptyState title={t("roles.editor.cannotCreate")} description={t("roles.editor.askForAccess")} />;
  return (
    <Stack gap="md">
      <PageHeader title={t("roles.editor.newHeading")} description={t("roles.editor.newDescription")} />
      <RoleForm
        role={null}
        readOnly={false}
        onSaved={(role) => void navigate(roleEditorPath(role.id), { replace: true })}
      />
    </Stack>
  );
}

function ExistingRole({ id }: { id: number }) {
  const t = useT();
  const query = useTechnicianRole(id);
  const can = useCan();
  const { copyRole, pendingId } = useCopyRoleAndOpen();
  usePageTitle(query.data?.name ?? null);

  if (query.isPending) return <LoadingState label={t("roles.editor.loading")} />;
  if (query.isError) {
    if (isApiError(query.error, "E_ROLE_NOT_FOUND"))
      return <EmptyState title={t("roles.editor.notFound")} description={t("roles.editor.notFoundHint")} />;
    return (
      <ErrorState
        title={t("roles.editor.loadError")}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const role: TechnicianRole = query.data;
  const canManage = can("technicians.manage");

  return (
    <Stack gap="md">
      <PageHeader
        title={role.name}
        description={
          <Group gap="xs" component="span">
            <Text span size="sm">
              {t("roles.editor.heldBy", { count: role.holderCount })}
            </Text>
            {role.builtIn ? (
              <Badge component="span" size="sm" variant="light" color="gray">
                {t("roles.editor.builtIn")}
              </Badge>
            ) : null}
          </Group>
        }
        actions={
          canManage ? (
            <Button
              variant="default"
              leftSection={<IconCopy size={16} />}
              loading={pendingId === role.id}
              onClick={() => copyRole(role.id)}
            >
              {t("common.actions.copy")}
            </Button>
          ) : null
        }
      />
      {role.builtIn ? (
        <Text size="sm" c="dimmed">
          {t("roles.editor.builtInHint")}
        </Text>
      ) : null}
      {/* Remount on a new saved version so the draft starts from it. */}
      <RoleForm key={role.updatedAt} role={role} readOnly={role.builtIn || !canManage} />
      <RoleFactorRequirements roleId={role.id} readOnly={role.builtIn || !canManage} />
    </Stack>
  );
}
