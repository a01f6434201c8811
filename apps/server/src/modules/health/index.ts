export { healthRoutes as healthModule } from "./health.routes.js";
