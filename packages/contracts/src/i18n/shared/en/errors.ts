/**
 * One text per error the server answers with; the server formats its English message from it and
 * sends the id and values beside it, the console shows the same id in the reader's language.
 * A count uses an ICU plural; its English "other" form is the text the server always wrote.
 */
export const errorsEn = {
  notFound: "Not found",
  forbidden: "You do not have permission to do this",
  internal: "Something went wrong on our side. Try again; if it keeps happening, contact your administrator.",
  http: {
    noEndpoint: "No such endpoint: {method} {path}",
    methodNotAllowed: "This request method is not allowed here",
    badJson: "The request body is not valid JSON",
    bodyTooLarge: "The request body is too large",
    unsupportedMediaType: "Send the request body as application/json",
    malformed: "The request is malformed",
    nestedTooDeeply:
      "{max, plural, one {The request body is nested too deeply (at most {max} level)} other {The request body is nested too deeply (at most {max} levels)}}",
    tooManyRequests:
      "{seconds, plural, one {Too many requests. Try again in {seconds} second.} other {Too many requests. Try again in {seconds} seconds.}}",
    noAccessRule: "This endpoint declares no access rule",
  },
  validation: {
    /** A field and what is wrong with it; the issue is a validation text (or a schema's own English). */
    field: "{field}: {issue}",
    fieldInvalid: "{field}: invalid",
    invalidRequest: "Invalid request",
    unstorable: "A value in the request cannot be stored",
  },
  auth: {
    unauthenticated: "Sign in to continue",
    sessionExpired: "Your session has expired. Sign in again.",
    mfaRequired: "Complete multi-factor authentication to continue",
    csrf: "The request is missing a valid CSRF token. Reload the page and try again.",
    invalidCredentials: "Incorrect email or password",
    invalidCode: "The code is not valid",
    lockedOut:
      "{seconds, plural, one {Too many failed attempts. Try again in {seconds} second.} other {Too many failed attempts. Try again in {seconds} seconds.}}",
    signInRateLimited:
      "{seconds, plural, one {Too many sign-in attempts. Try again in {seconds} second.} other {Too many sign-in attempts. Try again in {seconds} seconds.}}",
    mfaAlreadyEnrolled: "Multi-factor authentication is already set up",
    mfaEnrollmentNotStarted: "Start the authenticator setup first",
    mfaNotEnrolled: "Set up multi-factor authentication first",
    mfaChallengeExpired: "The code or request has expired. Request a new one.",
    mfaSendLimit:
      "{seconds, plural, one {Too many codes requested. Try again in {seconds} second.} other {Too many codes requested. Try again in {seconds} seconds.}}",
    mfaProviderUnavailable: "The verification service is not available. Try another method.",
    mfaDenied: "The verification was denied",
    mfaFactorNotFound: "No such second factor",
    mfaPhoneInvalid: "Enter the phone number in international form, starting with +",
    stepUpRequired: "Confirm your identity with your second factor to continue",
    weakPassword: "Choose a stronger password",
    passwordTooShort: "The password must be at least {min} characters long",
    passwordCharacterClasses:
      "The password must mix at least {count} kinds of characters: lowercase letters, uppercase letters, digits, symbols",
    passwordBreached: "This password is on a list of commonly used passwords. Choose another one.",
    passwordReused: "You used this password recently. Choose one you have not used before.",
    mfaFactorNotAllowed:
      "This kind of second factor is not allowed. Set up one of the allowed kinds to continue.",
    mfaRoleRequirement: "Your role requires another kind of second factor. Set it up to continue.",
    ipNotAllowed: "Access from your network address ({ip}) is not allowed. Contact your administrator.",
    allowListExcludesYou:
      "The allow-list does not include your own address ({ip}): saving it would lock you out. Add your address or network first.",
    setupAlreadyDone: "Steward is already set up. Sign in instead.",
    userDisabled: "This account is disabled. Ask a system administrator to enable it.",
  },
  technicians: {
    notFound: "No such technician",
    onlyAdminsMakeAdmins: "Only system administrators can make system administrators",
    onlyAdminsManageAdmins: "Only system administrators can manage system administrators",
    onlyAdminsChangeAdminRights: "Only system administrators can change administrator rights",
    lastAdmin: "The last active system administrator cannot be removed or disabled",
    cannotModifySelf: "You cannot do this to your own account",
    emailTaken: "A technician with this email already exists",
    inviteNotPending: "This technician has already accepted the invitation",
    inviteInvalid: "This invitation link is invalid or has expired",
  },
  roles: {
    notFound: "No such role",
    builtIn: "Built-in roles are templates: copy one to change it",
    nameTaken: 'A role named "{name}" already exists',
    inUse: 'The role "{name}" is held by technicians: take it away from them first',
    exceedsGrants:
      "You cannot {verb, select, copy {copy} change {change} other {create}} a role with permissions you do not hold in all of its organizations: {permissions}",
    giveBeyondGrants:
      'You cannot give the role "{name}": it grants permissions you do not hold in all of its organizations ({permissions})',
    takeAwayBeyondGrants:
      'You cannot take away the role "{name}": it grants permissions you do not hold in all of its organizations ({permissions})',
  },
  organizations: {
    notFound: "Organization not found",
    noSuch: "No such organization",
    nameTaken: 'An organization named "{name}" already exists',
    createNeedsAll: "Creating an organization needs access to every organization",
  },
  locations: {
    notFound: "Location not found",
    notInOrganization: "No such location in this organization",
    notInDeviceOrganization: "Location not found in the device's organization",
    namesUnique: "Location names must be unique within an organization",
    nameTaken: 'A location named "{name}" already exists in this organization',
    hasDevices: "The location still has devices: move or delete them first",
    defaultUndeletable: "The default location cannot be deleted",
  },
  enrollment: {
    tokenNotFound: "No such enrollment token",
    tokenInvalid: "Unknown enrollment token",
    tokenExpired: "This enrollment token has expired",
    tokenRevoked: "This enrollment token has been revoked",
    tokenExhausted: "This enrollment token has no uses left",
    wrongOrganization: "This enrollment token belongs to another organization",
    rejected: "This organization does not accept new devices",
    deviceKeyTaken: "A device with this key is already enrolled",
    badPublicKey: "publicKey: Not an Ed25519 public key (base64 of exactly 32 bytes)",
    agentNotBuilt: "The agent has not been built",
    agentNotBuiltHint: "The agent has not been built (npm run build)",
    notAgentEndpoint: "Not an agent endpoint",
    failed: "Enrollment failed on the server",
  },
  devices: {
    notFound: "Device not found",
    noSuch: "No such device",
    idNotFound: "No device with id {id}",
    notApproved: "Device {id} is not approved",
    notPending: "The device is not waiting for approval",
    roleWrongOs: "The role {role} is for {os} devices",
    tooManyTags:
      "{max, plural, one {A device can have at most {max} tag} other {A device can have at most {max} tags}}",
  },
  deviceRoles: {
    notFound: "Device role not found",
    changeNeedsAll: "Changing device roles needs device management in every organization",
    builtIn: "Built-in roles cannot be changed or deleted",
    nameTaken: 'A role named "{name}" already exists',
  },
  savedSearches: {
    notFound: "Saved search not found",
    nameTaken: 'A saved search named "{name}" already exists',
    noTarget: "data: give nodeIds, searchId or criteria",
    unknownAction: "Unknown action {action}",
  },
  customFields: {
    notFound: "Custom field not found",
    nameTaken: 'A custom field named "{name}" already exists',
    notApplicable: "This field does not apply to the device's role",
    readOnly: "{label} is read only",
  },
  jobs: {
    notFound: "No such job",
    invalidType: "Invalid Job Type",
    notRunnable: "{type} jobs cannot be run by this server yet",
    noScript: "content.script: choose a script to run",
    notCancellable: "The job is {status} and cannot be cancelled",
    devicesCacheExpired: "The device list changed since it was loaded. Reload the devices and try again.",
    noWakingDevice: "No devices are online that can wake up the device",
    scriptOsMismatch:
      'The script "{script}" is written for {scriptOs}, but {count, plural, one {this device runs} other {{count} devices run}} another operating system: {devices}{more, plural, =0 {} other { and {more} more}}',
  },
  scripts: {
    notFound: "Script not found",
    templateNotFound: "Template script not found",
    nameTaken: 'A script named "{name}" already exists',
    presetNeedsScript:
      "{field}: presets belong to library and template scripts; give a scriptId or a templateId",
    scriptOrTemplate: "{field}: give a scriptId or a templateId, not both",
    noTemplate: '{field}: no template script "{id}"',
    noScript: "{field}: no script with id {id}",
  },
  credentials: {
    notFound: "Credential not found",
    nameTaken: 'A credential named "{name}" already exists in this organization',
  },
  scheduledTasks: {
    notFound: "Scheduled task not found",
    noDevices: "targets.deviceIds: no device with id {ids}",
    noOrganizations: "targets.organizationIds: no organization with id {ids}",
    noGroup: "targets.groupIds: no group with id {id}",
  },
  policies: {
    notFound: "Policy not found",
    nameTaken: 'A policy named "{name}" already exists for this device class',
    defaultUndeletable: "Default policies cannot be deleted",
    inUse:
      "{count, plural, one {The policy is used by # device: assign it another policy first} other {The policy is used by # devices: assign them another policy first}}",
    parentOtherClass: "A policy inherits only from a policy of the same device class",
    parentCycle: "A policy cannot inherit from itself or from a policy that inherits from it",
    wrongClass: 'The policy "{name}" is not for this device class',
    wrongOsFamily: 'The policy "{name}" is not for the role\'s operating system',
    noClass: "No policy applies to devices with this operating system",
  },
  dynamicPolicies: {
    notFound: "Dynamic policy not found",
    nameTaken: 'A dynamic policy named "{name}" already exists for this device class',
    orderInvalid: "The order must list every dynamic policy of the device class exactly once",
  },
  notifications: {
    notFound: "Notification channel not found",
    nameTaken: 'A notification channel named "{name}" already exists',
    urlRefused: "This webhook address cannot be used: {issue}",
  },
  alerts: {
    notFound: "Alert not found",
  },
  maintenance: {
    notFound: "Maintenance window not found",
    noDevices: "targets.deviceIds: no device with id {ids}",
    noLocations: "targets.locationIds: no location with id {ids}",
    noOrganizations: "targets.organizationIds: no organization with id {ids}",
    noGroup: "targets.groupIds: no group with id {id}",
    systemNeedsAll: "System-wide maintenance windows need access to every organization",
  },
  live: {
    topicNotFound: "Live topic not found",
    tooManyStreams: "Too many live update streams are open for this session; close a console tab",
  },
  ticketing: {
    ticketNotFound: "Ticket not found",
    boardNotFound: "Board not found",
    boardBuiltIn: "The All tickets board is part of every installation and cannot be deleted",
    valueNotFound: "Ticket setup value not found",
    valueBuiltIn: "Built-in ticket statuses cannot be deleted",
    valueInUse: "Tickets use this value; change them before deleting it",
  },
} as const;
