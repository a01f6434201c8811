export { ticketingRoutes, boardPath, DEFAULT_BOARD_ID } from "./routes";
