/** Kinds of credential an organization stores (editor /editor/customer/:id/credentials). */
export const CREDENTIAL_TYPES = [
  "WINDOWS_LOCAL_ADMIN",
  "WINDOWS_DOMAIN_ADMIN",
  "MAC",
  "LINUX",
  "OTHER",
] as const;
export type CredentialType = (typeof CREDENTIAL_TYPES)[number];

export const credentialTypeLabels: Record<CredentialType, string> = {
  WINDOWS_LOCAL_ADMIN: "Windows local administrator",
  WINDOWS_DOMAIN_ADMIN: "Windows domain administrator",
  MAC: "Mac",
  LINUX: "Linux",
  OTHER: "Other",
};

export const RUN_AS_OPERATING_SYSTEMS = ["WINDOWS", "MAC", "LINUX"] as const;
export type RunAsOs = (typeof RUN_AS_OPERATING_SYSTEMS)[number];

export interface BuiltInRunAsChoice {
  /** What a job's content.runAs carries. "System" is what the agent runs as by default. */
  value: string;
  label: string;
  /** For the "Preferred …" choices: the credential type whose preferred credential is meant. */
  credentialType: CredentialType | null;
}

const SYSTEM: BuiltInRunAsChoice = { value: "System", label: "System", credentialType: null };

/**
 * Built-in run-as choices: System; on Windows also Current Logged on User and Preferred Windows
 * Local Admin or Domain Admin; on Mac a preferred Mac credential; on Linux a preferred Linux
 * credential (the organization's stored credentials are added by the server).
 */
export const builtInRunAsChoices: Record<RunAsOs, readonly BuiltInRunAsChoice[]> = {
  WINDOWS: [
    SYSTEM,
    { value: "Current Logged on User", label: "Current Logged on User", credentialType: null },
    {
      value: "Preferred Windows Local Admin",
      label: "Preferred Windows Local Admin",
      credentialType: "WINDOWS_LOCAL_ADMIN",
    },
    {
      value: "Preferred Windows Domain Admin",
      label: "Preferred Windows Domain Admin",
      credentialType: "WINDOWS_DOMAIN_ADMIN",
    },
  ],
  MAC: [
    SYSTEM,
    { value: "Preferred Mac Credential", label: "Preferred Mac Credential", credentialType: "MAC" },
  ],
  LINUX: [
    SYSTEM,
    { value: "Preferred Linux Credential", label: "Preferred Linux Credential", credentialType: "LINUX" },
  ],
};

/** Which stored credentials make sense to offer on an OS (OTHER is offered everywhere). */
export const credentialTypesFor: Record<RunAsOs, readonly CredentialType[]> = {
  WINDOWS: ["WINDOWS_LOCAL_ADMIN", "WINDOWS_DOMAIN_ADMIN", "OTHER"],
  MAC: ["MAC", "OTHER"],
  LINUX: ["LINUX", "OTHER"],
};

/** content.runAs of a job that runs as a stored credential. */
export const credentialRunAsValue = (credentialId: number) => `credential:${credentialId}`;

/** Shown when the credential list cannot be loaded (the selector then uses an empty list). */
export const ERROR_LOADING_CREDENTIALS = "Error loading credentials";
