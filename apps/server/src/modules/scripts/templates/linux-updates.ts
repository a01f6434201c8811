import { defineTemplate, script } from "./define.js";

// Linux updates, restarts and installed packages (read-only).
// Parameters arrive as STEWARD_PARAM_<NAME> environment variables (and as positional
// arguments in declared order); the scripts read the variables and never splice them into code.

export const linuxUpdateTemplates = [
  defineTemplate({
    id: "linux-updates-check",
    name: "Linux: check for available updates",
    description:
      "Lists the package updates the package manager knows about (apt, dnf, yum or zypper) without installing anything, and how many are security updates. Optionally fails when any are available.",
    category: "Updates",
    language: "bash",
    os: "LINUX",
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
#!/usr/bin/env bash
# Parameter: fail_when_available (true | false). Uses the package lists as they are (no refresh).
set -uo pipefail
strict="\${STEWARD_PARAM_FAIL_WHEN_AVAILABLE:-\${1:-false}}"

if command -v apt-get >/dev/null 2>&1; then
  planned=$(apt-get -s -o Debug::NoLocking=true dist-upgrade 2>/dev/null | grep '^Inst ')
  # "Inst name [old] (new origin [arch])"; a new package has no [old].
  updates=$(printf '%s\n' "$planned" | awk '/^Inst / {
    if ($3 ~ /^\[/) { old = $3; new = $4 } else { old = "new"; new = $3 }
    gsub(/[][()]/, "", old); gsub(/[][()]/, "", new); print $2, old, "->", new }')
  security=$(printf '%s\n' "$planned" | grep -ci 'security' || true)
elif command -v dnf >/dev/null 2>&1; then
  updates=$(dnf -q --cacheonly check-update 2>/dev/null | awk 'NF == 3 { print $1, $2 }')
  security=$(dnf -q --cacheonly updateinfo list --security 2>/dev/null | grep -c . || true)
elif command -v yum >/dev/null 2>&1; then
  updates=$(yum -q -C check-update 2>/dev/null | awk 'NF == 3 { print $1, $2 }')
  security="?"
elif command -v zypper >/dev/null 2>&1; then
  updates=$(zypper --non-interactive --no-refresh list-updates 2>/dev/null | awk -F'|' '/^v / { gsub(/ /, "", $3); gsub(/ /, "", $5); print $3, $5 }')
  security=$(zypper --non-interactive --no-refresh list-patches --category security 2>/dev/null | grep -c '^[^-+]*|' || true)
else
  echo "No supported package manager (apt, dnf, yum, zypper) found." >&2
  exit 2
fi

count=$(printf '%s' "$updates" | grep -c . || true)
if [ "$count" -eq 0 ]; then
  echo "No updates available (according to the package lists as last refreshed)."
  exit 0
fi
echo "$count update(s) available, $security security update(s):"
printf '%s\n' "$updates" | sed 's/^/  /'
[ "$strict" = "true" ] && exit 1
exit 0
`,
  }),
  defineTemplate({
    id: "linux-pending-reboot",
    name: "Linux: check for a pending reboot",
    description:
      "Checks whether updates asked for a restart (/var/run/reboot-required, needs-restarting) or a newer kernel is installed than the one running. Optionally fails when a restart is pending.",
    category: "Updates",
    language: "sh",
    os: "LINUX",
    readOnly: true,
    timeoutSeconds: 120,
    parameters: [
      {
        name: "fail_when_pending",
        label: "Fail when a reboot is pending",
        type: "boolean",
        defaultValue: "false",
      },
    ],
    presets: [
      { name: "Report only", values: { fail_when_pending: "false" } },
      { name: "Fail when pending", values: { fail_when_pending: "true" } },
    ],
    body: script`
#!/bin/sh
# Parameter: fail_when_pending (true | false).
strict="\${STEWARD_PARAM_FAIL_WHEN_PENDING:-\${1:-false}}"
pending=0

if [ -f /var/run/reboot-required ]; then
  pending=1
  echo "Updates asked for a restart (/var/run/reboot-required)."
  [ -f /var/run/reboot-required.pkgs ] && sed 's/^/  - /' /var/run/reboot-required.pkgs
fi
if command -v needs-restarting >/dev/null 2>&1; then
  if ! needs-restarting -r >/dev/null 2>&1; then
    pending=1
    echo "needs-restarting reports that core libraries or the kernel were updated."
  fi
fi
running=$(uname -r)
if [ -d /lib/modules ]; then
  newest=$(ls -1 /lib/modules | sort -V | tail -n 1)
  if [ -n "$newest" ] && [ "$newest" != "$running" ]; then
    pending=1
    echo "A newer kernel is installed ($newest) than the one running ($running)."
  fi
fi

if [ "$pending" -eq 0 ]; then
  echo "No reboot is pending (kernel $running)."
  exit 0
fi
[ "$strict" = "true" ] && exit 1
exit 0
`,
  }),
  defineTemplate({
    id: "linux-installed-software",
    name: "Linux: count installed packages",
    description:
      "Counts the installed packages (dpkg, rpm, apk or pacman, plus Flatpak and Snap apps). Optionally lists them, or only those whose name contains a text.",
    category: "Diagnostics",
    language: "sh",
    os: "LINUX",
    readOnly: true,
    timeoutSeconds: 120,
    parameters: [
      { name: "name_filter", label: "Name contains", type: "text", required: false, defaultValue: "" },
      { name: "list", label: "List the packages", type: "boolean", defaultValue: "false" },
    ],
    presets: [
      { name: "Count only", values: { list: "false", name_filter: "" } },
      { name: "Find OpenSSL", values: { list: "true", name_filter: "openssl" } },
    ],
    body: script`
#!/bin/sh
# Parameters: name_filter, list (true | false).
filter="\${STEWARD_PARAM_NAME_FILTER:-\${1:-}}"
list="\${STEWARD_PARAM_LIST:-\${2:-false}}"

packages() {
  if command -v dpkg-query >/dev/null 2>&1; then
    dpkg-query -W -f='\${db:Status-Abbrev} \${Package} \${Version}\n' 2>/dev/null | awk '$1 ~ /^ii/ { print $2, $3 }'
  elif command -v rpm >/dev/null 2>&1; then
    rpm -qa --qf '%{NAME} %{VERSION}-%{RELEASE}\n'
  elif command -v apk >/dev/null 2>&1; then
    apk info -v 2>/dev/null
  elif command -v pacman >/dev/null 2>&1; then
    pacman -Q
  fi
}

matching() {
  if [ -n "$filter" ]; then grep -iF -- "$filter"; else cat; fi
}

found=$(packages | matching | sort)
count=$(printf '%s' "$found" | grep -c . || true)
if [ -n "$filter" ]; then echo "$count package(s) whose name contains '$filter'"; else echo "$count installed package(s)"; fi
if command -v flatpak >/dev/null 2>&1; then echo "$(flatpak list --app 2>/dev/null | matching | grep -c . || true) Flatpak app(s)"; fi
if command -v snap >/dev/null 2>&1; then echo "$(snap list 2>/dev/null | tail -n +2 | matching | grep -c . || true) Snap package(s)"; fi
if [ "$list" = "true" ] || [ -n "$filter" ]; then printf '%s\n' "$found"; fi
exit 0
`,
  }),
];
