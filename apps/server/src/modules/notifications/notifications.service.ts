import type { z } from "zod";
import {
  notificationEvent,
  type createNotificationChannelRequest,
  type NotificationChannel,
  type NotificationDelivery,
  type NotificationEvent,
  type updateNotificationChannelRequest,
} from "@steward/contracts";
import type { SecretBox } from "../../platform/crypto/index.js";
import { AppError } from "../../platform/errors/app-error.js";
import { audit } from "../../platform/identity/index.js";
import type { Mailer } from "../../platform/mail/mailer.js";
import { RefusedTarget, resolveTarget, type TargetRules } from "./notifications.address.js";
import {
  defaultRetryRules,
  postWithRetries,
  type DeliveryResult,
  type RetryRules,
} from "./notifications.delivery.js";
import {
  genericBody,
  mailOf,
  signature,
  slackBody,
  teamsBody,
  type OutgoingEvent,
} from "./notifications.payloads.js";
import type { ChannelRow, DeliveryRow, NotificationsRepository } from "./notifications.repository.js";

type Actor = Parameters<typeof audit>[1];

const urlContext = (id: number) => `notification-channels:${id}:url`;
const secretContext = (id: number) => `notification-channels:${id}:secret`;

const notFound = () => new AppError("E_NOT_FOUND", 404, { id: "errors.notifications.notFound" });

function nameTaken(error: unknown, name: string | undefined): never {
  for (let e: unknown = error; e !== null && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505" && constraint === "notification_channels_name_key")
      throw new AppError("E_VALIDATION", 400, {
        id: "errors.notifications.nameTaken",
        values: { name: name ?? "" },
      });
  }
  throw error;
}

