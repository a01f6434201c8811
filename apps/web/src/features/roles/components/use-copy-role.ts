import { notifications } from "@mantine/notifications";
import { useNavigate } from "react-router";
import { describeError } from "../../../api";
import { useCopyTechnicianRole } from "../api";
import { roleEditorPath } from "../paths";

/**
 * Copies a role (how a built-in template becomes an editable role), says so and opens the copy;
 * a refusal is shown with the server's reason. `pendingId` is the role being copied.
 */
export function useCopyRoleAndOpen() {
  const copy = useCopyTechnicianRole();
  const navigate = useNavigate();
  const copyRole = (id: number) =>
    copy.mutate(
      { id },
      {
        onSuccess: (created) => {
          notifications.show({ color: "teal", message: `Role "${created.name}" created` });
          void navigate(roleEditorPath(created.id));
        },
        onError: (error) =>
          notifications.show({
            color: "red",
            title: "Could not copy the role",
            message: describeError(error),
          }),
      },
    );
  return { copyRole, pendingId: copy.isPending ? copy.variables?.id : undefined };
}
