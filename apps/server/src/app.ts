import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import fastifyCookie from "@fastify/cookie";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { installErrorHandling } from "./platform/errors/error-handler.js";
import { installAccessControl } from "./platform/identity/index.js";
import { installWebAssets, defaultWebDist } from "./platform/http/web-assets.js";
import { installSecurityHeaders } from "./platform/http/security-headers.js";
import { installAuthRateLimits } from "./platform/http/rate-limit.js";
import { installStepUp } from "./platform/http/step-up.js";
import type { AppDeps } from "./platform/deps.js";
import { healthModule } from "./modules/health/index.js";
import { authModule, mfaModule } from "./modules/auth/index.js";
import { technicianModule } from "./modules/technicians/index.js";
import { rolesModule } from "./modules/roles/index.js";
import { organizationsModule } from "./modules/organizations/index.js";
import { settingsModule } from "./modules/settings/index.js";
import { preferencesModule } from "./modules/preferences/index.js";
import { dashboardModule } from "./modules/dashboard/index.js";
import { promotionModule } from "./modules/promotion/index.js";
import { agentsModule } from "./modules/agents/index.js";
import { devicesModule } from "./modules/devices/index.js";
import { deviceRolesModule } from "./modules/device-roles/index.js";
import { savedSearchesModule } from "./modules/saved-searches/index.js";
import { customFieldsModule } from "./modules/custom-fields/index.js";
import { jobsModule } from "./modules/jobs/index.js";
import { deviceActionsRoutes } from "./modules/device-actions/index.js";
import { scriptsModule } from "./modules/scripts/index.js";
import { credentialsModule } from "./modules/credentials/index.js";
import { activitiesModule } from "./modules/activities/index.js";
import { scheduledTasksModule } from "./modules/scheduled-tasks/index.js";
import { auditModule } from "./modules/audit/index.js";
import { metricsModule } from "./modules/metrics/index.js";
import { policiesModule } from "./modules/policies/index.js";
import { maintenanceModule } from "./modules/maintenance/index.js";
import { ticketingModule } from "./modules/ticketing/index.js";
import { dynamicPoliciesModule } from "./modules/dynamic-policies/index.js";
import { notificationsModule } from "./modules/notifications/index.js";
import { alertsModule } from "./modules/alerts/index.js";
import { agentUpdatesModule } from "./modules/agent-updates/index.js";
import { securitySettingsModule } from "./modules/security-settings/index.js";
import { liveModule } from "./modules/live/index.js";
import { backupModule } from "./modules/backup/index.js";
import { ssoModule } from "./modules/sso/index.js";
import { buildServices, type Services } from "./services.js";

export interface BuildAppOptions {
  logger?: FastifyBaseLogger | boolean;
  /** Serve the built web console (off in API tests). */
  serveWeb?: boolean;
  /**
   * The services from the composition root (services.ts), shared with the agent side and the
   * scheduler. When absent, they are built here from `deps`.
   */
  services?: Services;
  /** Without `services`: called for each device deleted or rejected in the console (disconnect its agent). */
  onDeviceRemoved?: (deviceId: number) => void;
  /** The clock sessions are judged by (tests move it). */
  clock?: () => Date;
}

/** Builds the whole console server: platform, then every module's routes over the given services. */
export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const services =
    options.services ??
    buildServices(deps, { onDeviceRemoved: (deviceId) => options.onDeviceRemoved?.(deviceId) });
  const app = Fastify({
    ...(typeof options.logger === "object"
      ? { loggerInstance: options.logger }
      : { logger: options.logger ?? false }),
    bodyLimit: deps.config.bodyLimitBytes,
    trustProxy: deps.config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 200 },
    return503OnClosing: true,
    forceCloseConnections: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installSecurityHeaders(app);

  await app.register(fastifyCookie);
  const securitySettings = services.securitySettings;
  installAccessControl(app, {
    db: deps.db,
    // The security settings' session limits (the environment's are their defaults).
    policy: () => securitySettings.sessionPolicy(),
    ...(options.clock ? { clock: options.clock } : {}),
    admit: services.securityRules,
  });
  installStepUp(app, { db: deps.db, policy: () => securitySettings.stepUpPolicy() });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: "Steward console API", version: deps.version },
      components: {
        securitySchemes: {
          session: { type: "apiKey", in: "cookie", name: "steward_session" },
          csrf: { type: "apiKey", in: "header", name: "x-csrf-token" },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs" });

  await installAuthRateLimits(app, deps.config.authRateLimits);

  await app.register(healthModule(deps), { prefix: "/api" });
  await app.register(authModule(deps, services.auth), { prefix: "/api" });
  await app.register(mfaModule(deps, services.mfa), { prefix: "/api" });
  await app.register(technicianModule(deps, services.technicians, services.auth), { prefix: "/api" });
  await app.register(rolesModule(deps, services.roles), { prefix: "/api" });
  await app.register(organizationsModule(services.organizations), { prefix: "/api" });
  await app.register(settingsModule(services.settings), { prefix: "/api" });
  await app.register(securitySettingsModule(securitySettings), { prefix: "/api" });
  await app.register(ssoModule(deps, services.sso), { prefix: "/api" });
  await app.register(preferencesModule(services.preferences), { prefix: "/api" });
  await app.register(dashboardModule(services.dashboard), { prefix: "/api" });
  await app.register(promotionModule(services.promotion), { prefix: "/api" });
  await app.register(agentsModule(deps, services.enrollment), { prefix: "/api" });
  await app.register(deviceRolesModule(services.deviceRoles), { prefix: "/api" });
  await app.register(
    devicesModule(
      services.devices,
      async (ids) => new Set((await services.maintenance.devicesInMaintenance(undefined, ids)).keys()),
    ),
    { prefix: "/api" },
  );
  await app.register(savedSearchesModule(services.savedSearches), { prefix: "/api" });
  await app.register(customFieldsModule(services.customFields), { prefix: "/api" });
  await app.register(jobsModule(deps, services.jobs), { prefix: "/api" });
  await app.register(deviceActionsRoutes(deps, services.jobs), { prefix: "/api" });
  await app.register(scriptsModule(services.scripts), { prefix: "/api" });
  await app.register(credentialsModule(services.credentials), { prefix: "/api" });
  await app.register(activitiesModule(services.activities), { prefix: "/api" });
  await app.register(scheduledTasksModule(services.scheduledTasks), { prefix: "/api" });
  await app.register(auditModule(services.audit), { prefix: "/api" });
  await app.register(metricsModule(services.metrics), { prefix: "/api" });
  await app.register(policiesModule(services.policies, services.policyAssignments), { prefix: "/api" });
  await app.register(dynamicPoliciesModule(services.dynamicPolicies), { prefix: "/api" });
  await app.register(maintenanceModule(services.maintenance), { prefix: "/api" });
  await app.register(ticketingModule(services.tickets, services.ticketingSetup), { prefix: "/api" });
  await app.register(agentUpdatesModule(services.agentUpdates), { prefix: "/api" });
  await app.register(notificationsModule(services.notifications), { prefix: "/api" });
  await app.register(alertsModule(services.alerts), { prefix: "/api" });
  await app.register(liveModule(services.live), { prefix: "/api" });
  await app.register(backupModule(services.backup), { prefix: "/api" });

  await installWebAssets(
    app,
    options.serveWeb === false ? "/nonexistent" : (deps.config.webDistDir ?? defaultWebDist),
  );
  return app;
}
