// Its routes reach the registry from ./routes; other features read the notification channels (to choose some).
export { useChannels } from "./notifications/api";
