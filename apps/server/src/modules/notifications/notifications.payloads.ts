import { createHmac } from "node:crypto";

/** An event as the channels word it. */
export interface OutgoingEvent {
  kind: string;
  title: string;
  text: string;
  severity: string | null;
  link: string | null;
  at: string;
}

/** Generic webhook body: the event as JSON. */
export function genericBody(event: OutgoingEvent, channelId: number): string {
  return JSON.stringify({ channelId, ...event });
}

/**
 * The generic webhook's signature: HMAC-SHA256 of "<timestamp>.<body>" under the channel's
 * secret, hex, sent as "X-Steward-Signature: sha256=<hex>" with "X-Steward-Timestamp: <unix
 * seconds>". Signing the timestamp lets a receiver refuse replays of an old body.
 */
export function signature(secret: string, timestamp: number, body: string): string {
  return "sha256=" + createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

/**
 * Text for Slack's markup: `&`, `<` and `>` escaped, so words a device reported (a host name, a
 * condition's detail) can never become a mention of everyone (`<!channel>`) or a disguised link.
 */
function slackText(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Slack incoming webhook: a fallback text and Block Kit blocks. */
export function slackBody(event: OutgoingEvent): string {
  const heading = event.severity ? `[${event.severity}] ${event.title}` : event.title;
  const blocks: unknown[] = [
    { type: "header", text: { type: "plain_text", text: heading.slice(0, 150), emoji: false } },
  ];
  if (event.text)
    blocks.push({ type: "section", text: { type: "mrkdwn", text: slackText(event.text.slice(0, 3000)) } });
  const context = [{ type: "mrkdwn", text: `${event.kind} · ${event.at}` }];
  if (event.link) context.push({ type: "mrkdwn", text: `<${event.link}|Open in Steward>` });
  blocks.push({ type: "context", elements: context });
  return JSON.stringify({ text: slackText(heading), blocks });
}

/**
 * Teams text that is shown as written: a rich text block's runs are never read as Markdown, so
 * words a device reported (a host name, a condition's detail) cannot become a disguised link.
 */
function teamsText(text: string, style: { weight?: "Bolder"; size?: "Medium" } = {}) {
  return { type: "RichTextBlock", inlines: [{ type: "TextRun", text, ...style }] };
}

/** Teams (Workflows / incoming webhook): a message carrying one Adaptive Card. */
export function teamsBody(event: OutgoingEvent): string {
  const body: unknown[] = [teamsText(event.title, { weight: "Bolder", size: "Medium" })];
  if (event.text) body.push(teamsText(event.text));
  const facts = [
    { title: "Event", value: event.kind },
    { title: "Time", value: event.at },
  ];
  if (event.severity) facts.unshift({ title: "Severity", value: event.severity });
  body.push({ type: "FactSet", facts });
  const card = {
    $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
    type: "AdaptiveCard",
    version: "1.4",
    body,
    ...(event.link
      ? { actions: [{ type: "Action.OpenUrl", title: "Open in Steward", url: event.link }] }
      : {}),
  };
  return JSON.stringify({
    type: "message",
    attachments: [
      { contentType: "application/vnd.microsoft.card.adaptive", contentUrl: null, content: card },
    ],
  });
}

/** Mail subject and text. */
export function mailOf(event: OutgoingEvent): { subject: string; text: string } {
  const subject = event.severity ? `[${event.severity}] ${event.title}` : event.title;
  const lines = [event.title, "", event.text, "", `${event.kind} · ${event.at}`];
  if (event.link) lines.push(event.link);
  return { subject, text: lines.join("\n").replace(/\n{3,}/g, "\n\n") + "\n" };
}
