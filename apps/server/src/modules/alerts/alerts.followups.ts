import { fillTemplate, sharedEn } from "@steward/contracts";
import type { Condition, ConditionSeverity } from "@steward/domain";
import type { Db } from "../../platform/db/database.js";
import { translatorFor } from "../../platform/i18n/translator.js";
import { systemScope } from "../../platform/identity/index.js";
import type { Mailer } from "../../platform/mail/mailer.js";
import type { DevicesService } from "../devices/index.js";
import type { JobsService } from "../jobs/index.js";
import type { NotificationsService } from "../notifications/index.js";
import { alertRecipients } from "./alerts.recipients.js";
import type { AlertRow } from "./alerts.repository.js";

/** What an alert's notification says. */
export type AlertNotice = "TRIGGERED" | "RESET" | "FLAPPING";

export interface FollowUpDeps {
  db: Db;
  devices: Pick<DevicesService, "repo">;
  notifications: Pick<NotificationsService, "notify">;
  jobs: Pick<JobsService, "submit">;
  mailer: Mailer;
  publicUrl: string;
  logger: { warn(obj: unknown, msg: string): void };
}

interface Names {
  device: string;
  organization: string;
}

const noticeKind: Record<AlertNotice, string> = {
  TRIGGERED: "ALERT_TRIGGERED",
  RESET: "ALERT_RESET",
  FLAPPING: "ALERT_FLAPPING",
};

/**
 * The follow-ups of an alert: device activities, notifications to the condition's channels and
 * emails to the technicians who chose its severity (recorded as an activity once they are
 * done), and the condition's automation scripts run on the device through the job engine.
 */
export function createAlertFollowUps(deps: FollowUpDeps) {
  const { devices } = deps;
  const link = (alert: AlertRow) => `${deps.publicUrl}/systemDashboard/alerts?deviceId=${alert.deviceId}`;

  function values(alert: AlertRow, names: Names) {
    return {
      condition: alert.conditionName,
      device: names.device,
      organization: names.organization,
      severity: alert.severity,
      priority: alert.priority,
      detail: alert.detail,
      url: link(alert),
    };
  }

  async function emailTechnicians(alert: AlertRow, names: Names, notice: AlertNotice): Promise<number> {
    if (!deps.mailer.enabled) return 0;
    const recipients = await alertRecipients(
      deps.db,
      alert.organizationId,
      alert.severity as ConditionSeverity,
    );
    let sent = 0;
    for (const r of recipients) {
      const t = translatorFor(r.locale);
      const v = values(alert, names);
      const [subject, text] =
        notice === "TRIGGERED"
          ? [t("mail.alert.triggeredSubject", v), t("mail.alert.triggeredBody", v)]
          : notice === "RESET"
            ? [t("mail.alert.resetSubject", v), t("mail.alert.resetBody", v)]
            : [t("mail.alert.flappingSubject", v), t("mail.alert.flappingBody", v)];
      if (await deps.mailer.send({ to: r.email, subject, text })) sent += 1;
    }
    return sent;
  }

  return {
    /** Records a device activity of an alert. */
    async activity(
      alert: AlertRow,
      type: "ALERT_TRIGGERED" | "ALERT_RESET" | "ALERT_NOTIFIED",
      template: string,
      extra: Record<string, string | number> = {},
      actorUserId: number | null = null,
    ) {
      await devices.repo.addActivity(
        alert.deviceId,
        alert.organizationId,
        type,
        fillTemplate(template, {
          condition: alert.conditionName,
          severity: alert.severity,
          detail: alert.detail,
          ...extra,
        }),
        { alertId: alert.id, conditionKey: alert.conditionKey, severity: alert.severity },
        actorUserId,
      );
    },

    /**
     * Tells the condition's channels (one notification) and, when it asks, the technicians; then
     * records what went out as an activity. Slow receivers make it slow: callers do not wait.
     */
    async notify(alert: AlertRow, condition: Condition, names: Names, notice: AlertNotice): Promise<void> {
      const v = values(alert, names);
      const en = translatorFor("en");
      const title =
        notice === "TRIGGERED"
          ? en("mail.alert.triggeredSubject", v)
          : notice === "RESET"
            ? en("mail.alert.resetSubject", v)
            : en("mail.alert.flappingSubject", v);
      const text =
        notice === "TRIGGERED"
          ? en("mail.alert.triggeredBody", v)
          : notice === "RESET"
            ? en("mail.alert.resetBody", v)
            : en("mail.alert.flappingBody", v);
      const outcomes: string[] = [];
      if (condition.channelIds.length > 0) {
        const rows = await deps.notifications.notify(
          { kind: noticeKind[notice], title, text, severity: alert.severity, link: link(alert) },
          { channelIds: condition.channelIds },
        );
        for (const row of rows) outcomes.push(`channel ${row.channelId} ${row.outcome.toLowerCase()}`);
      }
      if (condition.notifyTechnicians) {
        const sent = await emailTechnicians(alert, names, notice);
        outcomes.push(`${sent} technician email${sent === 1 ? "" : "s"}`);
      }
      if (outcomes.length > 0)
        await this.activity(alert, "ALERT_NOTIFIED", sharedEn.activity.alertNotified, {
          outcomes: outcomes.join(", "),
        });
    },

    /** Runs the condition's automation scripts on the device (one ACTION job each). */
    async automate(alert: AlertRow, condition: Condition): Promise<void> {
      if (condition.automationScriptIds.length === 0) return;
      const name = `Condition "${alert.conditionName}"`;
      await deps.jobs.submit(
        { userId: 0, name, audit: { actorUserId: null, actorLabel: name, ip: null } },
        {
          nodes: [
            {
              nodeId: alert.deviceId,
              jobs: condition.automationScriptIds.map((scriptId) => ({
                jobType: "ACTION",
                jobName: `${alert.conditionName}: automation`,
                content: { scriptId },
              })),
            },
          ],
        },
        systemScope,
      );
    },
  };
}

export type AlertFollowUps = ReturnType<typeof createAlertFollowUps>;
