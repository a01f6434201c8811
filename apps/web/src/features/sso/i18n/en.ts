/** The single sign-on texts in English (the source). */
export const en = {
  page: {
    description:
      "Technicians sign in with your OpenID Connect identity provider. They still confirm the console's second factor unless you trust the provider's.",
    loading: "Loading single sign-on settings…",
    loadError: "Could not load the single sign-on settings",
    saved: "Single sign-on settings saved",
    provider: "Identity provider",
    providerName: "Provider name",
    providerNameHelp: 'Shown on the sign-in page as "Sign in with …".',
    issuerUrl: "Issuer URL",
    issuerUrlHelp: "The provider's address; its settings are read from /.well-known/openid-configuration.",
    issuerUrlPlaceholder: "https://login.example.com",
    clientId: "Client ID",
    clientSecret: "Client secret",
    clientSecretSet: "Set",
    clientSecretNotSet: "Not set",
    clientSecretReplace: "Stored encrypted. Type a new secret to replace it.",
    clientSecretHelp: "Stored encrypted; never shown again.",
    redirectUri: "Redirect URI to register at the provider",
    scopes: "Scopes",
    scopesHelp: "Separated by spaces; openid is always requested.",
    accounts: "Technician accounts",
    groupClaim: "Group claim",
    groupClaimHelp: "The claim of the ID token that lists the user's groups.",
    jit: "Create technicians at their first sign-in",
    jitHelp: "An unknown email becomes a new technician with the roles of their mapped groups.",
    trustMfa: "Trust the identity provider's multi-factor authentication",
    trustMfaHelp:
      'Skip the console\'s second factor at sign-in when the provider reports "mfa" among the authentication methods (amr).',
    enabled: "Offer single sign-on on the sign-in page",
  },
  mappings: {
    title: "Group to role mapping",
    help: "Technicians get exactly the roles of their mapped groups at every sign-in. System administrators keep theirs.",
    caption: "Identity provider groups and the roles their members get",
    group: "Group",
    role: "Role",
    actions: "Actions",
    empty: "No group is mapped yet. Without a mapping no technician can be created at sign-in.",
    add: "Add mapping",
    rolePlaceholder: "Choose a role",
  },
  signIn: {
    button: "Sign in with {provider}",
    or: "or",
    refused: {
      failed: "Single sign-on did not complete. Try again, or sign in with your password.",
      unknownAccount:
        "No technician account uses the email your identity provider gave. Ask an administrator to invite you.",
      inactive: "Your technician account is not active. Ask an administrator.",
      noMappedGroup:
        "None of your identity provider groups is mapped to a Steward role. Ask an administrator to map one of your groups.",
      noEmail: "Your identity provider did not confirm an email address for you.",
      disabled: "Single sign-on is turned off.",
    },
  },
} as const;
