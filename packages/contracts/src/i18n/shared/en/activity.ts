/**
 * Activity messages the server records, in English (kept in the database as written). The
 * console finds the template again and shows the message in the reader's language.
 */
export const activityEn = {
  deviceEnrolled: "Device {hostname} enrolled",
  deviceEnrolledPending: "Device {hostname} enrolled (waiting for approval)",
  cameOnline: "Device came online",
  wentOfflineSilent: "Device went offline (no heartbeat)",
  wentOfflineClosed: "Device went offline (connection closed)",
  inventoryChanged: "Inventory changed: {sections}",
  customFieldsChanged: "Custom fields changed: {fields}",
  submittedBy: "Submitted by {actor}",
  cancelledBy: "Cancelled by {actor}",
  approvedBy: "Approved by {actor}",
  rejectedBy: "Rejected by {actor}",
  roleClearedBy: "Role cleared by {actor}",
  roleSetBy: "Role set to {role} by {actor}",
  tagAddedBy: "Tag {tag} added by {actor}",
  tagRemovedBy: "Tag {tag} removed by {actor}",
  alertTriggered: "Alert triggered: {condition} ({severity}): {detail}",
  alertRecovered: "Alert reset: {condition} recovered",
  alertAutoReset: "Alert reset automatically: {condition}",
  alertResetBy: "Alert reset by {actor}: {condition}",
  alertConditionRemoved: "Alert reset: {condition} is no longer in the device's policy",
  alertFlapping: "Alert flapping: {condition} changed state too often; notifications paused until it settles",
  alertNotified: "Notification for {condition}: {outcomes}",
} as const;
