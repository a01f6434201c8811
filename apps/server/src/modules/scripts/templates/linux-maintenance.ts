import { defineTemplate, script } from "./define.js";

// Linux upkeep: disk space, services, log rotation, DNS.
// Parameters arrive as STEWARD_PARAM_<NAME> environment variables (and as positional
// arguments in declared order); the scripts read the variables and never splice them into code.

export const linuxMaintenanceTemplates = [
  defineTemplate({
    id: "linux-disk-cleanup",
    name: "Linux: clean up disk space",
    description:
      "Deletes files older than N days from /tmp and /var/tmp (leaving services' private folders alone), cleans the package manager's download cache and trims the systemd journal. A dry run only reports what it would do.",
    category: "Maintenance",
    language: "bash",
    os: "LINUX",
    timeoutSeconds: 1800,
    parameters: [
      {
        name: "older_than_days",
        label: "Delete temporary files older than (days)",
        type: "number",
        required: true,
        defaultValue: "7",
      },
      {
        name: "journal_max_age_days",
        label: "Keep journal entries for (days)",
        type: "number",
        required: true,
        defaultValue: "14",
      },
      {
        name: "clean_package_cache",
        label: "Clean the package cache",
        type: "boolean",
        defaultValue: "true",
      },
      { name: "dry_run", label: "Dry run (report only)", type: "boolean", defaultValue: "false" },
    ],
    presets: [
      { name: "Dry run", values: { dry_run: "true" } },
      {
        name: "Quick",
        values: {
          older_than_days: "7",
          journal_max_age_days: "14",
          clean_package_cache: "true",
          dry_run: "false",
        },
      },
      {
        name: "Deep",
        values: {
          older_than_days: "1",
          journal_max_age_days: "3",
          clean_package_cache: "true",
          dry_run: "false",
        },
      },
    ],
    body: script`
#!/usr/bin/env bash
# Frees disk space. Parameters: older_than_days, journal_max_age_days, clean_package_cache, dry_run.
set -uo pipefail

days="\${STEWARD_PARAM_OLDER_THAN_DAYS:-\${1:-7}}"
journal_days="\${STEWARD_PARAM_JOURNAL_MAX_AGE_DAYS:-\${2:-14}}"
clean_packages="\${STEWARD_PARAM_CLEAN_PACKAGE_CACHE:-\${3:-true}}"
dry_run="\${STEWARD_PARAM_DRY_RUN:-\${4:-false}}"

for value in "$days" "$journal_days"; do
  case "$value" in
    '' | *[!0-9]*) echo "older_than_days and journal_max_age_days must be whole numbers of days (got '$value')." >&2; exit 2 ;;
  esac
done
[ "$(id -u)" -eq 0 ] || echo "Note: not running as root; only files this user may delete are removed."

run() {
  if [ "$dry_run" = "true" ]; then echo "would run: $*"; else "$@"; fi
}
free_kb() { df -Pk / | awk 'NR == 2 { print $4 }'; }
before=$(free_kb)

echo "== Temporary files older than $days day(s) =="
for dir in /tmp /var/tmp; do
  [ -d "$dir" ] || continue
  count=0
  bytes=0
  while IFS= read -r -d '' entry; do
    size=\${entry%%/*}
    file=\${entry#*/}
    count=$((count + 1))
    bytes=$((bytes + size))
    [ "$dry_run" = "true" ] || rm -f -- "/$file"
  done < <(find "$dir" -xdev \( -path "$dir/systemd-private-*" -o -path "$dir/.X11-unix" \) -prune -o -type f -mtime +"$days" -printf '%s%p\0' 2>/dev/null)
  verb=$([ "$dry_run" = "true" ] && echo "would delete" || echo "deleted")
  echo "$dir: $verb $count file(s), $((bytes / 1024)) KB"
done

if [ "$clean_packages" = "true" ]; then
  echo "== Package cache =="
  if command -v apt-get >/dev/null 2>&1; then
    du -sh /var/cache/apt/archives 2>/dev/null
    run apt-get clean
  elif command -v dnf >/dev/null 2>&1; then
    run dnf clean packages
  elif command -v yum >/dev/null 2>&1; then
    run yum clean packages
  elif command -v zypper >/dev/null 2>&1; then
    run zypper --non-interactive clean --all
  elif command -v pacman >/dev/null 2>&1; then
    run pacman -Sc --noconfirm
  else
    echo "No known package manager found."
  fi
fi

if command -v journalctl >/dev/null 2>&1; then
  echo "== Journal =="
  journalctl --disk-usage 2>/dev/null
  run journalctl --vacuum-time="\${journal_days}d"
fi

after=$(free_kb)
echo "== Result =="
echo "Free space on /: $((after / 1024)) MB (freed $(((after - before) / 1024)) MB)"
exit 0
`,
  }),
  defineTemplate({
    id: "linux-restart-service",
    name: "Linux: restart a service",
    description:
      "Restarts a systemd service (or a SysV/OpenRC service on systems without systemd), waits until it is active again and shows its status. Fails when the service does not exist or does not come back.",
    category: "Maintenance",
    language: "bash",
    os: "LINUX",
    timeoutSeconds: 300,
    parameters: [
      {
        name: "service_name",
        label: "Service name",
        type: "text",
        required: true,
        defaultValue: "",
        description: "For example ssh, nginx or cron (.service may be left out).",
      },
      {
        name: "wait_seconds",
        label: "Wait for it to be active (seconds)",
        type: "number",
        required: true,
        defaultValue: "30",
      },
    ],
    presets: [
      { name: "SSH (Debian, Ubuntu)", values: { service_name: "ssh" } },
      { name: "SSH (RHEL, Fedora, SUSE)", values: { service_name: "sshd" } },
      { name: "Cron", values: { service_name: "cron" } },
    ],
    body: script`
#!/usr/bin/env bash
# Restarts one service. Parameters: service_name, wait_seconds.
set -uo pipefail

name="\${STEWARD_PARAM_SERVICE_NAME:-\${1:-}}"
wait_seconds="\${STEWARD_PARAM_WAIT_SECONDS:-\${2:-30}}"
if [ -z "$name" ]; then echo "Give the service name (service_name)." >&2; exit 2; fi
case "$name" in
  -* | */* | *[[:space:]]*) echo "'$name' is not a service name." >&2; exit 2 ;;
esac
case "$wait_seconds" in
  '' | *[!0-9]*) echo "wait_seconds must be a whole number." >&2; exit 2 ;;
esac

if command -v systemctl >/dev/null 2>&1 && [ -d /run/systemd/system ]; then
  case "$name" in *.service) unit="$name" ;; *) unit="$name.service" ;; esac
  if ! systemctl cat -- "$unit" >/dev/null 2>&1; then
    echo "There is no service named $unit on this computer." >&2
    exit 3
  fi
  echo "Restarting $unit (now $(systemctl is-active -- "$unit"))..."
  if ! systemctl restart -- "$unit"; then
    systemctl status --no-pager --lines=20 -- "$unit" >&2
    exit 4
  fi
  for _ in $(seq 1 "$wait_seconds"); do
    systemctl is-active --quiet -- "$unit" && break
    sleep 1
  done
  systemctl status --no-pager --lines=10 -- "$unit"
  if ! systemctl is-active --quiet -- "$unit"; then
    echo "$unit is not active after $wait_seconds second(s)." >&2
    exit 5
  fi
elif command -v rc-service >/dev/null 2>&1; then
  rc-service --exists "$name" || { echo "There is no service named $name on this computer." >&2; exit 3; }
  rc-service "$name" restart || exit 4
elif [ -x "/etc/init.d/$name" ]; then
  "/etc/init.d/$name" restart || exit 4
else
  echo "There is no service named $name on this computer." >&2
  exit 3
fi
echo "$name restarted."
exit 0
`,
  }),
  defineTemplate({
    id: "linux-rotate-logs",
    name: "Linux: rotate log files",
    description:
      "Rotates the log files of a folder that match a pattern: copies each to a time-stamped file, empties the original (so programs keep writing to it), compresses the copy and keeps only the newest N rotations per file.",
    category: "Maintenance",
    language: "bash",
    os: "LINUX",
    timeoutSeconds: 900,
    parameters: [
      {
        name: "directory",
        label: "Folder",
        type: "text",
        required: true,
        defaultValue: "",
        description: "For example /var/log/myapp (not searched recursively).",
      },
      { name: "pattern", label: "File name pattern", type: "text", required: true, defaultValue: "*.log" },
      {
        name: "keep",
        label: "Rotations to keep per file",
        type: "number",
        required: true,
        defaultValue: "7",
      },
      {
        name: "min_size_kb",
        label: "Only files larger than (KB)",
        type: "number",
        required: true,
        defaultValue: "0",
      },
      { name: "compress", label: "Compress rotated files (gzip)", type: "boolean", defaultValue: "true" },
    ],
    presets: [
      { name: "Daily, keep a week", values: { keep: "7", min_size_kb: "0" } },
      { name: "Large files only, keep 3", values: { keep: "3", min_size_kb: "10240" } },
    ],
    body: script`
#!/usr/bin/env bash
# Rotates logs. Parameters: directory, pattern, keep, min_size_kb, compress.
set -uo pipefail

dir="\${STEWARD_PARAM_DIRECTORY:-\${1:-}}"
pattern="\${STEWARD_PARAM_PATTERN:-\${2:-*.log}}"
keep="\${STEWARD_PARAM_KEEP:-\${3:-7}}"
min_kb="\${STEWARD_PARAM_MIN_SIZE_KB:-\${4:-0}}"
compress="\${STEWARD_PARAM_COMPRESS:-\${5:-true}}"

[ -n "$dir" ] || { echo "Give the folder (directory)." >&2; exit 2; }
[ -d "$dir" ] || { echo "There is no folder $dir." >&2; exit 3; }
for value in "$keep" "$min_kb"; do
  case "$value" in '' | *[!0-9]*) echo "keep and min_size_kb must be whole numbers." >&2; exit 2 ;; esac
done
[ "$keep" -ge 1 ] || { echo "keep must be at least 1." >&2; exit 2; }

stamp=$(date +%Y%m%d-%H%M%S)
rotated=0
failed=0
while IFS= read -r -d '' file; do
  case "$file" in *.gz | *.[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]-[0-9][0-9][0-9][0-9][0-9][0-9]*) continue ;; esac
  size_kb=$(( $(stat -c %s -- "$file") / 1024 ))
  [ "$size_kb" -ge "$min_kb" ] || continue
  target="$file.$stamp"
  n=1
  while [ -e "$target" ] || [ -e "$target.gz" ]; do target="$file.$stamp-$n"; n=$((n + 1)); done
  # Copy then truncate: a program holding the file open keeps writing to the same file.
  if cp -p -- "$file" "$target" && : > "$file"; then
    if [ "$compress" = "true" ]; then gzip -9 -- "$target" && target="$target.gz"; fi
    echo "Rotated $file -> $target ($size_kb KB)"
    rotated=$((rotated + 1))
  else
    echo "Could not rotate $file" >&2
    failed=$((failed + 1))
    continue
  fi
  # Keep the newest $keep rotations of this file.
  base=$(basename -- "$file")
  find "$dir" -maxdepth 1 -type f -name "$base.[0-9]*" -printf '%T@ %p\0' |
    sort -z -rn |
    tail -z -n +"$((keep + 1))" |
    while IFS= read -r -d '' old; do
      rm -f -- "\${old#* }"
      echo "Removed old rotation \${old#* }"
    done
done < <(find "$dir" -maxdepth 1 -type f -name "$pattern" -print0)

echo "$rotated file(s) rotated."
[ "$failed" -eq 0 ] || exit 1
exit 0
`,
  }),
  defineTemplate({
    id: "linux-flush-dns",
    name: "Linux: flush the DNS cache",
    description:
      "Flushes the local DNS cache of systemd-resolved, nscd or dnsmasq, whichever this computer uses.",
    category: "Networking",
    language: "sh",
    os: "LINUX",
    timeoutSeconds: 60,
    parameters: [],
    body: script`
#!/bin/sh
# Flushes whichever local DNS cache is running.
flushed=0
if command -v resolvectl >/dev/null 2>&1 && resolvectl flush-caches 2>/dev/null; then
  echo "Flushed the systemd-resolved cache."; flushed=1
elif command -v systemd-resolve >/dev/null 2>&1 && systemd-resolve --flush-caches 2>/dev/null; then
  echo "Flushed the systemd-resolved cache."; flushed=1
fi
if command -v nscd >/dev/null 2>&1 && pgrep -x nscd >/dev/null 2>&1; then
  nscd -i hosts && echo "Flushed the nscd hosts cache." && flushed=1
fi
if pgrep -x dnsmasq >/dev/null 2>&1; then
  pkill -HUP -x dnsmasq && echo "Told dnsmasq to clear its cache." && flushed=1
fi
if [ "$flushed" -eq 0 ]; then
  echo "No local DNS cache is running: lookups already go straight to the DNS servers."
fi
exit 0
`,
  }),
];
