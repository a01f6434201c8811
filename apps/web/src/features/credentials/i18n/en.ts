/** The credentials texts in English (the source; the spec's texts exactly as written). */
export const en = {
  routes: {
    credentials: "Credentials",
  },
  types: {
    WINDOWS_LOCAL_ADMIN: "Windows local administrator",
    WINDOWS_DOMAIN_ADMIN: "Windows domain administrator",
    MAC: "Mac",
    LINUX: "Linux",
    OTHER: "Other",
  },
  page: {
    notFound: "This organization does not exist",
    pageTitle: "{name}: credentials",
    title: "Credentials",
    description:
      "Accounts scripts can run as on {name}'s devices. Passwords are stored encrypted and never shown again.",
    descriptionNoName:
      "Accounts scripts can run as on this organization's devices. Passwords are stored encrypted and never shown again.",
    newCredential: "New credential",
    loading: "Loading credentials…",
    loadError: "Error loading credentials",
    emptyTitle: "No credentials yet",
    emptyDescription: "Add a local or domain administrator, a Mac or a Linux account to run scripts as it.",
    username: "User name",
    preferred: "Preferred",
  },
  delete: {
    title: "Delete credential",
    message:
      'Delete "{name}"? Scripts and tasks that run as it fall back to failing until you choose another.',
    deleted: 'Credential "{name}" deleted',
    error: "Could not delete the credential",
  },
  form: {
    editTitle: "Edit {name}",
    newTitle: "New credential",
    saved: "Credential saved",
    created: "Credential created",
    username: "User name",
    password: "Password",
    keepPassword: "Leave empty to keep the stored password",
    passwordStored: "Stored encrypted; never shown again",
    preferred: "Preferred credential of its type",
    preferredHelp: 'The Run As choice "Preferred …" uses it',
    create: "Create credential",
  },
} as const;
