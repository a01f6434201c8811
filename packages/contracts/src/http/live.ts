import { z } from "zod";
import { MAX_ID, text } from "../common.js";
import { validationEn } from "../i18n/shared/en/validation.js";

/** The most topics one live stream follows. */
export const LIVE_MAX_TOPICS = 32;

/**
 * What a live stream can follow: every alert the caller may read, the alerts of one organization,
 * one device (its status, alerts and jobs) or one job (its status and output).
 */
export type LiveTopic =
  | { kind: "alerts" }
  | { kind: "organization-alerts"; organizationId: number }
  | { kind: "device"; deviceId: number }
  | { kind: "job"; jobUid: string };

/** Topic names as the stream's query and its events spell them. */
export const liveTopics = {
  alerts: "alerts",
  organizationAlerts: (organizationId: number) => `alerts:org:${organizationId}`,
  device: (deviceId: number) => `device:${deviceId}`,
  job: (jobUid: string) => `job:${jobUid}`,
} as const;

const TOPIC = /^(?:(alerts)|alerts:org:([1-9]\d{0,9})|device:([1-9]\d{0,9})|job:([A-Za-z0-9-]{1,64}))$/;

const idOf = (digits: string | undefined): number | null => {
  const n = Number(digits);
  return Number.isSafeInteger(n) && n >= 1 && n <= MAX_ID ? n : null;
};

/** Reads one topic name; null when it is none of the known forms (or names an id out of range). */
export function parseLiveTopic(name: string): LiveTopic | null {
  const m = TOPIC.exec(name);
  if (!m) return null;
  if (m[1]) return { kind: "alerts" };
  if (m[2]) {
    const organizationId = idOf(m[2]);
    return organizationId === null ? null : { kind: "organization-alerts", organizationId };
  }
  if (m[3]) {
    const deviceId = idOf(m[3]);
    return deviceId === null ? null : { kind: "device", deviceId };
  }
  return { kind: "job", jobUid: m[4]! };
}

const topicNames = (s: string) => [
  ...new Set(
    s
      .split(",")
      .map((x) => x.trim())
      .filter(Boolean),
  ),
];

/** GET /api/live: the topics of the stream, comma-separated ("alerts,device:12"). */
export const liveQuery = z.object({
  topics: text()
    .max(4000)
    .refine(
      (s) => {
        const names = topicNames(s);
        return (
          names.length >= 1 &&
          names.length <= LIVE_MAX_TOPICS &&
          names.every((name) => parseLiveTopic(name) !== null)
        );
      },
      { message: validationEn.live.topics },
    )
    .transform(topicNames),
});
export type LiveQuery = z.infer<typeof liveQuery>;

/** What changed, as a notice names it; the console reads the thing again to see how. */
export const liveChanges = ["alert", "job", "job-output", "device-status"] as const;
export type LiveChange = (typeof liveChanges)[number];

/**
 * One event of a live stream (its `data`, JSON): the topic it belongs to, what changed and the
 * ids of what changed. Never the changed content itself.
 */
export const liveNotice = z.object({
  topic: z.string(),
  change: z.enum(liveChanges),
  organizationId: z.number().int().optional(),
  deviceId: z.number().int().optional(),
  alertId: z.number().int().optional(),
  jobUid: z.string().optional(),
});
export type LiveNotice = z.infer<typeof liveNotice>;
