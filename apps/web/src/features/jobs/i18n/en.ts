/** The jobs texts in English (the source; the spec's texts exactly as written). */
export const en = {
  status: {
    succeeded: "Succeeded",
    failed: "Failed",
    cancelled: "Cancelled",
    cancelling: "Cancelling",
    running: "Running",
    sent: "Sent",
    queued: "Queued",
  },
  /** Worded as clients already know them: never paraphrase these. */
  flow: {
    submitFailed: "Error creating/updating jobs",
    failedTitle: "Unable to perform this action",
    noResponseTitle: "No response",
    noResponse: "Did not receive a response from the device",
    pollFailed: "There was a problem completing the request you made",
    wakeFailed: "Error sending wake-on-lan",
    wakeUnsuccessfulTitle: "Wake-on-LAN unsuccessful",
    wakeUnsuccessful: "No devices are online that can wake up the device",
    wakeUnsuccessfulNote:
      "Check that Wake-on-LAN is enabled in the device's BIOS and network-adapter settings, and that another device of the organization is online in the same network.",
    wakeSentTitle: "Wake-on-LAN sent",
    wakeSent:
      "A wake-up packet was sent to the device through a device online in its network. The job runs as soon as the device is online.",
    errorTitle: "Error",
    waitingTitle: "Waiting for the device",
    waitingMessage: "The device is working on it…",
  },
  output: {
    cancelError: "Could not cancel the job",
    running: "Job running",
    job: "Job",
    exitCode: "Exit code {code}",
    cancellation: "{job}: {message}",
    queued: "The device is offline or has not picked the job up yet; it runs when the device connects.",
    output: "Output",
    errors: "Errors",
    loadError: "Could not load the output: {error}",
    loading: "Loading the output…",
    truncated: "The output was longer than the size limit and was truncated.",
    runAs: "Run As {account}",
    runAsCredential: "Run As a stored credential",
    preset: "Preset {preset}",
  },
} as const;
