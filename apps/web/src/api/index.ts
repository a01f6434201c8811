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
export { createLiveChannel, liveChannel } from "./live";
export type { LiveChannel, LiveEvent, LiveListener, LiveSource, LiveSourceFactory, LiveStatus } from "./live";
export {
  LIVE_FALLBACK_POLL_MS,
  LiveChannelContext,
  useLiveFallback,
  useLiveInvalidate,
  useLiveStatus,
  useLiveTopic,
  useLiveTopics,
} from "./use-live";
