import { describeApiError, localizeText, translate } from "../i18n";
import { ApiError } from "./client";

/** A sentence for people, in their language: what happened, in words a technician can act on. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    switch (error.code) {
      case "E_FORBIDDEN":
        return translate("ui.errors.forbidden");
      case "E_CSRF":
        return translate("ui.errors.csrf");
      case "E_INTERNAL":
      case "E_HTTP":
        return error.requestId
          ? translate("ui.errors.serverWithRequest", { requestId: error.requestId })
          : translate("ui.errors.server");
      default:
        // The server's own message (or the console's, for E_NETWORK) by its catalogue id.
        return describeApiError(error);
    }
  }
  if (error instanceof Error && error.message) return localizeText(error.message);
  return translate("ui.errors.unexpected");
}
