/** Board id 1 is used when a board path is built without one. */
export const DEFAULT_BOARD_ID = 1;
export const boardPath = (id: number = DEFAULT_BOARD_ID) => `/ticketing/board/${id}`;
export const ticketPath = (id: number) => `/ticketing/ticket/${id}`;
export const SETUP_PATH = "/administration/ticketing";

/** The create form, filled in for an organization (and a device) when given. */
export function newTicketPath(prefill: { organizationId?: number; deviceId?: number } = {}): string {
  const query = new URLSearchParams();
  if (prefill.organizationId) query.set("organizationId", String(prefill.organizationId));
  if (prefill.deviceId) query.set("deviceId", String(prefill.deviceId));
  const text = query.toString();
  return `/ticketing/new${text ? `?${text}` : ""}`;
}
