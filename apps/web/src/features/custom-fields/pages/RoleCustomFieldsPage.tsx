import { useSearchParams } from "react-router";
import { Select, Stack } from "@mantine/core";
import { parseId } from "../../../lib/params";
import { EmptyState, ErrorState, LoadingState, PageHeader } from "../../../ui";
import { osFamilyLabels } from "../../../lib/os-labels";
import { useDeviceRoles } from "../../device-roles";
import { useCustomFieldDefinitions } from "../api";
import { DefinitionsSection } from "../components/DefinitionsSection";

export function RoleCustomFieldsPage() {
  const [params, setParams] = useSearchParams();
  const roles = useDeviceRoles();
  const definitions = useCustomFieldDefinitions();
  const roleId = parseId(params.get("roleId")) ?? roles.data?.[0]?.id ?? null;
  const role = roles.data?.find((r) => r.id === roleId);

  return (
    <Stack gap="md">
      <PageHeader
        title="Role custom fields"
        description="Fields only devices of one role have (for example a backup window on servers)."
      />
      {roles.isPending || definitions.isPending ? (
        <LoadingState label="Loading role custom fields…" />
      ) : roles.isError ? (
        <ErrorState
          title="Could not load device roles"
          error={roles.error}
          onRetry={() => void roles.refetch()}
        />
      ) : definitions.isError ? (
        <ErrorState
          title="Could not load custom fields"
          error={definitions.error}
          onRetry={() => void definitions.refetch()}
        />
      ) : roles.data.length === 0 ? (
        <EmptyState
          title="No device roles"
          description="Create a device role first; its fields are set here."
        />
      ) : (
        <>
          <Select
            label="Device role"
            w={360}
            searchable
            allowDeselect={false}
            data={roles.data.map((r) => ({
              value: String(r.id),
              label: `${r.name} (${osFamilyLabels[r.osFamily]})`,
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
              emptyTitle={`No custom fields for ${role.name}`}
              emptyDescription="Fields added here show only on devices with this role."
            />
          ) : null}
        </>
      )}
    </Stack>
  );
}
