import { defineTemplate, script } from "./define.js";

// macOS scripts (sh). Parameters arrive as STEWARD_PARAM_<NAME> environment variables and as
// positional arguments.

export const macTemplates = [
  defineTemplate({
    id: "mac-flush-dns",
    name: "Mac: flush the DNS cache",
    description: "Clears the macOS directory-service and mDNSResponder DNS caches.",
    category: "Networking",
    language: "sh",
    os: "MAC",
    timeoutSeconds: 60,
    parameters: [],
    body: script`
#!/bin/sh
[ "$(id -u)" -eq 0 ] || { echo "Flushing the DNS cache needs root: run as System." >&2; exit 2; }
dscacheutil -flushcache || exit 1
killall -HUP mDNSResponder 2>/dev/null || true
echo "The DNS cache is flushed."
exit 0
`,
  }),

  defineTemplate({
    id: "mac-updates-check",
    name: "Mac: check for available updates",
    description:
      "Asks Software Update which macOS and Apple app updates are available (without installing anything) and whether any needs a restart. Optionally fails when updates are available.",
    category: "Updates",
    language: "sh",
    os: "MAC",
    readOnly: true,
    timeoutSeconds: 900,
    parameters: [
      {
        name: "fail_when_available",
        label: "Fail when updates are available",
        type: "boolean",
        defaultValue: "false",
      },
    ],
    presets: [
      { name: "Report only", values: { fail_when_available: "false" } },
      { name: "Fail when updates are available", values: { fail_when_available: "true" } },
    ],
    body: script`
#!/bin/sh
# Parameter: fail_when_available (true | false).
strict="\${STEWARD_PARAM_FAIL_WHEN_AVAILABLE:-\${1:-false}}"
output=$(softwareupdate --list 2>&1)
status=$?
printf '%s\n' "$output"
[ "$status" -eq 0 ] || exit 1
count=$(printf '%s\n' "$output" | grep -c '^\* ' || true)
restart=$(printf '%s\n' "$output" | grep -ci 'restart' || true)
echo "$count update(s) available; $restart mention a restart."
if [ "$strict" = "true" ] && [ "$count" -gt 0 ]; then exit 1; fi
exit 0
`,
  }),

  defineTemplate({
    id: "mac-local-admins",
    name: "Mac: list administrators",
    description:
      "Lists the members of the macOS admin group (users and nested groups). With an allowed list, fails when anyone else is an administrator.",
    category: "Security",
    language: "sh",
    os: "MAC",
    readOnly: true,
    timeoutSeconds: 60,
    parameters: [
      {
        name: "allowed_members",
        label: "Allowed administrators",
        type: "text",
        required: false,
        defaultValue: "",
        description: "Comma-separated user names; root is always a member, list it too. Empty: report only.",
      },
    ],
    body: script`
#!/bin/sh
# Parameter: allowed_members (comma-separated; empty: report only).
allowed="\${STEWARD_PARAM_ALLOWED_MEMBERS:-\${1:-}}"
members=$(dscl . -read /Groups/admin GroupMembership 2>/dev/null | sed 's/^GroupMembership: *//')
echo "Members of admin: \${members:-(none)}"
nested=$(dscl . -read /Groups/admin NestedGroups 2>/dev/null | sed 's/^NestedGroups: *//')
[ -z "$nested" ] || echo "Nested groups (GUIDs): $nested"

if [ -n "$allowed" ]; then
  unexpected=""
  for user in $members; do
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
