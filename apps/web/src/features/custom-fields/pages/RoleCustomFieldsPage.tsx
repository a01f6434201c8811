import { useSearchParams } from "react-router";
import { Select, Stack } from "@mantine/core";
import { parseId } from "../../../lib/params";
import { EmptyState, ErrorState, LoadingState, PageHeader } from "../../../ui";
import { useT } from "../../../i18n";
import { useDeviceRoles } from "../../device-roles";
import { osFamilyText } from "../../../lib/os-labels";
import { useCustomFieldDefinitions } from "../api";
import { DefinitionsSection } from "../components/DefinitionsSection";

export function RoleCustomFieldsPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const roles = useDeviceRoles();
  const definitions = useCustomFieldDefinitions();
  const roleId = parseId(params.get("roleId")) ?? roles.data?.[0]?.id ?? null;
  const role = roles.data?.find((r) => r.id === roleId);

  return (
    <Stack gap="md">
      <PageHeader title={t("customFields.routes.role")} description={t("customFields.role.description")} />
      {roles.isPending || definitions.isPending ? (
        <LoadingState label={t("customFields.role.loading")} />
      ) : roles.isError ? (
        <ErrorState
          title={t("customFields.role.rolesLoadError")}
          error={roles.error}
          onRetry={() => void roles.refetch()}
        />
      ) : definitions.isError ? (
        <ErrorState
          title={t("customFields.definitions.loadError")}
          error={definitions.error}
          onRetry={() => void definitions.refetch()}
        />
      ) : roles.data.length === 0 ? (
        <EmptyState
          title={t("customFields.role.noRolesTitle")}
          description={t("customFields.role.noRolesDescription")}
        />
      ) : (
        <>
          <Select
            label={t("customFields.role.roleLabel")}
            w={360}
            searchable
            allowDeselect={false}
            data={roles.data.map((r) => ({
              value: String(r.id),
              label: t("customFields.role.roleOption", { name: r.name, os: t(osFamilyText[r.osFamily]) }),
            }))}
            value={roleId ? String(roleId) : null}
            onChange={(value) => setParams(value ? { roleId: value } : {}, { replace: true })}
          />
          {role ? (
            <DefinitionsSection
              key={role.id}
              fields={definitions.data.roleCustomFields.filter((f) => f.roleId === role.id)}
              scope="ROLE"
              roleId={role.id}
              emptyTitle={t("customFields.role.emptyTitle", { role: role.name })}
              emptyDescription={t("customFields.role.emptyDescription")}
            />
          ) : null}
        </>
      )}
    </Stack>
  );
}
