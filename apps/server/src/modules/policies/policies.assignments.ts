import type {
  EffectivePolicy,
  LocationPolicyOverrides,
  OrganizationPolicyAssignments,
  putDevicePolicyOverridesRequest,
  putLocationPolicyOverridesRequest,
  putOrganizationPolicyAssignmentsRequest,
} from "@steward/contracts";
import { deviceClassOf, osFamilyOfClass } from "@steward/domain";
import type { z } from "zod";
import { AppError } from "../../platform/errors/app-error.js";
import { audit, type Scope } from "../../platform/identity/index.js";
import { chooseFor, deviceVersion, mergedWithNames, type DynamicMatcher } from "./policies.effective.js";
import type { DeviceFacts, PolicyRow } from "./policies.repository.js";
import { policyNotFound, type Actor, type PoliciesDeps } from "./policies.service.js";

const wrongClass = (policy: PolicyRow) =>
  new AppError("E_POLICY_CLASS_MISMATCH", 400, {
    id: "errors.policies.wrongClass",
    values: { name: policy.name },
  });
const deviceNotFound = () => new AppError("E_DEVICE_NOT_FOUND", 404);

/**
 * Where policies apply: an organization's policy per device role, a location's per class, a
 * device's own; and the policy each device ends up with. Organization-owned rows are read and
 * written through the caller's scope; one out of scope answers like one that does not exist.
 */
