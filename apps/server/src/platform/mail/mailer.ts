import nodemailer from "nodemailer";
import type { Logger } from "pino";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** True when an SMTP server is configured; otherwise send() reports false and nothing leaves. */
  readonly enabled: boolean;
  send(message: MailMessage): Promise<boolean>;
}

/** Sends mail through the SMTP server in STEWARD_SMTP_URL (smtp://user:pass@host:port). */
export function createMailer(smtpUrl: string | undefined, from: string, log: Pick<Logger, "warn">): Mailer {
  if (!smtpUrl) return { enabled: false, send: () => Promise.resolve(false) };
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    enabled: true,
    async send(message) {
      try {
        await transport.sendMail({ from, ...message });
        return true;
      } catch (err) {
        // The message text may carry a one-time link: log only where it was going and why it failed.
        log.warn({ to: message.to, err: (err as Error).message }, "mail delivery failed");
        return false;
      }
    },
  };
}
