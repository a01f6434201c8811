import { isApiError } from "../../../api";

/** A 403 on a backup read: the reader lacks the permission, which is shown quietly, not as an error. */
export const isForbidden = (error: unknown) => isApiError(error, "E_FORBIDDEN");
