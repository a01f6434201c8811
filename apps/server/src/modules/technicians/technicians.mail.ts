import type { MailMessage } from "../../platform/mail/mailer.js";
import type { Translate } from "../../platform/i18n/translator.js";

export interface InvitationMailValues {
  to: string;
  /** The inviting technician's name. */
  inviter: string;
  inviteUrl: string;
  validHours: number;
}

/** The invitation to set a password, in the language `t` writes. */
export function invitationMail(t: Translate, values: InvitationMailValues): MailMessage {
  return {
    to: values.to,
    subject: t("mail.invitation.subject"),
    text: t("mail.invitation.body", {
      inviter: values.inviter,
      hours: values.validHours,
      url: values.inviteUrl,
    }),
  };
}
