import { useState } from "react";
import {
  Checkbox,
  Fieldset,
  MultiSelect,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { z } from "zod";
import {
  createTechnicianRoleRequest,
  isOrganizationPermission,
  permissionGroups,
  type CreateTechnicianRoleRequest,
  type Permission,
  type TechnicianRole,
} from "@steward/contracts";
import { describeError, isApiError } from "../../../api";
import { useT } from "../../../i18n";
import { applyServerErrors, useContractForm } from "../../../lib/forms";
import { FormCard, FormError, SaveBar } from "../../../ui";
import { useOrganizationOptions } from "../../organizations";
import { useCreateTechnicianRole, useUpdateTechnicianRole } from "../api";
import { permissionAreaLabels, permissionLabels } from "../permission-labels";

interface RoleFormProps {
  /** null: a new role. */
  role: TechnicianRole | null;
  /** Built-in templates and readers without technicians.manage see the role without changing it. */
  readOnly: boolean;
  /** After a save (the new role for a create). */
  onSaved?: (role: TechnicianRole) => void;
}

type RoleValues = {
  name: string;
  description: string;
  permissions: Permission[];
  scope: "all" | "selected";
  organizationIds: string[];
};

function valuesOf(role: TechnicianRole | null): RoleValues {
  return {
    name: role?.name ?? "",
    description: role?.description ?? "",
    permissions: role?.permissions ?? [],
    scope: role && !role.allOrganizations ? "selected" : "all",
    organizationIds: (role?.organizations ?? []).map((o) => String(o.id)),
  };
}

/** The form's values as the create request: all organizations, or the chosen ones. */
function toRequest(values: RoleValues): CreateTechnicianRoleRequest {
  return {
    name: values.name,
    description: values.description,
    permissions: values.permissions,
    allOrganizations: values.scope === "all",
    organizationIds: values.scope === "all" ? [] : values.organizationIds.map(Number),
  };
}

const roleSchema = z.preprocess((values) => toRequest(values as RoleValues), createTechnicianRoleRequest);

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/** The role editor's form: name, description, permissions by area, organization scope. */
export function RoleForm({ role, readOnly, onSaved }: RoleFormProps) {
  const t = useT();
  const saved = valuesOf(role);
  const form = useContractForm<RoleValues>(roleSchema, { initialValues: saved });
  const [submitError, setSubmitError] = useState<string | null>(null);
  const organizations = useOrganizationOptions();
  const create = useCreateTechnicianRole();
  const update = useUpdateTechnicianRole(role?.id ?? 0);
  const saving = create.isPending || update.isPending;
  const draft = form.getValues();

  // Permissions and organizations are sets: the same ones picked in another order change nothing.
  const scopeChanged =
    draft.scope !== saved.scope ||
    (draft.scope === "selected" && !sameSet(draft.organizationIds, saved.organizationIds));
  const dirty =
    draft.name !== saved.name ||
    draft.description !== saved.description ||
    !sameSet(draft.permissions, saved.permissions) ||
    scopeChanged;

  const organizationData = [
    ...(organizations.data ?? []).map((o) => ({ value: String(o.id), label: o.name })),
    ...(role?.organizations ?? [])
      .filter((o) => !(organizations.data ?? []).some((known) => known.id === o.id))
      .map((o) => ({ value: String(o.id), label: o.name })),
  ];

  const handleSubmit = async (values: RoleValues) => {
    if (readOnly) return;
    const request = createTechnicianRoleRequest.parse(toRequest(values));
    setSubmitError(null);
    try {
      let savedRole: TechnicianRole;
      if (role === null) {
        savedRole = await create.mutateAsync(request);
      } else {
        // Only what changed: organizations this editor cannot see stay on the role untouched.
        savedRole = await update.mutateAsync({
          ...(values.name !== saved.name ? { name: request.name } : {}),
          ...(values.description !== saved.description ? { description: request.description } : {}),
          ...(!sameSet(values.permissions, saved.permissions) ? { permissions: request.permissions } : {}),
          ...(scopeChanged
            ? { allOrganizations: request.allOrganizations, organizationIds: request.organizationIds }
            : {}),
        });
      }
      notifications.show({ color: "teal", message: t("roles.form.saved", { name: savedRole.name }) });
      onSaved?.(savedRole);
    } catch (error) {
      if (isApiError(error, "E_ROLE_NAME_TAKEN")) form.setFieldError("name", t("roles.form.nameTaken"));
      else if (isApiError(error, "E_ORGANIZATION_NOT_FOUND"))
        form.setFieldError("organizationIds", t("roles.form.organizationGone"));
      else applyServerErrors(form, error);
      setSubmitError(describeError(error));
    }
  };

  const togglePermission = (permission: Permission, checked: boolean) =>
    form.setFieldValue(
      "permissions",
      checked ? [...draft.permissions, permission] : draft.permissions.filter((p) => p !== permission),
    );

  const permissionsError = form.errors.permissions;
  return (
    <FormCard onSubmit={form.onSubmit((values) => void handleSubmit(values))}>
      <TextInput
        label={t("common.fields.name")}
        withAsterisk={!readOnly}
        readOnly={readOnly}
        {...form.getInputProps("name")}
      />
      <Textarea
        label={t("common.fields.description")}
        autosize
        minRows={2}
        readOnly={readOnly}
        {...form.getInputProps("description")}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t("roles.form.permissions")}
        </Text>
        {permissionsError ? (
          <Text size="xs" c="red" role="alert">
            {permissionsError}
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          {permissionGroups.map((group) => {
            const area = permissionAreaLabels[group.area];
            return (
              <Fieldset key={group.area} legend={area ? t(area) : group.area} variant="filled" p="sm">
                <Stack gap={6}>
                  {group.permissions.map((permission) => (
                    <Checkbox
                      key={permission}
                      size="sm"
                      label={t(permissionLabels[permission])}
                      description={
                        isOrganizationPermission(permission) ? undefined : t("roles.form.notLimited")
                      }
                      checked={draft.permissions.includes(permission)}
                      disabled={readOnly}
                      onChange={(event) => togglePermission(permission, event.currentTarget.checked)}
                    />
                  ))}
                </Stack>
              </Fieldset>
            );
          })}
        </SimpleGrid>
      </Stack>
      <Radio.Group
        label={t("roles.form.organizations")}
        description={t("roles.form.organizationsHelp")}
        value={draft.scope}
        onChange={(value) => {
          form.setFieldValue("scope", value === "selected" ? "selected" : "all");
          form.clearFieldError("organizationIds");
        }}
      >
        <Stack gap={6} mt={6}>
          <Radio value="all" label={t("roles.form.allOrganizations")} disabled={readOnly} />
          <Radio value="selected" label={t("roles.form.selectedOrganizations")} disabled={readOnly} />
        </Stack>
      </Radio.Group>
      {draft.scope === "selected" ? (
        <MultiSelect
          label={t("roles.form.selectedOrganizations")}
          placeholder={readOnly ? undefined : t("roles.form.chooseOrganizations")}
          data={organizationData}
          {...form.getInputProps("organizationIds")}
          searchable
          clearable={!readOnly}
          readOnly={readOnly}
          nothingFoundMessage={
            organizations.isPending ? t("common.states.loading") : t("roles.form.noOrganization")
          }
          description={
            role && role.hiddenOrganizationCount > 0
              ? t("roles.form.hiddenOrganizations", { count: role.hiddenOrganizationCount })
              : undefined
          }
        />
      ) : null}
      <FormError message={submitError} />
      {readOnly ? null : (
        <SaveBar
          dirty={dirty || role === null}
          saving={saving}
          onDiscard={() => {
            form.reset();
            setSubmitError(null);
          }}
        />
      )}
    </FormCard>
  );
}
