import { ApiError } from "./client";

/** A sentence for people: what happened, in words a technician can act on. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    switch (error.code) {
      case "E_NETWORK":
        return error.message;
      case "E_FORBIDDEN":
        return "You do not have permission to do this. Ask a system administrator for access.";
      case "E_CSRF":
        return "Your session could not be verified. Reload the page and try again.";
      case "E_INTERNAL":
      case "E_HTTP":
        return `Something went wrong on the server${error.requestId ? ` (request ${error.requestId})` : ""}. Try again in a moment.`;
      default:
        return error.message;
    }
  }
  if (error instanceof Error && error.message) return error.message;
  return "Something unexpected went wrong.";
}
