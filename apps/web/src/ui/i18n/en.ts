/** The ui texts in English (the source; the spec's texts exactly as written). */
export const en = {
  states: {
    tryAgain: "Try again",
  },
  saveBar: {
    discard: "Discard changes",
  },
  statCard: {
    value: "{label}: {value}",
  },
  rowActions: {
    deleteNamed: "Delete {name}",
    editNamed: "Edit {name}",
  },
  dialogs: {
    ok: "OK",
  },
  notAvailable: {
    thisArea: "This area",
    body: "{area} is not available yet in this version of Steward.",
    noData: "Nothing is shown here until the feature is built; no sample or placeholder data is displayed.",
  },
  pagination: {
    first: "First page",
    previous: "Previous page",
    next: "Next page",
    last: "Last page",
  },
  errors: {
    network: "Could not reach the Steward server. Check your connection and try again.",
    requestFailed: "Request failed ({status})",
    serverError: "The server answered with an error (HTTP {status}).",
    unexpectedAnswer: "The server answered with an unexpected error (HTTP {status}).",
    unreadable: "The server sent an answer the console could not read.",
    forbidden: "You do not have permission to do this. Ask a system administrator for access.",
    csrf: "Your session could not be verified. Reload the page and try again.",
    server: "Something went wrong on the server. Try again in a moment.",
    serverWithRequest: "Something went wrong on the server (request {requestId}). Try again in a moment.",
    unexpected: "Something unexpected went wrong.",
  },
  /** Operating systems: Windows, macOS and Linux are product names and read the same in every language. */
  os: {
    windows: "Windows",
    mac: "macOS",
    linux: "Linux",
    other: "Other",
    any: "Any OS",
  },
} as const;
