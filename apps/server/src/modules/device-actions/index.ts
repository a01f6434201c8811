export { deviceActionsRoutes, powerJobName, AD_HOC_JOB_NAME } from "./device-actions.routes.js";
export { deviceActionCommandHandlers, powerPayloadOf } from "./commands.js";
