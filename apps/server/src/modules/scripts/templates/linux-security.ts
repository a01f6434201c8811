import { defineTemplate, script } from "./define.js";

// Linux accounts and administrator rights.
// Parameters arrive as STEWARD_PARAM_<NAME> environment variables (and as positional
// arguments in declared order); the scripts read the variables and never splice them into code.

export const linuxSecurityTemplates = [
  defineTemplate({
    id: "linux-create-local-user",
    name: "Linux: create a local user",
    description:
      "Creates a local account with a home folder and a random initial password that must be changed at the first login, optionally with administrator (sudo or wheel) rights. The initial password is printed once in the job output.",
    category: "Users",
    language: "bash",
    os: "LINUX",
    timeoutSeconds: 120,
    parameters: [
      {
        name: "username",
        label: "User name",
        type: "text",
        required: true,
        defaultValue: "",
        description: "Lower-case letters, digits, _ and -; at most 32 characters.",
      },
      { name: "full_name", label: "Full name", type: "text", required: false, defaultValue: "" },
      {
        name: "administrator",
        label: "Allow sudo (sudo or wheel group)",
        type: "boolean",
        defaultValue: "false",
      },
      {
        name: "shell",
        label: "Login shell",
        type: "choice",
        required: true,
        defaultValue: "/bin/bash",
        choices: ["/bin/bash", "/bin/sh", "/usr/sbin/nologin"],
      },
    ],
    presets: [
      { name: "Standard user", values: { administrator: "false", shell: "/bin/bash" } },
      { name: "Administrator", values: { administrator: "true", shell: "/bin/bash" } },
      { name: "Service account (no login)", values: { administrator: "false", shell: "/usr/sbin/nologin" } },
    ],
    body: script`
#!/usr/bin/env bash
# Parameters: username, full_name, administrator, shell.
set -euo pipefail

username="\${STEWARD_PARAM_USERNAME:-\${1:-}}"
full_name="\${STEWARD_PARAM_FULL_NAME:-\${2:-}}"
administrator="\${STEWARD_PARAM_ADMINISTRATOR:-\${3:-false}}"
shell="\${STEWARD_PARAM_SHELL:-\${4:-/bin/bash}}"

fail() { echo "$1" >&2; exit "$2"; }
[ "$(id -u)" -eq 0 ] || fail "Creating users needs root: run as System." 2
[[ "$username" =~ ^[a-z_][a-z0-9_-]{0,31}$ ]] || fail "The user name must start with a lower-case letter or _, then lower-case letters, digits, _ or - (at most 32)." 2
case "$full_name" in *:* | *,*) fail "The full name cannot contain : or ," 2 ;; esac
[ -x "$shell" ] || fail "There is no shell $shell on this computer." 2
if getent passwd "$username" >/dev/null; then fail "A user named $username already exists." 3; fi

password=$(LC_ALL=C tr -dc 'A-Za-z0-9' </dev/urandom | head -c 20 || true)
[ "\${#password}" -eq 20 ] || fail "Could not generate a password." 4

useradd --create-home --shell "$shell" --comment "$full_name" -- "$username"
# The password goes through a pipe, never a command line.
printf '%s:%s\n' "$username" "$password" | chpasswd
chage -d 0 -- "$username"

if [ "$administrator" = "true" ]; then
  if getent group sudo >/dev/null; then group=sudo; elif getent group wheel >/dev/null; then group=wheel; else fail "Neither a sudo nor a wheel group exists." 5; fi
  usermod -aG "$group" -- "$username"
  echo "Added $username to $group."
fi

echo "Created the local user $username (shell $shell)."
echo "Initial password (must be changed at the first login): $password"
`,
  }),
  defineTemplate({
    id: "linux-local-admins",
    name: "Linux: list administrators",
    description:
      "Lists the accounts with administrator rights: UID 0, members of the sudo, wheel and admin groups, and sudoers rules. With an allowed list, fails when anyone else has these rights.",
    category: "Security",
    language: "sh",
    os: "LINUX",
    readOnly: true,
    timeoutSeconds: 60,
    parameters: [
      {
        name: "allowed_members",
        label: "Allowed administrators",
        type: "text",
        required: false,
        defaultValue: "",
        description: "Comma-separated user names; empty: report only.",
      },
    ],
    body: script`
#!/bin/sh
# Parameter: allowed_members (comma-separated; empty: report only).
allowed="\${STEWARD_PARAM_ALLOWED_MEMBERS:-\${1:-}}"
admins=$(awk -F: '$3 == 0 { print $1 }' /etc/passwd)
echo "Accounts with UID 0: $(echo $admins)"
for group in sudo wheel admin; do
  line=$(getent group "$group") || continue
  members=$(echo "$line" | cut -d: -f4 | tr ',' ' ')
  echo "Group $group: \${members:-(no members)}"
  admins="$admins $members"
done
if [ -r /etc/sudoers ]; then
  echo "Sudoers rules granting ALL:"
  grep -hsE '^[^#].*ALL' /etc/sudoers /etc/sudoers.d/* | sed 's/^/  /'
fi

if [ -n "$allowed" ]; then
  unexpected=""
  for user in $(echo "$admins" | tr ' ' '\n' | sort -u); do
    case ",$(echo "$allowed" | tr -d ' ')," in
      *",$user,"*) ;;
      *) unexpected="$unexpected $user" ;;
    esac
  done
  if [ -n "$unexpected" ]; then
    echo "Not on the allowed list:$unexpected" >&2
    exit 1
  fi
fi
exit 0
`,
  }),
];
