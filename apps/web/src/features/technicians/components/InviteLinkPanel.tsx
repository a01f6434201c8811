import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { IconMailCheck, IconMailOff } from "@tabler/icons-react";
import type { TechnicianInviteResponse } from "@steward/contracts";
import { CopyField, formatDateTime } from "../../../ui";

/** The invite link handed over once, with its 24-hour validity. */
export function InviteLinkPanel({
  invite,
  onDone,
}: {
  invite: TechnicianInviteResponse;
  onDone: () => void;
}) {
  const { technician } = invite;
  return (
    <Stack gap="md">
      {invite.emailSent ? (
        <Alert color="teal" variant="light" icon={<IconMailCheck size={18} />}>
          An invite email was sent to {technician.email}. You can also hand over the link below.
        </Alert>
      ) : (
        <Alert color="yellow" variant="light" icon={<IconMailOff size={18} />}>
          No email was sent (outgoing mail is not configured). Send this link to {technician.email} yourself.
        </Alert>
      )}
      <CopyField label="Invite link" value={invite.inviteUrl} copyLabel="Copy link" testId="invite-link" />
      <Text size="sm" c="dimmed">
        The link is valid for 24 hours, until {formatDateTime(invite.inviteExpiresAt)}. It works once; the
        technician chooses a password and sets up two-factor authentication.
      </Text>
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