/** The scheme and host of a webhook URL: its path and query often are the key, so they are never shown. */
function hintOf(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}/…`;
}

export function presentChannel(row: ChannelRow): NotificationChannel {
  return {
    id: row.id,
    name: row.name,
    type: row.type as NotificationChannel["type"],
    enabled: row.enabled,
    recipients: row.type === "EMAIL" ? row.recipients : [],
    urlHint: row.urlHint,
    hasSecret: row.secretSealed !== null,
    throttleLimit: row.throttleLimit,
    throttleWindowMinutes: row.throttleWindowMinutes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentDelivery(row: DeliveryRow): NotificationDelivery {
  return {
    id: row.id,
    channelId: row.channelId,
    at: row.at.toISOString(),
    event: row.event,
    summary: row.summary,
    outcome: row.outcome as NotificationDelivery["outcome"],
    httpStatus: row.httpStatus,
    error: row.error,
    attempts: row.attempts,
  };
}

export interface NotificationsDeps {
  repo: NotificationsRepository;
  secretBox: SecretBox;
  mailer: Mailer;
  targets: TargetRules;
  retry?: RetryRules;
  clock?: () => Date;
}

/** How long the delivery log keeps a line. */
export const DELIVERY_LOG_DAYS = 30;

/** How many held events a digest lists by title; the rest are counted. */
const DIGEST_LISTED = 20;

/**
 * Notification channels: their settings (secrets sealed), sending, the delivery log, and
 * notify(event), which every area calls to tell the channels about an event.
 *
 * Throttling, per channel: at most `throttleLimit` notifications are sent in any window of
 * `throttleWindowMinutes` (counted from the delivery log, so it holds across restarts). An event
 * over the limit is not sent; it is logged HELD. While a channel holds events, newer events are
 * held too, so order is kept. Once the oldest held event has waited a whole window, all held
 * events go out as one digest (one notification, counted against the limit like any other) and
 * are logged DIGESTED. Test sends are never throttled and never count. Two servers notifying at
 * the same instant may each send one over the limit: the limit bounds noise, it is not a quota.
 */
export function createNotificationsService(deps: NotificationsDeps) {
  const { repo, secretBox, mailer, targets } = deps;
  const retry = deps.retry ?? defaultRetryRules;
  const now = deps.clock ?? (() => new Date());

  async function existing(id: number) {
    const row = await repo.find(id);
    if (!row) throw notFound();
    return row;
  }

  /** Refuses a URL the address rules would never call, with the reason. */
  async function checkUrl(url: string) {
    try {
      await resolveTarget(url, targets);
    } catch (e) {
      if (e instanceof RefusedTarget)
        throw new AppError("E_VALIDATION", 400, {
          id: "errors.notifications.urlRefused",
          values: { issue: e.message },
        });
      throw e;
    }
  }

  /** Sends one event on one channel now (no throttling). */
  async function send(channel: ChannelRow, event: OutgoingEvent): Promise<DeliveryResult> {
    if (channel.type === "EMAIL") {
      if (!mailer.enabled)
        return { outcome: "FAILED", httpStatus: null, error: "SMTP is not configured", attempts: 0 };
      const { subject, text } = mailOf(event);
      const failed: string[] = [];
      for (const to of channel.recipients) if (!(await mailer.send({ to, subject, text }))) failed.push(to);
      return failed.length === 0
        ? { outcome: "DELIVERED", httpStatus: null, error: null, attempts: 1 }
        : {
            outcome: "FAILED",
            httpStatus: null,
            error: `mail not accepted for ${failed.join(", ")}`,
            attempts: 1,
          };
    }
    if (!channel.urlSealed) return { outcome: "FAILED", httpStatus: null, error: "no URL", attempts: 0 };
    const url = secretBox.open(channel.urlSealed, urlContext(channel.id));
    if (channel.type === "SLACK") return postWithRetries(url, slackBody(event), () => ({}), targets, retry);
    if (channel.type === "TEAMS") return postWithRetries(url, teamsBody(event), () => ({}), targets, retry);
    const body = genericBody(event, channel.id);
    const secret = channel.secretSealed
      ? secretBox.open(channel.secretSealed, secretContext(channel.id))
      : null;
    return postWithRetries(
      url,
      body,
      () => {
        // Each attempt is signed with its own timestamp, so a receiver's replay window holds for retries.
        const timestamp = Math.floor(Date.now() / 1000);
        return {
          "x-steward-event": event.kind,
          "x-steward-timestamp": String(timestamp),
          ...(secret ? { "x-steward-signature": signature(secret, timestamp, body) } : {}),
        };
      },
      targets,
      retry,
    );
  }

  async function sendAndLog(channel: ChannelRow, event: OutgoingEvent): Promise<DeliveryRow> {
    const result = await send(channel, event);
    return repo.addDelivery({
      channelId: channel.id,
      at: now(),
      event: event.kind,
      summary: event.title.slice(0, 500),
      outcome: result.outcome,
      httpStatus: result.httpStatus,
      error: result.error,
      attempts: result.attempts,
    });
  }

  const windowStart = (channel: ChannelRow, at: Date) =>
    new Date(at.getTime() - channel.throttleWindowMinutes * 60_000);

  /** Sends the digest of a channel's held events when the oldest has waited a whole window. */
  async function flushChannel(channel: ChannelRow, at: Date): Promise<DeliveryRow | null> {
    const held = await repo.held(channel.id);
    const oldest = held[0];
    if (!oldest || oldest.at > windowStart(channel, at)) return null;
    const titles = held.slice(0, DIGEST_LISTED).map((h) => `• ${h.summary}`);
    if (held.length > DIGEST_LISTED) titles.push(`… and ${held.length - DIGEST_LISTED} more`);
    const digest: OutgoingEvent = {
      kind: "DIGEST",
      title: `${held.length} notifications held back by throttling`,
      text: titles.join("\n"),
      severity: null,
      link: null,
      at: at.toISOString(),
    };
    await repo.markDigested(held.map((h) => h.id));
    return sendAndLog(channel, digest);
  }

  return {
    list: () => repo.list(),
    get: (id: number) => existing(id),

    async create(input: z.output<typeof createNotificationChannelRequest>, actor: Actor) {
      const url = input.type === "EMAIL" ? null : (input.url ?? "");
      if (url !== null) await checkUrl(url);
      const id = await repo
        .insert({
          name: input.name,
          type: input.type,
          enabled: input.enabled,
          throttleLimit: input.throttleLimit,
          throttleWindowMinutes: input.throttleWindowMinutes,
          recipients: input.type === "EMAIL" ? (input.recipients ?? []) : [],
          urlHint: url === null ? null : hintOf(url),
        })
        .catch((e: unknown) => nameTaken(e, input.name));
      if (url !== null)
        await repo.update(id, {
          urlSealed: secretBox.seal(url, urlContext(id)),
          secretSealed:
            input.type === "WEBHOOK" && input.secret ? secretBox.seal(input.secret, secretContext(id)) : null,
        });
      await audit(repo.db, actor, {
        action: "notification_channel.create",
        targetType: "notification_channel",
        targetId: id,
        data: { name: input.name, type: input.type },
      });
      return existing(id);
    },

    async update(id: number, input: z.output<typeof updateNotificationChannelRequest>, actor: Actor) {
      const row = await existing(id);
      const set: Parameters<NotificationsRepository["update"]>[1] = {};
      if (input.name !== undefined) set.name = input.name;
      if (input.enabled !== undefined) set.enabled = input.enabled;
      if (input.throttleLimit !== undefined) set.throttleLimit = input.throttleLimit;
      if (input.throttleWindowMinutes !== undefined) set.throttleWindowMinutes = input.throttleWindowMinutes;
      if (input.recipients !== undefined && row.type === "EMAIL") set.recipients = input.recipients;
      if (input.url !== undefined && row.type !== "EMAIL") {
        await checkUrl(input.url);
        set.urlSealed = secretBox.seal(input.url, urlContext(id));
        set.urlHint = hintOf(input.url);
      }
      if (input.secret !== undefined && row.type === "WEBHOOK")
        set.secretSealed = secretBox.seal(input.secret, secretContext(id));
      await repo.update(id, set).catch((e: unknown) => nameTaken(e, input.name));
      await audit(repo.db, actor, {
        action: "notification_channel.update",
        targetType: "notification_channel",
        targetId: id,
        // Which fields changed, never their values (a URL or secret).
        data: { fields: Object.keys(input).filter((k) => input[k as keyof typeof input] !== undefined) },
      });
      return existing(id);
    },

    async remove(id: number, actor: Actor): Promise<void> {
      const row = await existing(id);
      await repo.delete(id);
      await audit(repo.db, actor, {
        action: "notification_channel.delete",
        targetType: "notification_channel",
        targetId: id,
        data: { name: row.name },
      });
    },

    async deliveries(id: number, limit = 100) {
      await existing(id);
      return repo.deliveries(id, limit);
    },

    /** "Send test": one test notification now, logged, whatever the throttle or the enabled switch. */
    async sendTest(id: number): Promise<DeliveryRow> {
      const channel = await existing(id);
      return sendAndLog(channel, {
        kind: "TEST",
        title: "Test notification from Steward",
        text: `This is a test of the notification channel "${channel.name}".`,
        severity: null,
        link: null,
        at: now().toISOString(),
      });
    },

    /**
     * Tells every enabled channel (or those of `channelIds`) about an event (an alert triggered or reset …). Answers each
     * channel's log line: sent, failed, refused or held for a digest. Never throws for a
     * channel's failure. With retries it may take a while: callers on a request's or an agent
     * message's path should not wait for it (`void notify(...)`, errors logged).
     */
    async notify(
      input: NotificationEvent,
      options: { channelIds?: readonly number[] } = {},
    ): Promise<DeliveryRow[]> {
      const parsed = notificationEvent.parse(input);
      const at = now();
      const event: OutgoingEvent = { ...parsed, at: at.toISOString() };
      // A caller may name the channels it tells (a condition's choice); absent: every channel.
      const chosen = options.channelIds && new Set(options.channelIds);
      const enabled = (await repo.list()).filter((c) => c.enabled && (!chosen || chosen.has(c.id)));
      // Channels go in parallel: one slow or failing receiver (retries, timeouts) delays no other.
      return Promise.all(
        enabled.map(async (channel) => {
          await flushChannel(channel, at);
          const holding = (await repo.held(channel.id)).length > 0;
          const sent = await repo.sentSince(channel.id, windowStart(channel, at));
          if (holding || sent >= channel.throttleLimit)
            return repo.addDelivery({
              channelId: channel.id,
              at,
              event: event.kind,
              summary: event.title.slice(0, 500),
              payload: event,
              outcome: "HELD",
              attempts: 0,
            });
          return sendAndLog(channel, event);
        }),
      );
    },

    /** Drops delivery log lines older than the retention (a timer calls it). */
    prune: () => repo.pruneBefore(new Date(now().getTime() - DELIVERY_LOG_DAYS * 86_400_000)),

    /** Sends the digests that are due (a timer calls it; notify() does too). */
    async flushDigests(): Promise<DeliveryRow[]> {
      const at = now();
      const out: DeliveryRow[] = [];
      for (const channel of await repo.list()) {
        if (!channel.enabled) continue;
        const sent = await flushChannel(channel, at);
        if (sent) out.push(sent);
      }
      return out;
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
