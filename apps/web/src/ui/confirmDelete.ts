import { notifications } from "@mantine/notifications";
import { describeError } from "../api";
import { confirmAction } from "./confirm";

interface DeleteCallbacks {
  onSuccess: () => void;
  onError: (error: unknown) => void;
}

interface ConfirmDeleteOptions {
  /** The dialog's title, e.g. "Delete script". */
  title: string;
  /** The question, naming what goes and what follows from it. */
  message: string;
  /** Deletes; calls one of the callbacks when done, e.g. `(done) => remove.mutate(id, done)`. */
  remove: (done: DeleteCallbacks) => void;
  /** The green notification once deleted, e.g. `Script "Backup" deleted`. */
  deletedMessage: string;
  /** The red notification's title when it fails, e.g. "Could not delete the script". */
  errorTitle: string;
}

/** Asks before deleting, deletes, and says how it went in a notification. */
export function confirmDelete({
  title,
  message,
  remove,
  deletedMessage,
  errorTitle,
}: ConfirmDeleteOptions): void {
  confirmAction({
    title,
    message,
    onConfirm: () =>
      remove({
        onSuccess: () => notifications.show({ color: "teal", message: deletedMessage }),
        onError: (error) =>
          notifications.show({ color: "red", title: errorTitle, message: describeError(error) }),
      }),
  });
}
