import { Alert } from "@mantine/core";
import { IconClockExclamation, IconInfoCircle } from "@tabler/icons-react";

export type LoginNoticeKind = "expired" | "signedOut" | "setupDone" | "passwordSet";

/** Why the visitor landed on the sign-in page, carried in the navigation state. */
export function LoginNotice({ kind }: { kind: LoginNoticeKind | undefined }) {
  switch (kind) {
    case "expired":
      return (
        <Alert
          color="yellow"
          variant="light"
          title="Your session has expired"
          icon={<IconClockExclamation size={18} />}
        >
          Sign in again to continue.
        </Alert>
      );
    case "signedOut":
      return (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
          You have signed out.
        </Alert>
      );
    case "setupDone":
      return (
        <Alert color="teal" variant="light" icon={<IconInfoCircle size={18} />}>
          The system administrator account is ready. Sign in to set up multi-factor authentication.
        </Alert>
      );
    case "passwordSet":
      return (
        <Alert color="teal" variant="light" icon={<IconInfoCircle size={18} />}>
          Your password is set. Sign in to set up multi-factor authentication.
        </Alert>
      );
    default:
      return null;
  }
}
