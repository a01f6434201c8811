/** The security settings and step-up texts in English (the source). */
export const en = {
  page: {
    description: "Sign-in rules for every technician: passwords, second factors, sessions and addresses.",
    loading: "Loading security settings…",
    loadError: "Could not load the security settings",
    saved: "Security settings saved",
    password: "Password policy",
    minLength: "Minimum password length",
    rejectBreached: "Refuse common and breached passwords",
    rejectBreachedHelp: "Checked against a list of common passwords shipped with Steward.",
    history: "Previous passwords that may not be reused",
    factors: "Allowed second factors",
    factorsHelp: "Technicians can only set up and use the factors checked here.",
    factorTOTP: "Authenticator app",
    factorU2F: "Security key",
    factorSMS: "SMS code",
    factorDUO: "Duo",
    sessions: "Sessions",
    idle: "Sign out after inactivity (minutes)",
    absolute: "Sign out after (hours), active or not",
    stepUp: "Confirmation for sensitive actions",
    stepUpWindow: "Ask for the second factor again after (minutes)",
    stepUpWindowHelp:
      "Changing technicians, roles, credentials or these settings, revealing secrets and deleting organizations or devices need a recent confirmation.",
    stepUpDevices: "Scripts run on more devices than this need a confirmation",
    network: "Technician sign-in addresses",
    allowList: "Allowed networks",
    allowListHelp:
      "One network per line in CIDR form, such as 203.0.113.0/24. Leave empty to allow every address.",
    allowListEmpty: "Every address is allowed",
  },
  stepUpPrompt: {
    title: "Confirm it's you",
    description:
      "This action needs a recent second-factor confirmation. Enter a code from your authenticator app.",
    recoveryDescription: "Enter one of your recovery codes. Each code works once.",
    recoveryCode: "Recovery code",
    useRecovery: "Use a recovery code",
    useCode: "Use the authenticator app",
    confirm: "Confirm",
    cancel: "Cancel",
  },
} as const;
