export {
  api,
  apiRequest,
  ApiError,
  isApiError,
  setCsrfToken,
  setAuthFailureHandler,
  setStepUpHandler,
} from "./client";
export type { AuthFailureHandler, RequestOptions, QueryValue, ClientErrorCode } from "./client";
export { describeError } from "./describe-error";
