import { Alert } from "@mantine/core";
import { IconClockExclamation, IconInfoCircle } from "@tabler/icons-react";
import { useT } from "../../../i18n";

export type LoginNoticeKind = "expired" | "signedOut" | "setupDone" | "passwordSet";

/** Why the visitor landed on the sign-in page, carried in the navigation state. */
export function LoginNotice({ kind }: { kind: LoginNoticeKind | undefined }) {
  const t = useT();
  switch (kind) {
    case "expired":
      return (
        <Alert
          color="yellow"
          variant="light"
          title={t("auth.notice.expiredTitle")}
          icon={<IconClockExclamation size={18} />}
        >
          {t("auth.notice.expired")}
        </Alert>
      );
    case "signedOut":
      return (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
          {t("auth.notice.signedOut")}
        </Alert>
      );
    case "setupDone":
      return (
        <Alert color="teal" variant="light" icon={<IconInfoCircle size={18} />}>
          {t("auth.notice.setupDone")}
        </Alert>
      );
    case "passwordSet":
      return (
        <Alert color="teal" variant="light" icon={<IconInfoCircle size={18} />}>
          {t("auth.notice.passwordSet")}
        </Alert>
      );
    default:
      return null;
  }
}
