import { useState } from "react";
import { Button, Modal, Paper, Stack } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconUserPlus } from "@tabler/icons-react";
import type { Technician, TechnicianInviteResponse } from "@steward/contracts";
import { describeError } from "../../../api";
import { EmptyState, PageHeader, QueryView, confirmAction } from "../../../ui";
import { useCan, useCurrentUser } from "../../auth";
import { useTechnicianRoles } from "../../roles";
import { useTechnicianAction, useTechnicians, type TechnicianAction } from "../api";
import { InviteLinkPanel } from "../components/InviteLinkPanel";
import { InviteTechnicianModal } from "../components/InviteTechnicianModal";
import { TechniciansTable } from "../components/TechniciansTable";

const done: Record<TechnicianAction, string> = {
  disable: "disabled",
  enable: "enabled",
  reinvite: "re-invited",
  "reset-mfa": "must set up two-factor authentication again at the next sign-in",
  delete: "deleted",
};

function isInviteResponse(value: unknown): value is TechnicianInviteResponse {
  return typeof value === "object" && value !== null && "inviteUrl" in value;
}

export function TechniciansPage() {
  const can = useCan();
  const canManage = can("technicians.manage");
  const me = useCurrentUser();
  const query = useTechnicians();
  const roles = useTechnicianRoles();
  const roleNames = new Map((roles.data ?? []).map((role) => [role.id, role.name]));
  const action = useTechnicianAction();
  const [inviting, setInviting] = useState(false);
  const [inviteResult, setInviteResult] = useState<TechnicianInviteResponse | null>(null);

  const run = (technician: Technician, kind: TechnicianAction) => {
    const name = `${technician.firstName} ${technician.lastName}`;
    action.mutate(
      { id: technician.id, action: kind },
      {
        onSuccess: (result) => {
          if (kind === "reinvite" && isInviteResponse(result)) setInviteResult(result);
          else notifications.show({ color: "teal", message: `${name} ${done[kind]}` });
        },
        onError: (error) =>
          notifications.show({
            color: "red",
            title: `Could not update ${name}`,
            message: describeError(error),
          }),
      },
    );
  };

  const handleAction = (technician: Technician, kind: TechnicianAction) => {
    const name = `${technician.firstName} ${technician.lastName}`;
    if (kind === "delete") {
      confirmAction({
        title: "Delete technician",
        message: `Delete ${name} (${technician.email})? They lose access immediately. This cannot be undone.`,
        onConfirm: () => run(technician, kind),
      });
    } else if (kind === "disable") {
      confirmAction({
        title: "Disable technician",
        message: `Disable ${name}? They are signed out and cannot sign in until enabled again.`,
        confirmLabel: "Disable",
        onConfirm: () => run(technician, kind),
      });
    } else if (kind === "reset-mfa") {
      confirmAction({
        title: "Reset two-factor authentication",
        message: `Reset two-factor authentication for ${name}? They are signed out and must enroll a new authenticator at their next sign-in.`,
        confirmLabel: "Reset",
        onConfirm: () => run(technician, kind),
      });
    } else {
      run(technician, kind);
    }
  };

  const inviteButton = canManage ? (
    <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
      Invite technician
    </Button>
  ) : null;

  return (
    <Stack gap="md">
      <PageHeader
        title="Technicians"
        description="People who sign in to this console. Every account uses two-factor authentication."
        actions={inviteButton}
      />
      <QueryView query={query} errorTitle="Could not load technicians" loadingLabel="Loading technicians…">
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState
              title="No technicians yet"
              description="Invite your colleagues so each has their own sign-in."
              action={inviteButton ?? undefined}
            />
          ) : (
            <Paper withBorder radius="md">
              <TechniciansTable
                roleNames={roleNames}
                items={data.items}
                currentUserId={me?.id}
                canManage={canManage}
                onAction={handleAction}
              />
            </Paper>
          )
        }
      </QueryView>
      <InviteTechnicianModal
        opened={inviting}
        onClose={() => setInviting(false)}
        onInvited={setInviteResult}
      />
      <Modal
        opened={inviteResult !== null}
        onClose={() => setInviteResult(null)}
        title={`Invite for ${inviteResult?.technician.firstName ?? ""} ${inviteResult?.technician.lastName ?? ""}`}
        size="lg"
        centered
      >
        {inviteResult ? <InviteLinkPanel invite={inviteResult} onDone={() => setInviteResult(null)} /> : null}
      </Modal>
    </Stack>
  );
}
