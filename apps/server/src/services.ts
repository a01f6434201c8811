import path from "node:path";
import type { Db } from "./platform/db/database.js";
import type { AppDeps } from "./platform/deps.js";
import { ActivitiesRepository } from "./modules/activities/activities.repository.js";
import { createActivitiesService } from "./modules/activities/activities.service.js";
import { createEnrollmentRepository } from "./modules/agents/enrollment.repository.js";
import { createEnrollmentService } from "./modules/agents/enrollment.service.js";
import { AuditRepository } from "./modules/audit/audit.repository.js";
import { createAuditService } from "./modules/audit/audit.service.js";
import { createAuthService } from "./modules/auth/auth.service.js";
import { createMfaService } from "./modules/auth/mfa.service.js";
import { createMfaRepository } from "./modules/auth/mfa.repository.js";
import {
  createPasswordRules,
  createSecuritySettingsService,
  PasswordHistoryRepository,
  SecuritySettingsRepository,
  securityAccessRules,
} from "./modules/security-settings/index.js";
import { roleRequirementMet } from "./modules/auth/mfa.policy.js";
import { CredentialsRepository } from "./modules/credentials/credentials.repository.js";
import { createCredentialsService } from "./modules/credentials/credentials.service.js";
import { CustomFieldsRepository } from "./modules/custom-fields/custom-fields.repository.js";
import { createCustomFieldsService } from "./modules/custom-fields/custom-fields.service.js";
import { DashboardRepository } from "./modules/dashboard/dashboard.repository.js";
import { createDashboardService } from "./modules/dashboard/dashboard.service.js";
import { createDynamicPoliciesService, DynamicPoliciesRepository } from "./modules/dynamic-policies/index.js";
import { DeviceRolesRepository } from "./modules/device-roles/device-roles.repository.js";
import { createDeviceRolesService } from "./modules/device-roles/device-roles.service.js";
import { createDevicesService } from "./modules/devices/devices.service.js";
import { createJobsRepository } from "./modules/jobs/jobs.repository.js";
import { createJobsService } from "./modules/jobs/jobs.service.js";
import { createBackupRepository, createBackupSchedule, createBackupService } from "./modules/backup/index.js";
import { createMetricsRepository, createMetricsService } from "./modules/metrics/index.js";
import { AlertsRepository, createAlerts } from "./modules/alerts/index.js";
import { createLiveHub, createSessionScope, LiveRepository } from "./modules/live/index.js";
import { createNotificationsService, NotificationsRepository } from "./modules/notifications/index.js";
import { OrganizationsRepository } from "./modules/organizations/organizations.repository.js";
import { createOrganizationsService } from "./modules/organizations/organizations.service.js";
import { createPolicyAssignmentsService } from "./modules/policies/policies.assignments.js";
import { PoliciesRepository } from "./modules/policies/policies.repository.js";
import { createMaintenanceService } from "./modules/maintenance/maintenance.service.js";
import {
  createTicketingSetupService,
  createTicketsService,
  TicketingRepository,
} from "./modules/ticketing/index.js";
import { createAgentUpdatesService, loadOrCreateUpdateKeys } from "./modules/agent-updates/index.js";
import { createPolicyDelivery } from "./modules/policies/policies.delivery.js";
import { createPoliciesService } from "./modules/policies/policies.service.js";
import { createPolicyConditions } from "./modules/policies/policies.conditions.js";
import { createPolicySectionReader } from "./modules/policies/policies.sections.js";
import { createPolicyAutomations, startPolicyAutomations } from "./modules/policies/policies.automations.js";
import { PreferencesRepository } from "./modules/preferences/preferences.repository.js";
import { createPreferencesService } from "./modules/preferences/preferences.service.js";
import { PromotionRepository } from "./modules/promotion/promotion.repository.js";
import { createPromotionService } from "./modules/promotion/promotion.service.js";
import { createRolesRepository } from "./modules/roles/roles.repository.js";
import { createRolesService } from "./modules/roles/roles.service.js";
import { createDeviceActions } from "./modules/saved-searches/device-actions.js";
import { SavedSearchesRepository } from "./modules/saved-searches/saved-searches.repository.js";
import { createSavedSearchesService } from "./modules/saved-searches/saved-searches.service.js";
import { ScheduledTasksRepository } from "./modules/scheduled-tasks/scheduled-tasks.repository.js";
import type { TaskRunnerDeps } from "./modules/scheduled-tasks/scheduled-tasks.runner.js";
import {
  createScheduler,
  startScheduler,
  type RunningScheduler,
  type SchedulerOptions,
} from "./modules/scheduled-tasks/scheduled-tasks.scheduler.js";
import { createScheduledTasksService } from "./modules/scheduled-tasks/scheduled-tasks.service.js";
import { ScriptsRepository } from "./modules/scripts/scripts.repository.js";
import { createScriptsService } from "./modules/scripts/scripts.service.js";
import { SettingsRepository } from "./modules/settings/settings.repository.js";
import { createSettingsService } from "./modules/settings/settings.service.js";
import { createTechniciansRepository } from "./modules/technicians/technicians.repository.js";
import { createTechniciansService } from "./modules/technicians/technicians.service.js";
import { createSsoRepository, createSsoService } from "./modules/sso/index.js";

