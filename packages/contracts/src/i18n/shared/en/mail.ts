/**
 * Emails the server sends, in the recipient's language. A mail is a subject and a plain-text
 * body; the body's lines end with "\n".
 */
export const mailEn = {
  invitation: {
    subject: "You are invited to Steward",
    /** inviter: the inviting technician's name; hours: how long the link is valid; url: the link. */
    body:
      "{inviter} invited you to the Steward console.\n\n" +
      "Set your password here (the link is valid for {hours, plural, one {# hour} other {# hours}}):\n{url}\n\n" +
      "You will then set up multi-factor authentication with an authenticator app.\n",
  },
  alert: {
    /** severity, condition, device: the alert's; organization: the device's. */
    triggeredSubject: "[{severity}] {condition} on {device}",
    triggeredBody:
      "The condition {condition} triggered on {device} ({organization}).\n\n" +
      "Severity: {severity}\nPriority: {priority}\nDetail: {detail}\n\nOpen the alert: {url}\n",
    resetSubject: "[Reset] {condition} on {device}",
    resetBody: "The alert {condition} on {device} ({organization}) was reset.\n\nOpen the alerts: {url}\n",
    flappingSubject: "[Flapping] {condition} on {device}",
    flappingBody:
      "The condition {condition} on {device} ({organization}) changes state too often. " +
      "Notifications about it pause until it has been stable for 30 minutes.\n\nOpen the alerts: {url}\n",
  },
} as const;
