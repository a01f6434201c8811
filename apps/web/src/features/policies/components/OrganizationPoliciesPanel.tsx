import { useState } from "react";
import { Button, Group, Paper, Select, Stack, Table, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type {
  DeviceClassCode,
  LocationPolicyOverrides,
  OrganizationDetail,
  OrganizationPolicyAssignment,
  OrganizationPolicyAssignments,
  PolicySummary,
} from "@steward/contracts";
import { builtInDeviceRoles, classesOfOsFamily, deviceClassOf } from "@steward/domain";
import { describeError } from "../../../api";
import { useT } from "../../../i18n";
import { osFamilyText } from "../../../lib/os-labels";
import { FormError, ListTable, QueryView } from "../../../ui";
import {
  useLocationPolicyOverrides,
  useOrganizationPolicyAssignments,
  usePolicies,
  usePutLocationPolicyOverrides,
  usePutOrganizationPolicyAssignments,
} from "../api";
import { deviceClassText } from "../texts";

const builtInKeys = new Set<string>(builtInDeviceRoles.map((r) => r.key));

/**
 * The classes a role's devices fall in: a built-in role names one (server or workstation), a
 * technician's own role only its operating system.
 */
export function classesOfRole(
  role: Pick<OrganizationPolicyAssignment, "osFamily" | "roleKey">,
): DeviceClassCode[] {
  if (role.roleKey && builtInKeys.has(role.roleKey)) {
    const one = deviceClassOf({ osFamily: role.osFamily, roleKey: role.roleKey });
    return one ? [one] : [];
  }
  return classesOfOsFamily(role.osFamily);
}

interface PanelProps {
  organization: OrganizationDetail;
  canWrite: boolean;
}

/** The organization editor's Policies tab: a policy per device role, and per location a policy per device class. */
export function OrganizationPoliciesPanel({ organization, canWrite }: PanelProps) {
  const t = useT();
  const assignments = useOrganizationPolicyAssignments(organization.id);
  const policies = usePolicies();
  return (
    <Stack gap="md" maw={900}>
      <QueryView query={policies} errorTitle={t("policies.organization.policiesLoadError")}>
        {(all) => (
          <>
            <QueryView
              query={assignments}
              errorTitle={t("policies.organization.loadError")}
              loadingLabel={t("policies.organization.loading")}
            >
              {(data) => (
                <RoleAssignments
                  key={JSON.stringify(data.items)}
                  organizationId={organization.id}
                  data={data}
                  policies={all}
                  canWrite={canWrite}
                />
              )}
            </QueryView>
            <LocationOverrides organization={organization} policies={all} canWrite={canWrite} />
          </>
        )}
      </QueryView>
    </Stack>
  );
}

function RoleAssignments({
  organizationId,
  data,
  policies,
  canWrite,
}: {
  organizationId: number;
  data: OrganizationPolicyAssignments;
  policies: PolicySummary[];
  canWrite: boolean;
}) {
  const t = useT();
  const put = usePutOrganizationPolicyAssignments(organizationId);
  const saved = Object.fromEntries(
    data.items.map((a) => [a.roleId, a.policyId === null ? "" : String(a.policyId)]),
  );
  const [chosen, setChosen] = useState<Record<number, string>>(saved);
  const [error, setError] = useState<string | null>(null);
  const dirty = data.items.some((a) => (chosen[a.roleId] ?? "") !== saved[a.roleId]);

  const save = () => {
    setError(null);
    put.mutate(
      {
        assignments: data.items
          .filter((a) => chosen[a.roleId])
          .map((a) => ({ roleId: a.roleId, policyId: Number(chosen[a.roleId]) })),
      },
      {
        onSuccess: () => notifications.show({ color: "teal", message: t("policies.organization.saved") }),
        onError: (e) => setError(describeError(e)),
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={5}>{t("policies.organization.rolesTitle")}</Title>
        <Text size="sm" c="dimmed">
          {t("policies.organization.rolesHelp")}
        </Text>
        {data.items.length === 0 ? (
          <Text size="sm">{t("policies.organization.noRoles")}</Text>
        ) : (
          <ListTable caption={t("policies.organization.rolesTable")} minWidth={640} highlightOnHover={false}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("policies.organization.role")}</Table.Th>
                <Table.Th>{t("policies.organization.operatingSystem")}</Table.Th>
                <Table.Th>{t("policies.organization.policy")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((role) => {
                const classes = classesOfRole(role);
                const offered = policies.filter((p) => classes.includes(p.deviceClass));
                return (
                  <Table.Tr key={role.roleId}>
                    <Table.Td>{role.roleName}</Table.Td>
                    <Table.Td>{t(osFamilyText[role.osFamily])}</Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={t("policies.organization.policyFor", { role: role.roleName })}
                        allowDeselect={false}
                        searchable
                        disabled={!canWrite || classes.length === 0}
                        data={[
                          { value: "", label: t("policies.organization.classDefault") },
                          // A role of several classes lists its policies under their class.
                          ...(classes.length > 1
                            ? classes.map((c) => ({
                                group: t(deviceClassText[c]),
                                items: offered
                                  .filter((p) => p.deviceClass === c)
                                  .map((p) => ({ value: String(p.id), label: p.name })),
                              }))
                            : offered.map((p) => ({ value: String(p.id), label: p.name }))),
                        ]}
                        value={chosen[role.roleId] ?? ""}
                        onChange={(value) => setChosen((c) => ({ ...c, [role.roleId]: value ?? "" }))}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </ListTable>
        )}
        <FormError message={error} />
        {canWrite && data.items.length > 0 ? (
          <Group>
            <Button onClick={save} disabled={!dirty} loading={put.isPending}>
              {t("common.actions.save")}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

function LocationOverrides({
  organization,
  policies,
  canWrite,
}: {
  organization: OrganizationDetail;
  policies: PolicySummary[];
  canWrite: boolean;
}) {
  const t = useT();
  const [locationId, setLocationId] = useState<number | null>(organization.locations[0]?.id ?? null);
  const overrides = useLocationPolicyOverrides(organization.id, locationId);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={5}>{t("policies.organization.locationTitle")}</Title>
        <Text size="sm" c="dimmed">
          {t("policies.organization.locationHelp")}
        </Text>
        {locationId === null ? (
          <Text size="sm">{t("policies.organization.noLocations")}</Text>
        ) : (
          <>
            <Select
              label={t("policies.organization.location")}
              w={320}
              allowDeselect={false}
              searchable
              data={organization.locations.map((l) => ({ value: String(l.id), label: l.name }))}
              value={String(locationId)}
              onChange={(value) => value && setLocationId(Number(value))}
            />
            <QueryView query={overrides} errorTitle={t("policies.organization.locationLoadError")}>
              {(data) => (
                <LocationForm
                  key={`${locationId}:${JSON.stringify(data.items)}`}
                  organizationId={organization.id}
                  data={data}
                  policies={policies}
                  canWrite={canWrite}
                />
              )}
            </QueryView>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function LocationForm({
  organizationId,
  data,
  policies,
  canWrite,
}: {
  organizationId: number;
  data: LocationPolicyOverrides;
  policies: PolicySummary[];
  canWrite: boolean;
}) {
  const t = useT();
  const put = usePutLocationPolicyOverrides(organizationId, data.locationId);
  const saved = Object.fromEntries(data.items.map((o) => [o.deviceClass, String(o.policyId)])) as Partial<
    Record<DeviceClassCode, string>
  >;
  const [chosen, setChosen] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  // The classes some policy exists for, in the registry's order.
  const classes = [...new Set(policies.map((p) => p.deviceClass))].sort(
    (a, b) => Object.keys(deviceClassText).indexOf(a) - Object.keys(deviceClassText).indexOf(b),
  );
  const dirty = classes.some((c) => (chosen[c] ?? "") !== (saved[c] ?? ""));

  const save = () => {
    setError(null);
    put.mutate(
      {
        overrides: classes
          .filter((c) => chosen[c])
          .map((deviceClass) => ({ deviceClass, policyId: Number(chosen[deviceClass]) })),
      },
      {
        onSuccess: () =>
          notifications.show({ color: "teal", message: t("policies.organization.locationSaved") }),
        onError: (e) => setError(describeError(e)),
      },
    );
  };

  return (
    <Stack gap="sm">
      {classes.map((deviceClass) => (
        <Select
          key={deviceClass}
          label={t(deviceClassText[deviceClass])}
          maw={480}
          allowDeselect={false}
          searchable
          disabled={!canWrite}
          data={[
            { value: "", label: t("policies.organization.followOrganization") },
            ...policies
              .filter((p) => p.deviceClass === deviceClass)
              .map((p) => ({ value: String(p.id), label: p.name })),
          ]}
          value={chosen[deviceClass] ?? ""}
          onChange={(value) => setChosen((c) => ({ ...c, [deviceClass]: value ?? "" }))}
        />
      ))}
      <FormError message={error} />
      {canWrite ? (
        <Group>
          <Button onClick={save} disabled={!dirty} loading={put.isPending}>
            {t("common.actions.save")}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
