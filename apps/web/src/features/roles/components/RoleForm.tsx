import { useState, type FormEvent } from "react";
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
import {
  createTechnicianRoleRequest,
  isOrganizationPermission,
  permissionGroups,
  type CreateTechnicianRoleRequest,
  type Permission,
  type TechnicianRole,
} from "@steward/contracts";
import { describeError, isApiError } from "../../../api";
import { clearError, serverFieldErrors, validateWith, type FieldErrors } from "../../../lib/forms";
import { FormCard, FormError, SaveBar } from "../../../ui";
import { useOrganizationOptions } from "../../organizations";
import { useCreateTechnicianRole, useUpdateTechnicianRole } from "../api";
import { permissionLabels } from "../permission-labels";

interface RoleFormProps {
  /** null: a new role. */
  role: TechnicianRole | null;
  /** Built-in templates and readers without technicians.manage see the role without changing it. */
  readOnly: boolean;
  /** After a save (the new role for a create). */
  onSaved?: (role: TechnicianRole) => void;
}

interface Draft {
  name: string;
  description: string;
  permissions: Permission[];
  scope: "all" | "selected";
  organizationIds: string[];
}

function draftOf(role: TechnicianRole | null): Draft {
  return {
    name: role?.name ?? "",
    description: role?.description ?? "",
    permissions: role?.permissions ?? [],
    scope: role && !role.allOrganizations ? "selected" : "all",
    organizationIds: (role?.organizations ?? []).map((o) => String(o.id)),
  };
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/** The role editor's form: name, description, permissions by area, organization scope. */
export function RoleForm({ role, readOnly, onSaved }: RoleFormProps) {
  const saved = draftOf(role);
  const [draft, setDraft] = useState<Draft>(saved);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const organizations = useOrganizationOptions();
  const create = useCreateTechnicianRole();
  const update = useUpdateTechnicianRole(role?.id ?? 0);
  const saving = create.isPending || update.isPending;

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

  const change = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((current) => clearError(current, key === "scope" ? "organizationIds" : key));
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (readOnly) return;
    const values: CreateTechnicianRoleRequest = {
      name: draft.name,
      description: draft.description,
      permissions: draft.permissions,
      allOrganizations: draft.scope === "all",
      organizationIds: draft.scope === "all" ? [] : draft.organizationIds.map(Number),
    };
    const result = validateWith(createTechnicianRoleRequest, values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setSubmitError(null);
    try {
      let savedRole: TechnicianRole;
      if (role === null) {
        savedRole = await create.mutateAsync(result.data);
      } else {
        // Only what changed: organizations this editor cannot see stay on the role untouched.
        savedRole = await update.mutateAsync({
          ...(draft.name !== saved.name ? { name: result.data.name } : {}),
          ...(draft.description !== saved.description ? { description: result.data.description } : {}),
          ...(!sameSet(draft.permissions, saved.permissions) ? { permissions: result.data.permissions } : {}),
          ...(scopeChanged
            ? { allOrganizations: result.data.allOrganizations, organizationIds: result.data.organizationIds }
            : {}),
        });
      }
      notifications.show({ color: "teal", message: `Role "${savedRole.name}" saved` });
      onSaved?.(savedRole);
    } catch (error) {
      if (isApiError(error, "E_ROLE_NAME_TAKEN")) setErrors({ name: "A role with this name already exists" });
      else if (isApiError(error, "E_ORGANIZATION_NOT_FOUND"))
        setErrors({ organizationIds: "One of these organizations no longer exists" });
      else if (isApiError(error, "E_VALIDATION")) setErrors(serverFieldErrors(error.details));
      setSubmitError(describeError(error));
    }
  };

  const togglePermission = (permission: Permission, checked: boolean) =>
    change(
      "permissions",
      checked ? [...draft.permissions, permission] : draft.permissions.filter((p) => p !== permission),
    );

  return (
    <FormCard onSubmit={(event) => void handleSubmit(event)}>
      <TextInput
        label="Name"
        withAsterisk={!readOnly}
        readOnly={readOnly}
        value={draft.name}
        error={errors.name}
        onChange={(event) => change("name", event.currentTarget.value)}
      />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        readOnly={readOnly}
        value={draft.description}
        error={errors.description}
        onChange={(event) => change("description", event.currentTarget.value)}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Permissions
        </Text>
        {errors.permissions ? (
          <Text size="xs" c="red" role="alert">
            {errors.permissions}
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          {permissionGroups.map((group) => (
            <Fieldset key={group.area} legend={group.area} variant="filled" p="sm">
              <Stack gap={6}>
                {group.permissions.map((permission) => (
                  <Checkbox
                    key={permission}
                    size="sm"
                    label={permissionLabels[permission]}
                    description={
                      isOrganizationPermission(permission) ? undefined : "Not limited by organization"
                    }
                    checked={draft.permissions.includes(permission)}
                    disabled={readOnly}
                    onChange={(event) => togglePermission(permission, event.currentTarget.checked)}
                  />
                ))}
              </Stack>
            </Fieldset>
          ))}
        </SimpleGrid>
      </Stack>
      <Radio.Group
        label="Organizations"
        description="Where the role's organization permissions apply."
        value={draft.scope}
        onChange={(value) => change("scope", value === "selected" ? "selected" : "all")}
      >
        <Stack gap={6} mt={6}>
          <Radio value="all" label="All organizations" disabled={readOnly} />
          <Radio value="selected" label="Selected organizations" disabled={readOnly} />
        </Stack>
      </Radio.Group>
      {draft.scope === "selected" ? (
        <MultiSelect
          label="Selected organizations"
          placeholder={readOnly ? undefined : "Choose organizations"}
          data={organizationData}
          value={draft.organizationIds}
          onChange={(value) => change("organizationIds", value)}
          searchable
          clearable={!readOnly}
          readOnly={readOnly}
          error={errors.organizationIds}
          nothingFoundMessage={organizations.isPending ? "Loading…" : "No organization matches"}
          description={
            role && role.hiddenOrganizationCount > 0
              ? `Also applies in ${role.hiddenOrganizationCount} organization(s) you cannot see.`
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
            setDraft(saved);
            setErrors({});
            setSubmitError(null);
          }}
        />
      )}
    </FormCard>
  );
}
