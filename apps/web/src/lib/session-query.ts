/**
 * The cache key the signed-in session lives under. The auth feature owns the query; the test
 * harness seeds it to render a page as a given user.
 */
export const SESSION_QUERY_KEY = ["auth", "session"] as const;
