import { useState } from "react";
import { Button, Modal, Paper, Stack } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconUserPlus } from "@tabler/icons-react";
import type { Technician, TechnicianInviteResponse } from "@steward/contracts";
import { describeError } from "../../../api";
import { useT, type MessageKey } from "../../../i18n";
import { EmptyState, PageHeader, QueryView, confirmAction } from "../../../ui";
import { useCan, useCurrentUser } from "../../auth";
import { useTechnicianRoles } from "../../roles";
import { useTechnicianAction, useTechnicians, type TechnicianAction } from "../api";
import { InviteLinkPanel } from "../components/InviteLinkPanel";
import { InviteTechnicianModal } from "../components/InviteTechnicianModal";
import { TechniciansTable } from "../components/TechniciansTable";

const done: Record<TechnicianAction, MessageKey> = {
  disable: "technicians.actions.disabled",
  enable: "technicians.actions.enabled",
  reinvite: "technicians.actions.reinvited",
  "reset-mfa": "technicians.actions.mfaReset",
  delete: "technicians.actions.deleted",
};

function isInviteResponse(value: unknown): value is TechnicianInviteResponse {
  return typeof value === "object" && value !== null && "inviteUrl" in value;
}

export function TechniciansPage() {
  const t = useT();
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
          else notifications.show({ color: "teal", message: t(done[kind], { name }) });
        },
        onError: (error) =>
          notifications.show({
            color: "red",
            title: t("technicians.actions.failed", { name }),
            message: describeError(error),
          }),
      },
    );
  };

  const handleAction = (technician: Technician, kind: TechnicianAction) => {
    const name = `${technician.firstName} ${technician.lastName}`;
    if (kind === "delete") {
      confirmAction({
        title: t("technicians.actions.deleteTitle"),
        message: t("technicians.actions.deleteMessage", { name, email: technician.email }),
        onConfirm: () => run(technician, kind),
      });
    } else if (kind === "disable") {
      confirmAction({
        title: t("technicians.actions.disableTitle"),
        message: t("technicians.actions.disableMessage", { name }),
        confirmLabel: t("common.actions.disable"),
        onConfirm: () => run(technician, kind),
      });
    } else if (kind === "reset-mfa") {
      confirmAction({
        title: t("technicians.actions.resetMfaTitle"),
        message: t("technicians.actions.resetMfaMessage", { name }),
        confirmLabel: t("common.actions.reset"),
        onConfirm: () => run(technician, kind),
      });
    } else {
      run(technician, kind);
    }
  };

  const inviteButton = canManage ? (
    <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
      {t("technicians.list.invite")}
    </Button>
  ) : null;

  return (
    <Stack gap="md">
      <PageHeader
        title={t("technicians.routes.list")}
        description={t("technicians.list.description")}
        actions={inviteButton}
      />
      <QueryView
        query={query}
        errorTitle={t("technicians.list.loadError")}
        loadingLabel={t("technicians.list.loading")}
      >
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState
              title={t("technicians.list.emptyTitle")}
              description={t("technicians.list.emptyDescription")}
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
        title={t("technicians.list.inviteFor", {
          firstName: inviteResult?.technician.firstName ?? "",
          lastName: inviteResult?.technician.lastName ?? "",
        })}
        size="lg"
        centered
      >
        {inviteResult ? <InviteLinkPanel invite={inviteResult} onDone={() => setInviteResult(null)} /> : null}
      </Modal>
    </Stack>
  );
}
