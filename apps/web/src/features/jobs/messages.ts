/** The exact texts users see for jobs, worded as clients already know them. Never paraphrase these. */
export const jobMessages = {
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
} as const;

/** Job status is polled every 1 second; the wait gives up after about 31 polls. */
export const POLL_INTERVAL_MS = 1000;
export const MAX_POLLS = 31;

/** The seed's spelling of the wake-on-LAN result code. */
export const NO_USABLE_MAC_ADRESSES = "NO_USABLE_MAC_ADRESSES";
