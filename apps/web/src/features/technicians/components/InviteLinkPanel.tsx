import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { IconMailCheck, IconMailOff } from "@tabler/icons-react";
import type { TechnicianInviteResponse } from "@steward/contracts";
import { useT } from "../../../i18n";
import { CopyField, formatDateTime } from "../../../ui";

/** The invite link handed over once, with its 24-hour validity. */
export function InviteLinkPanel({
  invite,
  onDone,
}: {
  invite: TechnicianInviteResponse;
  onDone: () => void;
}) {
  const t = useT();
  const { technician } = invite;
  return (
    <Stack gap="md">
      {invite.emailSent ? (
        <Alert color="teal" variant="light" icon={<IconMailCheck size={18} />}>
          {t("technicians.invite.emailSent", { email: technician.email })}
        </Alert>
      ) : (
        <Alert color="yellow" variant="light" icon={<IconMailOff size={18} />}>
          {t("technicians.invite.emailNotSent", { email: technician.email })}
        </Alert>
      )}
      <CopyField
        label={t("technicians.invite.link")}
        value={invite.inviteUrl}
        copyLabel={t("technicians.invite.copyLink")}
        testId="invite-link"
      />
      <Text size="sm" c="dimmed">
        {t("technicians.invite.validity", { until: formatDateTime(invite.inviteExpiresAt) })}
      </Text>
      <Group justify="flex-end">
        <Button onClick={onDone}>{t("technicians.invite.done")}</Button>
      </Group>
    </Stack>
  );
}
