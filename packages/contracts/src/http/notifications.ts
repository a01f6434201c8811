import { z } from "zod";
import { messages } from "@steward/domain";
import { text } from "../common.js";

/** Where a channel delivers: SMTP mail, a signed generic webhook, or Slack- / Teams-shaped incoming webhooks. */
export const NOTIFICATION_CHANNEL_TYPES = ["EMAIL", "WEBHOOK", "SLACK", "TEAMS"] as const;
export const notificationChannelType = z.enum(NOTIFICATION_CHANNEL_TYPES);
export type NotificationChannelType = z.infer<typeof notificationChannelType>;

/** What happened to one notification on one channel. */
export const NOTIFICATION_OUTCOMES = ["DELIVERED", "FAILED", "REFUSED", "HELD", "DIGESTED"] as const;
export const notificationOutcome = z.enum(NOTIFICATION_OUTCOMES);
export type NotificationOutcome = z.infer<typeof notificationOutcome>;

const mandatory = (max: number) => text().trim().min(1, messages.mandatory).max(max);
/** Only http and https; the server also refuses addresses it must never call (checked on save and on send). */
const webhookUrl = text()
  .trim()
  .max(2048)
  .pipe(z.url({ protocol: /^https?$/ }));
const recipients = z.array(text().trim().max(254).pipe(z.email())).min(1).max(20);

const common = {
  name: mandatory(100),
  enabled: z.boolean().default(true),
  /** At most this many notifications per window; more are held and sent as one digest. */
  throttleLimit: z.number().int().min(1).max(1000).default(10),
  throttleWindowMinutes: z.number().int().min(1).max(1440).default(10),
};

/**
 * POST /api/notification-channels: email takes recipients; the webhooks a URL; the generic
 * webhook also a secret (it signs every body with HMAC-SHA256; sealed at rest, never answered).
 * One object checked per type (not a union), so every field's problem is reported at that field.
 */
export const createNotificationChannelRequest = z
  .object({
    type: notificationChannelType,
    ...common,
    recipients: recipients.optional(),
    url: webhookUrl.optional(),
    secret: text().min(16).max(256).optional(),
  })
  .superRefine((v, ctx) => {
    const need = (path: "recipients" | "url" | "secret") =>
      ctx.addIssue({ code: "custom", path: [path], message: messages.mandatory });
    if (v.type === "EMAIL" && !v.recipients) need("recipients");
    if (v.type !== "EMAIL" && !v.url) need("url");
    if (v.type === "WEBHOOK" && !v.secret) need("secret");
  });
export type CreateNotificationChannelRequest = z.input<typeof createNotificationChannelRequest>;

/** PATCH /api/notification-channels/:id: left-out fields (the URL and secret too) keep their stored values. */
export const updateNotificationChannelRequest = z.object({
  name: mandatory(100).optional(),
  enabled: z.boolean().optional(),
  throttleLimit: common.throttleLimit.unwrap().optional(),
  throttleWindowMinutes: common.throttleWindowMinutes.unwrap().optional(),
  recipients: recipients.optional(),
  url: webhookUrl.optional(),
  secret: text().min(16).max(256).optional(),
});
export type UpdateNotificationChannelRequest = z.input<typeof updateNotificationChannelRequest>;

/** A channel as every answer shows it: never its secret, nor a webhook URL's path (it often is the key). */
export const notificationChannel = z.object({
  id: z.number().int(),
  name: z.string(),
  type: notificationChannelType,
  enabled: z.boolean(),
  recipients: z.array(z.string()),
  /** The webhook's scheme and host only ("https://hooks.slack.com/…"); null for email. */
  urlHint: z.string().nullable(),
  hasSecret: z.boolean(),
  throttleLimit: z.number().int(),
  throttleWindowMinutes: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NotificationChannel = z.infer<typeof notificationChannel>;
export const notificationChannelList = z.object({ items: z.array(notificationChannel) });

/** One line of a channel's delivery log. */
export const notificationDelivery = z.object({
  id: z.number().int(),
  channelId: z.number().int(),
  at: z.string(),
  /** The event's kind (ALERT_TRIGGERED, TEST, DIGEST …). */
  event: z.string(),
  summary: z.string(),
  outcome: notificationOutcome,
  httpStatus: z.number().int().nullable(),
  error: z.string().nullable(),
  attempts: z.number().int(),
});
export type NotificationDelivery = z.infer<typeof notificationDelivery>;
export const notificationDeliveryList = z.object({ items: z.array(notificationDelivery) });

/** What other areas hand to notify(): one event, worded by the caller. */
export const notificationEvent = z.object({
  kind: z.string().min(1).max(64),
  title: z.string().max(500),
  text: z.string().max(4000).default(""),
  severity: z.string().max(32).nullable().default(null),
  link: z.string().max(2048).nullable().default(null),
});
export type NotificationEvent = z.input<typeof notificationEvent>;
