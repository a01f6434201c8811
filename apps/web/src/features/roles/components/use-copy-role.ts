import { notifications } from "@mantine/notifications";
import { useNavigate } from "react-router";
import { describeError } from "../../../api";
import { useT } from "../../../i18n";
import { useCopyTechnicianRole } from "../api";
import { roleEditorPath } from "../paths";

/**
 * Copies a role (how a built-in template becomes an editable role), says so and opens the copy;
 * a refusal is shown with the server's reason. `pendingId` is the role being copied.
 */
export function useCopyRoleAndOpen() {
  const t = useT();
  const copy = useCopyTechnicianRole();
  const navigate = useNavigate();
  const copyRole = (id: number) =>
    copy.mutate(
      { id },
      {
        onSuccess: (created) => {
          notifications.show({ color: "teal", message: t("roles.copy.created", { name: created.name }) });
          void navigate(roleEditorPath(created.id));
        },
        onError: (error) =>
          notifications.show({
            color: "red",
            title: t("roles.copy.failed"),
            message: describeError(error),
          }),
      },
    );
  return { copyRole, pendingId: copy.isPending ? copy.variables?.id : undefined };
}
