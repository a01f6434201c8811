/** Field messages of the contracts and the domain (the server sends them in English; the console finds the id and shows it translated). */
export const validationEn = {
  mandatory: "Mandatory value is undefined. Please enter a value.",
  unstorableText: "Text contains characters that cannot be stored",
  tag: {
    spaces: "Tag cannot contain spaces",
    quotes: "Tag cannot contain quotes",
    commas: "Tag cannot contain commas",
    tooLong: "Exceeds max character limit of 25",
  },
  customField: {
    integer: "Input must be of integer value",
    decimal: "Input must be of decimal value",
    ipAddress: "Value must be a valid IP Address",
  },
  numeric: {
    invalid: "Invalid",
    scientific: "Must not be in scientific notation",
    decimals: "Can contain up to {n} decimal places",
    oneInteger: "Must contain one integer",
    greaterThan: "Value must be greater than {min}",
    greaterOrEqual: "Value must be greater than or equal to {min}",
    lessThan: "Value must be less than {max}",
    lessOrEqual: "Value must be less than or equal to {max}",
  },
  unknownTimeZone: "Unknown time zone",
  cidr: "Enter a network in CIDR form, such as 203.0.113.0/24",
  ssoIssuer: "Enter the identity provider's issuer URL with https:// (http:// only on this computer)",
  ssoSecretRequired: "Enter the client secret the identity provider issued for Steward",
  startPage: "Choose a page of the console",
  email: "Enter a valid email address",
  password: {
    tooShort: "Password must be at least {min} characters",
    tooLong: "Password must be at most {max} characters",
  },
  mfaCode: "Enter the 6-digit code",
  chooseRole: "Choose at least one role",
  choosePermission: "Choose at least one permission",
  chooseOrganization: "Choose at least one organization",
  chooseTarget: "Choose at least one device, group or organization",
  choices: {
    required: "Give at least one choice",
    unique: "Choices must be unique",
  },
  json: {
    notFinite: "Numbers must be finite",
    nestedTooDeeply: "Nested too deeply (at most {max} levels)",
    notJson: "Not a JSON value",
    tooLarge: "Too large (at most {max} bytes of JSON)",
  },
  publicKey: {
    ed25519: "Not an Ed25519 public key (base64 of exactly 32 bytes)",
    x25519: "Not an X25519 public key (base64 of exactly 32 bytes)",
  },
  customFieldDefinition: {
    name: "Start with a letter; use letters, digits and _ (at most 64)",
    globalHasNoRole: "A global field has no role",
    filter: "Use cf={format}",
  },
  scripts: {
    templateId: "Not a template id",
    parameterName: "Start with a letter or _; use letters, digits and _ (at most 64)",
    parameterNameTaken: 'Another parameter is already named "{name}" (names are compared without case)',
    choicesOnlyForChoice: "Only choice parameters have choices",
    choiceStripped: "Choices cannot contain {characters}",
    presetNameTaken: 'Another preset is already named "{name}"',
    unknownParameter: 'The script has no parameter "{name}"',
    boolean: "Enter true or false",
    choice: "Choose one of: {choices}",
    unknownPreset: 'The script has no preset "{name}"',
  },
  jobs: {
    parameterName: "Parameter names are letters, digits and _",
    scriptSource:
      "Give one of a scriptId (library script), a templateId (template script) or a script (inline)",
  },
  runAs: {
    noPreferred:
      '"{runAs}" needs a preferred {credentialType} credential in the device\'s organization, and none is stored',
    notAChoiceFor:
      '"{runAs}" is not a Run As choice for {os} devices; choose {choices} or a stored credential',
    notAChoice: '"{runAs}" is not a Run As choice for this device; choose {choices} or a stored credential',
    notStored: "{value} is not a stored credential of the device's organization",
    wrongOs: 'the credential "{name}" ({credentialType}) cannot be used on {os} devices',
  },
  scheduledTasks: {
    scriptOrInline: "Give an inline script or a scriptId (one of them)",
    presetsNeedScript: "Presets belong to library scripts; give a scriptId",
    scheduleJson: "schedule must be JSON",
  },
  audit: {
    periodOrder: "The start of the period is after its end",
  },
  activities: {
    type: "Not an activity type",
    scopeId: "Give the {scope} id",
    endBeforeStart: "The end is before the start",
  },
  policies: {
    unknownSection: 'There is no policy section "{section}"',
    unknownItem: 'The section "{section}" has no item "{item}"',
    sectionObject: "A section's items are an object",
    roleOnce: "Each role is assigned once",
    classOnce: "Each device class is overridden once",
    tooManyDevices: "Choose at most {max} devices",
  },
  dynamicPolicies: {
    idsOnce: "Each dynamic policy is listed once",
  },
  maintenance: {
    endNotAfterStart: "The end must be after the start",
    chooseSuppression: "Choose at least one thing to suppress",
    chooseTarget: "Choose at least one device, group, location or organization",
    repeats: "A maintenance window repeats daily, weekly, monthly or every N hours or minutes",
    endAfter: "A maintenance window ends never or on a date",
  },
  live: {
    topics: "Give 1 to 32 topics, each alerts, alerts:org:ID, device:ID or job:UID",
  },
} as const;