export interface BuildServicesOptions {
  /** Called for each device deleted or rejected in the console (the agent side disconnects it). */
  onDeviceRemoved?: ((deviceId: number) => void) | undefined;
  /** The scheduled tasks' clock ("Run now", next runs); tests move it. */
  clock?: () => Date;
}

/**
 * The composition root: every service and repository of the server is built here, once, with
 * its dependencies named. The console routes (app.ts), the agent side, the scheduler and the
 * command-line tool all receive these same instances; modules never build services themselves.
 * Where work must run inside a transaction, the root hands over a factory bound to that
 * transaction's handle (`devicesOn`, `jobsOn`, `repoOn`) instead of letting the module construct
 * one.
 */
export function buildServices(deps: AppDeps, options: BuildServicesOptions = {}) {
  // Variants bound to a transaction: the same services, on the transaction's handle.
  const devicesOn = (db: Db) => createDevicesService({ db, dbKind: deps.dbKind });
  const jobsOn = (db: Db, bus: AppDeps["bus"]) =>
    createJobsService({ db, bus }, { repo: createJobsRepository(db), repoOn: createJobsRepository });

  const settings = createSettingsService({ repo: new SettingsRepository(deps.db) });
  const roles = createRolesService({ repo: createRolesRepository(deps.db) });
  const preferences = createPreferencesService({ repo: new PreferencesRepository(deps.db) });
  const securitySettings = createSecuritySettingsService({
    repo: new SecuritySettingsRepository(deps.db),
    config: deps.config,
  });
  const passwordRules = createPasswordRules({
    policy: securitySettings.passwordPolicy,
    history: new PasswordHistoryRepository(deps.db),
  });
  const auth = createAuthService(deps, {
    // The setup form's company name becomes the general setting.
    onSetup: async ({ companyName }) => void (await settings.updateGeneral({ companyName }, null)),
    // The session carries the user's own settings, so the console applies them at once.
    preferencesOf: preferences.get,
    // The security settings: factor types allowed, session limits, password policy.
    allowedFactors: securitySettings.allowedFactors,
    sessionPolicy: securitySettings.sessionPolicy,
    checkPassword: passwordRules.check,
  });
  const mfa = createMfaService(deps, auth, createMfaRepository(deps.db), {
    allowedFactors: securitySettings.allowedFactors,
  });
  // The allow-list and the roles' required factors, checked on every console request.
  const securityRules = securityAccessRules({
    settings: securitySettings,
    requirementMet: (userId) => roleRequirementMet(deps.db, userId, securitySettings.allowedFactors),
  });
  const technicians = createTechniciansService(deps, {
    roles,
    repo: createTechniciansRepository(deps.db),
    languageOf: preferences.languageOf,
    passwords: passwordRules,
  });
  const audit = createAuditService({ repo: new AuditRepository(deps.db) });
  const sso = createSsoService({
    db: deps.db,
    repo: createSsoRepository(deps.db),
    store: new SettingsRepository(deps.db),
    secretBox: deps.secretBox,
    auth,
    publicUrl: deps.config.publicUrl,
  });

  const devices = createDevicesService(deps, { onDeviceRemoved: options.onDeviceRemoved });
  const jobs = createJobsService(deps, {
    repo: createJobsRepository(deps.db),
    repoOn: createJobsRepository,
  });
  const enrollment = createEnrollmentService(deps, {
    repo: createEnrollmentRepository(deps.db),
    repoOn: createEnrollmentRepository,
    devicesOn,
  });
  const organizations = createOrganizationsService({
    repo: new OrganizationsRepository(deps.db),
    onDeviceRemoved: options.onDeviceRemoved,
  });
  const deviceRoles = createDeviceRolesService({ repo: new DeviceRolesRepository(deps.db) });
  const deviceActions = createDeviceActions(devices, jobs);
  const savedSearches = createSavedSearchesService({
    repo: new SavedSearchesRepository(deps.db),
    devices,
    actions: deviceActions,
  });
  const customFields = createCustomFieldsService({
    repo: new CustomFieldsRepository(deps.db),
    devices,
    // Custom-field conditions follow a changed value at once, not only on the periodic pass.
    onValuesChanged: (deviceIds) => void alerts.customFieldsChanged(deviceIds),
  });
  const scripts = createScriptsService({
    repo: new ScriptsRepository(deps.db),
    // Policies and dynamic policies using the script move their version (built below; called later).
    onChanged: (scriptId) =>
      Promise.all([policies.scriptChanged(scriptId), dynamicPolicies.scriptChanged(scriptId)]),
  });
  const credentials = createCredentialsService({
    repo: new CredentialsRepository(deps.db),
    secretBox: deps.secretBox,
  });
  const activities = createActivitiesService({ repo: new ActivitiesRepository(deps.db) });
  const dashboard = createDashboardService({ repo: new DashboardRepository(deps.db) });
  const promotion = createPromotionService({ repo: new PromotionRepository(deps.db) });
  const metrics = createMetricsService({
    repo: createMetricsRepository(deps.db),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const policyDeps = {
    repo: new PoliciesRepository(deps.db),
    repoOn: (db: Db) => new PoliciesRepository(db),
    // Whichever node holds an agent's socket sends it its policy when it moved.
    onChanged: () => deps.bus.emit("policiesChanged"),
  };
  const notifications = createNotificationsService({
    repo: new NotificationsRepository(deps.db),
    secretBox: deps.secretBox,
    mailer: deps.mailer,
    targets: { allowLoopback: deps.config.webhooksAllowLoopback },
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const dynamicPolicies = createDynamicPoliciesService({
    repo: new DynamicPoliciesRepository(deps.db),
    repoOn: (db: Db) => new DynamicPoliciesRepository(db),
    whereOf: devices.whereOf,
    onChanged: policyDeps.onChanged,
  });
  const policies = createPoliciesService(policyDeps);
  const policyAssignments = createPolicyAssignmentsService({ ...policyDeps, dynamic: dynamicPolicies });
  const policyDelivery = createPolicyDelivery({ repo: policyDeps.repo, dynamic: dynamicPolicies });

  const taskRunner: TaskRunnerDeps = {
    db: deps.db,
    bus: deps.bus,
    repo: new ScheduledTasksRepository(deps.db),
    jobsOn,
    devicesOn,
  };
  const scheduledTasks = createScheduledTasksService(
    { ...taskRunner, settings },
    options.clock ? { clock: options.clock } : {},
  );

  const maintenance = createMaintenanceService(
    { db: deps.db, devicesOn },
    options.clock ? { clock: options.clock } : {},
  );

  // Ticketing: tickets with their comments and history, boards, and the setup value lists.
  const ticketingRepo = new TicketingRepository(deps.db);
  const tickets = createTicketsService({
    repo: ticketingRepo,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const ticketingSetup = createTicketingSetupService({ repo: ticketingRepo, tickets });

  // Scheduled automations of policies, run through the job engine.
  const policyAutomations = createPolicyAutomations({
    db: deps.db,
    bus: deps.bus,
    jobsOn,
    repoOn: (db: Db) => new PoliciesRepository(db),
    dynamicOn: (db: Db) =>
      createDynamicPoliciesService({
        repo: new DynamicPoliciesRepository(db),
        repoOn: (on: Db) => new DynamicPoliciesRepository(on),
        whereOf: devicesOn(db).whereOf,
      }),
    maintenanceOn: (db: Db) => createMaintenanceService({ db, devicesOn }),
    ...(options.clock ? { clock: options.clock } : {}),
  });

  // Alerts: condition events from agents and the server's own checks, with their follow-ups.
  const alerts = createAlerts({
    db: deps.db,
    repo: new AlertsRepository(deps.db),
    bus: deps.bus,
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
    devices,
    notifications,
    jobs,
    maintenance,
    policyConditions: createPolicyConditions({ repo: policyDeps.repo, dynamic: dynamicPolicies }),
    ...(options.clock ? { clock: options.clock } : {}),
  });

  // Backup: plans from the policies' backup section, backups and restores as jobs of the job engine.
  const backupRepo = createBackupRepository(deps.db);
  const backupPlans = createPolicySectionReader({ repo: policyDeps.repo, dynamic: dynamicPolicies });
  const backup = createBackupService({
    repo: backupRepo,
    jobs,
    plans: backupPlans,
    raiseFailures: alerts.raiseConditionEvent,
  });
  // The backup plans' schedules: one backup per slot per device and plan.
  const backupSchedule = createBackupSchedule({
    db: deps.db,
    repo: backupRepo,
    plans: backupPlans,
    backup,
    maintenance,
    ...(options.clock ? { clock: options.clock } : {}),
  });

  // Agent releases and rollouts: update keys of their own, the command key only vouches for the first root.
  const agentUpdates = createAgentUpdatesService({
    db: deps.db,
    keys: loadOrCreateUpdateKeys(deps.config.dataDir),
    commandSign: (payload) => deps.commandSigner.sign(payload),
    releasesDir: path.join(deps.config.dataDir, "releases"),
    ...(options.clock ? { clock: options.clock } : {}),
  });

  // The console's live updates: one stream per tab, fed by the bus, checked against its session.
  const live = createLiveHub({
    bus: deps.bus,
    repo: new LiveRepository(deps.db),
    sessionScope: createSessionScope(deps.db, () => securitySettings.sessionPolicy()),
  });

  return {
    settings,
    preferences,
    roles,
    auth,
    mfa,
    technicians,
    audit,
    devices,
    jobs,
    enrollment,
    organizations,
    deviceRoles,
    deviceActions,
    savedSearches,
    customFields,
    scripts,
    credentials,
    activities,
    dashboard,
    promotion,
    metrics,
    policies,
    policyAssignments,
    dynamicPolicies,
    notifications,
    policyDelivery,
    scheduledTasks,
    maintenance,
    tickets,
    ticketingSetup,
    alerts,
    agentUpdates,
    policyAutomations,
    backup,
    backupSchedule,
    securitySettings,
    sso,
    securityRules,
    /** The password policy wherever a password is set. */
    passwordRules,
    live,
    /** The background scheduler over the same runner dependencies (each node may run one). */
    scheduler: {
      create: (schedulerOptions: SchedulerOptions = {}) => createScheduler(taskRunner, schedulerOptions),
      /** Scheduled tasks, the policies' scheduled automations and backup schedules, each on its own loop. */
      start: (schedulerOptions: SchedulerOptions = {}): RunningScheduler => {
        const tasks = startScheduler(taskRunner, schedulerOptions);
        const automations = startPolicyAutomations(policyAutomations, {
          ...(schedulerOptions.logger ? { logger: schedulerOptions.logger } : {}),
        });
        const backups = startPolicyAutomations(backupSchedule, {
          what: "backup schedule",
          ...(schedulerOptions.logger ? { logger: schedulerOptions.logger } : {}),
        });
        return {
          tick: tasks.tick,
          stop: async () => void (await Promise.all([tasks.stop(), automations.stop(), backups.stop()])),
        };
      },
    },
    /** The task runner's dependencies (tests fire runs directly). */
    taskRunner,
  };
}

export type Services = ReturnType<typeof buildServices>;