export function createPolicyAssignmentsService({
  repo,
  repoOn,
  onChanged,
  dynamic,
}: PoliciesDeps & { dynamic?: DynamicMatcher }) {
  async function policiesById(): Promise<Map<number, PolicyRow>> {
    return new Map((await repo.all()).map((r) => [r.id, r]));
  }

  function policyOf(byId: Map<number, PolicyRow>, id: number): PolicyRow {
    const row = byId.get(id);
    if (!row) throw policyNotFound();
    return row;
  }

  async function requireOrganization(scope: Scope, organizationId: number) {
    if (!(await repo.organizationExists(scope, organizationId)))
      throw new AppError("E_ORGANIZATION_NOT_FOUND", 404);
  }

  async function requireLocation(scope: Scope, organizationId: number, locationId: number) {
    await requireOrganization(scope, organizationId);
    if (!(await repo.locationExists(scope, organizationId, locationId)))
      throw new AppError("E_LOCATION_NOT_FOUND", 404);
  }

  async function effectiveOf(device: DeviceFacts): Promise<EffectivePolicy> {
    const rows = await repo.all();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const [assignments, [applied]] = await Promise.all([
      repo.assignmentsOf([device]),
      repo.appliedStates([device.id]),
    ]);
    const chosen = chooseFor(device, byId, assignments);
    const policy = chosen.policy;
    // The dynamic policies of the device's class that match it now, on top of its policy.
    const matched = policy && dynamic ? ((await dynamic.matchesFor([device])).get(device.id) ?? []) : [];
    return {
      deviceId: device.id,
      deviceClass: chosen.deviceClass,
      policy: policy && {
        id: policy.id,
        name: policy.name,
        isDefault: policy.isDefault,
        enabled: policy.enabled,
      },
      source: chosen.source,
      enforced: policy?.enabled ?? false,
      version: policy ? deviceVersion(policy, matched) : null,
      policyVersion: policy?.version ?? null,
      sections: policy ? mergedWithNames(policy.id, rows, matched) : {},
      dynamicPolicies: matched.map((d) => ({
        id: d.id,
        name: d.name,
        priority: d.priority,
        version: d.version,
      })),
      lastApplied: applied
        ? { policyId: applied.policyId, version: applied.version, appliedAt: applied.appliedAt.toISOString() }
        : null,
    };
  }

  return {
    async organizationAssignments(
      scope: Scope,
      organizationId: number,
    ): Promise<OrganizationPolicyAssignments> {
      await requireOrganization(scope, organizationId);
      const byId = await policiesById();
      const rows = await repo.organizationAssignments(organizationId);
      return {
        organizationId,
        items: rows.map((r) => {
          const policy = r.policyId === null ? undefined : byId.get(r.policyId);
          return {
            roleId: r.roleId,
            roleName: r.roleName,
            roleKey: r.roleKey,
            osFamily: r.osFamily as OrganizationPolicyAssignments["items"][number]["osFamily"],
            policyId: policy?.id ?? null,
            policyName: policy?.name ?? null,
            policyDeviceClass: policy?.deviceClass ?? null,
          };
        }),
      };
    },

    /** Replaces the organization's policy per role; a policy must be for the role's OS. */
    async putOrganizationAssignments(
      scope: Scope,
      organizationId: number,
      input: z.output<typeof putOrganizationPolicyAssignmentsRequest>,
      actor: Actor,
    ): Promise<OrganizationPolicyAssignments> {
      await requireOrganization(scope, organizationId);
      const byId = await policiesById();
      const roles = new Map((await repo.roles(input.assignments.map((a) => a.roleId))).map((r) => [r.id, r]));
      for (const a of input.assignments) {
        const role = roles.get(a.roleId);
        if (!role) throw new AppError("E_DEVICE_ROLE_NOT_FOUND", 404);
        const policy = policyOf(byId, a.policyId);
        if (osFamilyOfClass(policy.deviceClass) !== role.osFamily)
          throw new AppError("E_POLICY_CLASS_MISMATCH", 400, {
            id: "errors.policies.wrongOsFamily",
            values: { name: policy.name },
          });
      }
      await repo.db.transaction(async (tx) => {
        const r = repoOn(tx);
        await r.replaceOrganizationAssignments(organizationId, input.assignments);
        await audit(tx, actor, {
          action: "policy_assignment.update",
          targetType: "organization",
          targetId: organizationId,
          organizationId,
          data: { assignments: input.assignments },
        });
      });
      onChanged?.();
      return this.organizationAssignments(scope, organizationId);
    },

    async locationOverrides(
      scope: Scope,
      organizationId: number,
      locationId: number,
    ): Promise<LocationPolicyOverrides> {
      await requireLocation(scope, organizationId, locationId);
      const byId = await policiesById();
      const rows = await repo.locationOverrides(locationId);
      return {
        organizationId,
        locationId,
        items: rows.flatMap((r) => {
          const policy = byId.get(r.policyId);
          return policy
            ? [{ deviceClass: policy.deviceClass, policyId: policy.id, policyName: policy.name }]
            : [];
        }),
      };
    },

    /** Replaces the location's policy per class; each policy must be of the class it is given for. */
    async putLocationOverrides(
      scope: Scope,
      organizationId: number,
      locationId: number,
      input: z.output<typeof putLocationPolicyOverridesRequest>,
      actor: Actor,
    ): Promise<LocationPolicyOverrides> {
      await requireLocation(scope, organizationId, locationId);
      const byId = await policiesById();
      for (const o of input.overrides) {
        const policy = policyOf(byId, o.policyId);
        if (policy.deviceClass !== o.deviceClass) throw wrongClass(policy);
      }
      await repo.db.transaction(async (tx) => {
        const r = repoOn(tx);
        await r.replaceLocationOverrides(organizationId, locationId, input.overrides);
        await audit(tx, actor, {
          action: "policy_location_override.update",
          targetType: "location",
          targetId: locationId,
          organizationId,
          data: { overrides: input.overrides },
        });
      });
      onChanged?.();
      return this.locationOverrides(scope, organizationId, locationId);
    },

    async effectivePolicy(scope: Scope, deviceId: number): Promise<EffectivePolicy> {
      const device = await repo.device(scope, deviceId);
      if (!device) throw deviceNotFound();
      return effectiveOf(device);
    },

    /** Sets (or clears, with null) a device's own policy; it must be of the device's class. */
    async setDeviceOverride(scope: Scope, deviceId: number, policyId: number | null, actor: Actor) {
      const device = await repo.device(scope, deviceId);
      if (!device) throw deviceNotFound();
      await setOverrides([device], policyId, actor);
      return effectiveOf(device);
    },

    /**
     * The same override for many devices; refused as a whole when one is missing, or of another
     * class unless the caller asked to skip those (they are then answered, left as they were).
     */
    async setDeviceOverrides(
      scope: Scope,
      input: z.output<typeof putDevicePolicyOverridesRequest>,
      actor: Actor,
    ): Promise<{ count: number; skippedDeviceIds?: number[] }> {
      const ids = [...new Set(input.deviceIds)];
      const found = await repo.devices(scope, ids);
      if (found.length !== ids.length) throw deviceNotFound();
      if (!input.skipOtherClasses || input.policyId === null) {
        await setOverrides(found, input.policyId, actor);
        return { count: found.length };
      }
      const policy = policyOf(await policiesById(), input.policyId);
      const fitting = found.filter((d) => deviceClassOf(d) === policy.deviceClass);
      const skippedDeviceIds = found.filter((d) => !fitting.includes(d)).map((d) => d.id);
      if (fitting.length > 0) await setOverrides(fitting, input.policyId, actor);
      return { count: fitting.length, skippedDeviceIds };
    },
  };

  async function setOverrides(list: DeviceFacts[], policyId: number | null, actor: Actor) {
    if (policyId !== null) {
      const policy = policyOf(await policiesById(), policyId);
      for (const device of list) {
        const deviceClass = deviceClassOf(device);
        if (deviceClass === null)
          throw new AppError("E_POLICY_CLASS_MISMATCH", 400, { id: "errors.policies.noClass" });
        if (deviceClass !== policy.deviceClass) throw wrongClass(policy);
      }
    }
    await repo.db.transaction(async (tx) => {
      const r = repoOn(tx);
      await r.setDeviceOverrides(list, policyId);
      const organizations = [...new Set(list.map((d) => d.organizationId))];
      for (const organizationId of organizations)
        await audit(tx, actor, {
          action: "policy_device_override.update",
          targetType: "device",
          targetId: list.length === 1 ? list[0]!.id : null,
          organizationId,
          data: {
            deviceIds: list.filter((d) => d.organizationId === organizationId).map((d) => d.id),
            policyId,
          },
        });
    });
    onChanged?.();
  }
}

export type PolicyAssignmentsService = ReturnType<typeof createPolicyAssignmentsService>;
