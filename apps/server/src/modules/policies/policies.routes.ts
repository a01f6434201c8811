import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  copyPolicyRequest,
  createPolicyRequest,
  devicePolicyOverridesResult,
  effectivePolicy,
  idParam,
  locationParams,
  locationPolicyOverrides,
  organizationPolicyAssignments,
  policyDetail,
  policyList,
  policyListQuery,
  putDevicePolicyOverrideRequest,
  putDevicePolicyOverridesRequest,
  putLocationPolicyOverridesRequest,
  putOrganizationPolicyAssignmentsRequest,
  revertPolicyItemRequest,
  updatePolicyRequest,
} from "@steward/contracts";
import { requireAuth, requireScope } from "../../platform/identity/index.js";
import type { PolicyAssignmentsService } from "./policies.assignments.js";
import { presentPolicyDetail, presentPolicySummary } from "./policies.presenter.js";
import type { PoliciesService } from "./policies.service.js";

const tags = ["policies"];

export function policiesRoutes(
  policies: PoliciesService,
  assignments: PolicyAssignmentsService,
): FastifyPluginAsyncZod {
  return async (app) => {
    await policies.ensureDefaults();

    // ---- Policies (shared by every organization) ----

    app.get(
      "/policies",
      {
        config: { access: "policies.read" },
        schema: { tags, querystring: policyListQuery, response: { 200: policyList } },
      },
      async (request) => {
        // Policies are shared; the devices counted are those the caller may see.
        const devicesScope = requireAuth(request).scopeFor("devices.read");
        const { rows, items, deviceCounts } = await policies.list(request.query, devicesScope);
        return {
          items: items.map((row) => ({
            ...presentPolicySummary(row, rows),
            deviceCount: deviceCounts.get(row.id) ?? 0,
          })),
        };
      },
    );

    app.get(
      "/policies/:id",
      {
        config: { access: "policies.read" },
        schema: { tags, params: idParam, response: { 200: policyDetail } },
      },
      async (request) => {
        const { row, rows } = await policies.get(request.params.id);
        return presentPolicyDetail(row, rows);
      },
    );

    app.post(
      "/policies",
      {
        config: { access: "policies.manage" },
        schema: { tags, body: createPolicyRequest, response: { 201: policyDetail } },
      },
      async (request, reply) => {
        const { row, rows } = await policies.create(request.body, request);
        return reply.code(201).send(presentPolicyDetail(row, rows));
      },
    );

    app.patch(
      "/policies/:id",
      {
        config: { access: "policies.manage" },
        schema: { tags, params: idParam, body: updatePolicyRequest, response: { 200: policyDetail } },
      },
      async (request) => {
        const { row, rows } = await policies.update(request.params.id, request.body, request);
        return presentPolicyDetail(row, rows);
      },
    );

    app.post(
      "/policies/:id/copy",
      {
        config: { access: "policies.manage" },
        schema: { tags, params: idParam, body: copyPolicyRequest, response: { 201: policyDetail } },
      },
      async (request, reply) => {
        const { row, rows } = await policies.copy(request.params.id, request.body, request);
        return reply.code(201).send(presentPolicyDetail(row, rows));
      },
    );

    app.post(
      "/policies/:id/revert",
      {
        config: { access: "policies.manage" },
        schema: { tags, params: idParam, body: revertPolicyItemRequest, response: { 200: policyDetail } },
      },
      async (request) => {
        const { row, rows } = await policies.revert(request.params.id, request.body, request);
        return presentPolicyDetail(row, rows);
      },
    );

    app.delete(
      "/policies/:id",
      {
        config: { access: "policies.manage" },
        schema: { tags, params: idParam, response: { 204: z.null().describe("Deleted") } },
      },
      async (request, reply) => {
        await policies.remove(request.params.id, request);
        return reply.code(204).send(null);
      },
    );

    // ---- Where policies apply (organization-owned) ----

    app.get(
      "/organizations/:id/policy-assignments",
      {
        config: { access: "organizations.read" },
        schema: { tags, params: idParam, response: { 200: organizationPolicyAssignments } },
      },
      async (request) => assignments.organizationAssignments(requireScope(request), request.params.id),
    );

    app.put(
      "/organizations/:id/policy-assignments",
      {
        config: { access: "organizations.write" },
        schema: {
          tags,
          params: idParam,
          body: putOrganizationPolicyAssignmentsRequest,
          response: { 200: organizationPolicyAssignments },
        },
      },
      async (request) =>
        assignments.putOrganizationAssignments(
          requireScope(request),
          request.params.id,
          request.body,
          request,
        ),
    );

    app.get(
      "/organizations/:id/locations/:locationId/policy-overrides",
      {
        config: { access: "organizations.read" },
        schema: { tags, params: locationParams, response: { 200: locationPolicyOverrides } },
      },
      async (request) =>
        assignments.locationOverrides(requireScope(request), request.params.id, request.params.locationId),
    );

    app.put(
      "/organizations/:id/locations/:locationId/policy-overrides",
      {
        config: { access: "organizations.write" },
        schema: {
          tags,
          params: locationParams,
          body: putLocationPolicyOverridesRequest,
          response: { 200: locationPolicyOverrides },
        },
      },
      async (request) =>
        assignments.putLocationOverrides(
          requireScope(request),
          request.params.id,
          request.params.locationId,
          request.body,
          request,
        ),
    );

    app.get(
      "/devices/:id/effective-policy",
      {
        config: { access: "devices.read" },
        schema: { tags, params: idParam, response: { 200: effectivePolicy } },
      },
      async (request) => assignments.effectivePolicy(requireScope(request), request.params.id),
    );

    app.put(
      "/devices/:id/policy-override",
      {
        config: { access: "devices.manage" },
        schema: {
          tags,
          params: idParam,
          body: putDevicePolicyOverrideRequest,
          response: { 200: effectivePolicy },
        },
      },
      async (request) =>
        assignments.setDeviceOverride(
          requireScope(request),
          request.params.id,
          request.body.policyId,
          request,
        ),
    );

    app.put(
      "/device-policy-overrides",
      {
        config: { access: "devices.manage" },
        schema: {
          tags,
          body: putDevicePolicyOverridesRequest,
          response: { 200: devicePolicyOverridesResult },
        },
      },
      async (request) => assignments.setDeviceOverrides(requireScope(request), request.body, request),
    );
  };
}
