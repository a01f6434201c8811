import { defineTemplate, script } from "./define.js";

// Read-only Linux checks: logs, ports, uptime, network, disks, time, processes.
// Parameters arrive as STEWARD_PARAM_<NAME> environment variables (and as positional
// arguments in declared order); the scripts read the variables and never splice them into code.

export const linuxDiagnosticTemplates = [
  defineTemplate({
    id: "linux-collect-logs",
    name: "Linux: collect system log entries",
    description:
      "Shows the systemd journal's entries of the last N hours at or above a priority, for the whole system or one unit; falls back to /var/log/syslog or /var/log/messages where there is no journal.",
    category: "Diagnostics",
    language: "bash",
    os: "LINUX",
    readOnly: true,
    timeoutSeconds: 300,
    parameters: [
      { name: "hours", label: "Last hours", type: "number", required: true, defaultValue: "24" },
      {
        name: "priority",
        label: "At least",
        type: "choice",
        required: true,
        defaultValue: "err",
        choices: ["emerg", "alert", "crit", "err", "warning", "notice", "info", "debug"],
      },
      {
        name: "unit",
        label: "Only this unit",
        type: "text",
        required: false,
        defaultValue: "",
        description: "For example ssh.service; empty: everything.",
      },
      {
        name: "max_lines",
        label: "At most this many lines",
        type: "number",
        required: true,
        defaultValue: "500",
      },
    ],
    presets: [
      { name: "Errors, last 24 hours", values: { hours: "24", priority: "err", unit: "" } },
      { name: "Warnings, last 4 hours", values: { hours: "4", priority: "warning", unit: "" } },
      { name: "SSH logins, last 24 hours", values: { hours: "24", priority: "info", unit: "ssh.service" } },
    ],
    body: script`
#!/usr/bin/env bash
# Parameters: hours, priority, unit, max_lines.
set -uo pipefail

hours="\${STEWARD_PARAM_HOURS:-\${1:-24}}"
priority="\${STEWARD_PARAM_PRIORITY:-\${2:-err}}"
unit="\${STEWARD_PARAM_UNIT:-\${3:-}}"
max_lines="\${STEWARD_PARAM_MAX_LINES:-\${4:-500}}"

[[ "$hours" =~ ^[0-9]+(\.[0-9]+)?$ ]] || { echo "hours must be a number." >&2; exit 2; }
[[ "$max_lines" =~ ^[0-9]+$ ]] || { echo "max_lines must be a whole number." >&2; exit 2; }
case "$priority" in
  emerg | alert | crit | err | warning | notice | info | debug) ;;
  *) echo "priority must be one of emerg, alert, crit, err, warning, notice, info, debug." >&2; exit 2 ;;
esac

if command -v journalctl >/dev/null 2>&1; then
  minutes=$(awk -v h="$hours" 'BEGIN { printf "%d", h * 60 }')
  args=(--no-pager --output=short-iso --priority="$priority" --since="-\${minutes}min" --lines="$max_lines")
  [ -z "$unit" ] || args+=(--unit="$unit")
  echo "== Journal: priority $priority and above, last $hours hour(s)\${unit:+, unit $unit} =="
  journalctl "\${args[@]}"
  exit $?
fi

for file in /var/log/syslog /var/log/messages; do
  if [ -r "$file" ]; then
    echo "== No journal; last $max_lines line(s) of $file\${unit:+ mentioning $unit} =="
    if [ -n "$unit" ]; then grep -F -- "\${unit%.service}" "$file" | tail -n "$max_lines"; else tail -n "$max_lines" "$file"; fi
    exit 0
  fi
done
echo "This computer has neither a systemd journal nor /var/log/syslog or /var/log/messages." >&2
exit 1
`,
  }),
  defineTemplate({
    id: "linux-listening-ports",
    name: "Linux: list listening ports",
    description:
      "Lists the TCP and UDP sockets waiting for connections, with the program that owns each (ss, or netstat where ss is missing).",
    category: "Networking",
    language: "sh",
    os: "LINUX",
    readOnly: true,
    timeoutSeconds: 60,
    parameters: [
      {
        name: "protocol",
        label: "Protocol",
        type: "choice",
        required: true,
        defaultValue: "Both",
        choices: ["TCP", "UDP", "Both"],
      },
    ],
    presets: [
      { name: "TCP only", values: { protocol: "TCP" } },
      { name: "TCP and UDP", values: { protocol: "Both" } },
    ],
    body: script`
#!/bin/sh
# Parameter: protocol (TCP | UDP | Both).
protocol="\${STEWARD_PARAM_PROTOCOL:-\${1:-Both}}"
case "$protocol" in
  TCP) flags="-tlnp" ;;
  UDP) flags="-ulnp" ;;
  Both) flags="-tulnp" ;;
  *) echo "protocol must be TCP, UDP or Both." >&2; exit 2 ;;
esac
if command -v ss >/dev/null 2>&1; then
  ss "$flags"
elif command -v netstat >/dev/null 2>&1; then
  netstat "$flags"
else
  echo "Neither ss nor netstat is installed (package iproute2 or net-tools)." >&2
  exit 1
fi
`,
  }),
  defineTemplate({
    id: "linux-uptime",
    name: "Linux: show uptime and last boot",
    description:
      "Shows when the computer last started, how long it has been up, the load averages and the recent reboots. Optionally fails when the uptime is longer than a number of days.",
    category: "Diagnostics",
    language: "sh",
    os: "LINUX",
    readOnly: true,
    timeoutSeconds: 60,
    parameters: [
      {
        name: "max_uptime_days",
        label: "Fail when up longer than (days)",
        type: "number",
        required: false,
        defaultValue: "",
      },
    ],
    presets: [
      { name: "Report only", values: { max_uptime_days: "" } },
      { name: "Fail after 30 days", values: { max_uptime_days: "30" } },
    ],
    body: script`
#!/bin/sh
# Parameter: max_uptime_days (empty: report only).
max_days="\${STEWARD_PARAM_MAX_UPTIME_DAYS:-\${1:-}}"
case "$max_days" in
  '') ;;
  *[!0-9]*) echo "max_uptime_days must be a whole number." >&2; exit 2 ;;
esac

seconds=$(cut -d. -f1 /proc/uptime)
now=$(date +%s)
echo "Last boot: $(date -d "@$((now - seconds))" '+%Y-%m-%d %H:%M:%S %Z' 2>/dev/null || echo unknown)"
echo "Uptime:    $((seconds / 86400)) day(s), $((seconds % 86400 / 3600)) hour(s), $((seconds % 3600 / 60)) minute(s)"
echo "Load:      $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 minutes; $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?') CPUs)"
if command -v last >/dev/null 2>&1 && [ -s /var/log/wtmp ]; then
  echo "Recent reboots:"
  last -x -n 5 reboot 2>/dev/null | grep '^reboot' || echo "  none recorded"
fi
if [ -n "$max_days" ] && [ $((seconds / 86400)) -ge "$max_days" ]; then
  echo "Up for $((seconds / 86400)) day(s), at least $max_days: restart it." >&2
  exit 1
fi
exit 0
`,
  }),
  defineTemplate({
    id: "linux-network-info",
    name: "Linux: show network information",
    description:
      "Shows the host name, the interfaces and addresses, the routes, the DNS servers and whether the default gateway and a test host can be reached.",
    category: "Networking",
    language: "bash",
    os: "LINUX",
    readOnly: true,
    timeoutSeconds: 120,
    parameters: [
      {
        name: "test_host",
        label: "Test host",
        type: "text",
        required: false,
        defaultValue: "",
        description: "Resolved and reached over TCP port 443; empty: skip.",
      },
    ],
    presets: [
      { name: "Local only", values: { test_host: "" } },
      { name: "Internet", values: { test_host: "www.debian.org" } },
    ],
    body: script`
#!/usr/bin/env bash
# Parameter: test_host (empty: skip the reachability test).
set -uo pipefail
test_host="\${STEWARD_PARAM_TEST_HOST:-\${1:-}}"
case "$test_host" in -*) echo "'$test_host' is not a host name." >&2; exit 2 ;; esac

echo "== Host =="
echo "Name: $(hostname 2>/dev/null || cat /proc/sys/kernel/hostname)"
if command -v ip >/dev/null 2>&1; then
  echo "== Interfaces =="
  ip -brief address show
  echo "== Routes =="
  ip route show
  gateway=$(ip route show default 2>/dev/null | awk '/^default/ { print $3; exit }')
else
  echo "== Interfaces =="
  cat /proc/net/dev
  gateway=""
fi

echo "== DNS =="
if command -v resolvectl >/dev/null 2>&1 && resolvectl dns >/dev/null 2>&1; then
  resolvectl dns
else
  grep -E '^(nameserver|search|domain)' /etc/resolv.conf 2>/dev/null || echo "No /etc/resolv.conf"
fi

if [ -n "$gateway" ]; then
  echo "== Default gateway $gateway =="
  if command -v ping >/dev/null 2>&1; then
    ping -c 2 -W 2 -- "$gateway" >/dev/null 2>&1 && echo "answers ping" || echo "does not answer ping (it may block ICMP)"
  else
    echo "ping is not installed"
  fi
fi

if [ -n "$test_host" ]; then
  echo "== Test host $test_host =="
  addresses=$(getent ahosts "$test_host" 2>/dev/null | awk '{ print $1 }' | sort -u | head -n 4)
  echo "\${addresses:-does not resolve}"
  if timeout 5 bash -c 'exec 3<>"/dev/tcp/$1/443"' _ "$test_host" 2>/dev/null; then
    echo "TCP port 443 is reachable"
  else
    echo "TCP port 443 is not reachable"
  fi
fi
exit 0
`,
  }),
  defineTemplate({
    id: "linux-disk-health",
    name: "Linux: check disk health",
    description:
      "Shows each file system's use and each disk's SMART health (with smartmontools installed). Fails (exit 1) when a file system is fuller than the threshold or a disk fails its SMART self-assessment.",
    category: "Diagnostics",
    language: "bash",
    os: "LINUX",
    readOnly: true,
    timeoutSeconds: 300,
    parameters: [
      {
        name: "max_used_percent",
        label: "Warn above this use (%)",
        type: "number",
        required: true,
        defaultValue: "90",
      },
    ],
    presets: [
      { name: "Warn above 90% used", values: { max_used_percent: "90" } },
      { name: "Warn above 80% used", values: { max_used_percent: "80" } },
    ],
    body: script`
#!/usr/bin/env bash
# Parameter: max_used_percent.
set -uo pipefail
limit="\${STEWARD_PARAM_MAX_USED_PERCENT:-\${1:-90}}"
[[ "$limit" =~ ^[0-9]+$ ]] || { echo "max_used_percent must be a whole number." >&2; exit 2; }
problems=()

echo "== File systems =="
df -hPT -x tmpfs -x devtmpfs -x squashfs 2>/dev/null || df -hP
while read -r used mount; do
  used=\${used%\%}
  [[ "$used" =~ ^[0-9]+$ ]] || continue
  if [ "$used" -gt "$limit" ]; then problems+=("$mount is $used% full"); fi
done < <(df -P -x tmpfs -x devtmpfs -x squashfs 2>/dev/null | awk 'NR > 1 { print $5, $6 }')

echo "== Disks =="
if command -v lsblk >/dev/null 2>&1; then lsblk -d -o NAME,SIZE,TYPE,ROTA,MODEL 2>/dev/null; fi
if command -v smartctl >/dev/null 2>&1; then
  while read -r device _; do
    [ -n "$device" ] || continue
    health=$(smartctl -H -- "$device" 2>/dev/null | grep -Ei 'overall-health|SMART Health Status' || true)
    echo "$device: \${health:-no SMART data}"
    if echo "$health" | grep -qiE 'FAILED|FAILING'; then problems+=("$device fails its SMART self-assessment"); fi
  done < <(smartctl --scan 2>/dev/null)
else
  echo "smartctl is not installed (package smartmontools): SMART health not checked."
fi

if [ "\${#problems[@]}" -gt 0 ]; then
  printf '%s\n' "\${problems[@]}" >&2
  exit 1
fi
echo "No disk problems found."
exit 0
`,
  }),
  defineTemplate({
    id: "linux-time-sync",
    name: "Linux: check time synchronization",
    description:
      "Shows whether the clock is synchronized and from which source (timedatectl, chrony or ntpd). Optionally fails when it is not synchronized.",
    category: "Diagnostics",
    language: "sh",
    os: "LINUX",
    readOnly: true,
    timeoutSeconds: 60,
    parameters: [
      {
        name: "fail_if_not_synced",
        label: "Fail when not synchronized",
        type: "boolean",
        defaultValue: "false",
      },
    ],
    presets: [
      { name: "Report only", values: { fail_if_not_synced: "false" } },
      { name: "Fail when not synchronized", values: { fail_if_not_synced: "true" } },
    ],
    body: script`
#!/bin/sh
# Parameter: fail_if_not_synced (true | false).
strict="\${STEWARD_PARAM_FAIL_IF_NOT_SYNCED:-\${1:-false}}"
synced=unknown

echo "Local time: $(date '+%Y-%m-%d %H:%M:%S %Z (UTC%z)')"
if command -v timedatectl >/dev/null 2>&1 && timedatectl show >/dev/null 2>&1; then
  timedatectl status
  case "$(timedatectl show -p NTPSynchronized --value 2>/dev/null)" in
    yes) synced=yes ;;
    no) synced=no ;;
  esac
fi
if command -v chronyc >/dev/null 2>&1 && chronyc -n tracking >/dev/null 2>&1; then
  echo "== chrony =="
  chronyc -n tracking
  chronyc -n tracking | grep -q 'Leap status *: Normal' && synced=yes
elif command -v ntpq >/dev/null 2>&1 && ntpq -pn >/dev/null 2>&1; then
  echo "== ntpd =="
  ntpq -pn
  ntpq -pn | grep -q '^\*' && synced=yes
fi

echo "Synchronized: $synced"
if [ "$strict" = "true" ] && [ "$synced" != "yes" ]; then
  echo "The clock is not known to be synchronized." >&2
  exit 1
fi
exit 0
`,
  }),
  defineTemplate({
    id: "linux-top-processes",
    name: "Linux: top processes by memory",
    description:
      "Lists the processes using the most memory (or CPU) with their owner, memory, CPU share and running time, and the computer's memory use.",
    category: "Diagnostics",
    language: "sh",
    os: "LINUX",
    readOnly: true,
    timeoutSeconds: 60,
    parameters: [
      { name: "count", label: "How many processes", type: "number", required: true, defaultValue: "15" },
      {
        name: "sort_by",
        label: "Sort by",
        type: "choice",
        required: true,
        defaultValue: "memory",
        choices: ["memory", "cpu"],
      },
    ],
    presets: [
      { name: "Top 15 by memory", values: { count: "15", sort_by: "memory" } },
      { name: "Top 10 by CPU", values: { count: "10", sort_by: "cpu" } },
    ],
    body: script`
#!/bin/sh
# Parameters: count, sort_by (memory | cpu).
count="\${STEWARD_PARAM_COUNT:-\${1:-15}}"
sort_by="\${STEWARD_PARAM_SORT_BY:-\${2:-memory}}"
case "$count" in '' | *[!0-9]*) echo "count must be a whole number." >&2; exit 2 ;; esac
case "$sort_by" in
  memory) key=-rss ;;
  cpu) key=-pcpu ;;
  *) echo "sort_by must be memory or cpu." >&2; exit 2 ;;
esac

free -h 2>/dev/null || grep -E '^(MemTotal|MemAvailable|SwapTotal|SwapFree):' /proc/meminfo
echo
ps -eo pid=,user:20=,rss=,%mem=,%cpu=,etime=,comm= --sort="$key" | head -n "$count" | awk '
  BEGIN { printf "%7s  %-20s %10s %5s %5s %12s  %s\n", "PID", "USER", "MEMORY", "%MEM", "%CPU", "RUNNING", "COMMAND" }
  { command = $7; for (i = 8; i <= NF; i++) command = command " " $i
    printf "%7s  %-20s %9.1fM %5s %5s %12s  %s\n", $1, $2, $3 / 1024, $4, $5, $6, command }'
exit 0
`,
  }),
];
