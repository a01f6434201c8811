import { defineTemplate, script } from "./define.js";

// Read-only Windows checks: logs, ports, disks, uptime, processes, network.
// Parameters arrive as STEWARD_PARAM_<NAME> environment variables (and as positional
// arguments in declared order); the scripts read the variables and never splice them into code.

export const windowsDiagnosticTemplates = [
  defineTemplate({
    id: "windows-collect-event-logs",
    name: "Windows: collect event log entries",
    description:
      "Lists the entries of an event log (System, Application, Security, Setup) from the last N hours at or above a severity, newest first.",
    category: "Diagnostics",
    language: "powershell",
    os: "WINDOWS",
    readOnly: true,
    timeoutSeconds: 600,
    parameters: [
      {
        name: "log_name",
        label: "Event log",
        type: "choice",
        required: true,
        defaultValue: "System",
        choices: ["System", "Application", "Security", "Setup"],
      },
      { name: "hours", label: "Last hours", type: "number", required: true, defaultValue: "24" },
      {
        name: "level",
        label: "At least",
        type: "choice",
        required: true,
        defaultValue: "Error",
        choices: ["Critical", "Error", "Warning", "Information"],
      },
      {
        name: "max_events",
        label: "At most this many entries",
        type: "number",
        required: true,
        defaultValue: "200",
      },
    ],
    presets: [
      { name: "System errors, last 24 hours", values: { log_name: "System", hours: "24", level: "Error" } },
      {
        name: "Application warnings, last 4 hours",
        values: { log_name: "Application", hours: "4", level: "Warning" },
      },
      {
        name: "Security events, last hour",
        values: { log_name: "Security", hours: "1", level: "Information" },
      },
    ],
    body: script`
# Parameters: STEWARD_PARAM_LOG_NAME, STEWARD_PARAM_HOURS, STEWARD_PARAM_LEVEL, STEWARD_PARAM_MAX_EVENTS.
$ErrorActionPreference = 'Stop'

function Read-Number([string]$Name, [double]$Default) {
    $text = [Environment]::GetEnvironmentVariable("STEWARD_PARAM_$Name")
    if ([string]::IsNullOrWhiteSpace($text)) { return $Default }
    $value = 0.0
    if (-not [double]::TryParse($text, [Globalization.NumberStyles]::Float, [Globalization.CultureInfo]::InvariantCulture, [ref]$value) -or $value -le 0) {
        [Console]::Error.WriteLine("$($Name.ToLower()) must be a number above 0.")
        exit 2
    }
    return $value
}

$logName = if ($env:STEWARD_PARAM_LOG_NAME) { $env:STEWARD_PARAM_LOG_NAME } else { 'System' }
if (@('System', 'Application', 'Security', 'Setup') -notcontains $logName) {
    [Console]::Error.WriteLine('log_name must be System, Application, Security or Setup.')
    exit 2
}
$hours = Read-Number 'HOURS' 24
$maxEvents = [int](Read-Number 'MAX_EVENTS' 200)
# Event levels: 1 critical, 2 error, 3 warning, 4 information, 0 "log always" (most audit events).
$levels = switch ($env:STEWARD_PARAM_LEVEL) {
    'Critical' { @(1) }
    'Warning' { @(1, 2, 3) }
    'Information' { @(0, 1, 2, 3, 4) }
    default { @(1, 2) }
}

$filter = @{ LogName = $logName; StartTime = (Get-Date).AddHours(-$hours); Level = $levels }
try {
    $events = @(Get-WinEvent -FilterHashtable $filter -MaxEvents $maxEvents)
} catch {
    if ($_.FullyQualifiedErrorId -like 'NoMatchingEventsFound*') {
        Write-Output "No $logName events at that level in the last $hours hour(s)."
        exit 0
    }
    throw
}

Write-Output ("{0} {1} event(s) in the last {2} hour(s), newest first:" -f $events.Count, $logName, $hours)
foreach ($e in $events) {
    $message = if ($e.Message) { ($e.Message -split '\r?\n')[0] } else { '(no message text)' }
    Write-Output ("{0:yyyy-MM-dd HH:mm:ss}  {1,-11} {2,6}  {3}: {4}" -f $e.TimeCreated, $e.LevelDisplayName, $e.Id, $e.ProviderName, $message)
}
exit 0
`,
  }),
  defineTemplate({
    id: "windows-listening-ports",
    name: "Windows: list listening ports",
    description:
      "Lists the TCP ports in the listening state and the UDP endpoints, with the process that owns each.",
    category: "Networking",
    language: "powershell",
    os: "WINDOWS",
    readOnly: true,
    timeoutSeconds: 120,
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
# Parameter: STEWARD_PARAM_PROTOCOL (TCP | UDP | Both).
$ErrorActionPreference = 'Stop'
$protocol = if ($env:STEWARD_PARAM_PROTOCOL) { $env:STEWARD_PARAM_PROTOCOL } else { 'Both' }

$names = @{}
Get-Process | ForEach-Object { $names[[int]$_.Id] = $_.ProcessName }

$rows = @()
if ($protocol -ne 'UDP') {
    $rows += Get-NetTCPConnection -State Listen | ForEach-Object {
        [pscustomobject]@{ Protocol = 'TCP'; Address = $_.LocalAddress; Port = $_.LocalPort; PID = $_.OwningProcess; Process = $names[[int]$_.OwningProcess] }
    }
}
if ($protocol -ne 'TCP') {
    $rows += Get-NetUDPEndpoint | ForEach-Object {
        [pscustomobject]@{ Protocol = 'UDP'; Address = $_.LocalAddress; Port = $_.LocalPort; PID = $_.OwningProcess; Process = $names[[int]$_.OwningProcess] }
    }
}
$rows | Sort-Object Protocol, Port, Address | Format-Table -AutoSize | Out-String -Width 300 | Write-Output
Write-Output ("{0} listening endpoint(s)." -f $rows.Count)
exit 0
`,
  }),
  defineTemplate({
    id: "windows-disk-health",
    name: "Windows: check disk health",
    description:
      "Shows each physical disk's health and wear counters and each volume's free space. Fails (exit 1) when a disk is not healthy or a volume has less free space than the threshold.",
    category: "Diagnostics",
    language: "powershell",
    os: "WINDOWS",
    readOnly: true,
    timeoutSeconds: 300,
    parameters: [
      {
        name: "min_free_percent",
        label: "Warn below this free space (%)",
        type: "number",
        required: true,
        defaultValue: "10",
      },
    ],
    presets: [
      { name: "Warn below 10% free", values: { min_free_percent: "10" } },
      { name: "Warn below 20% free", values: { min_free_percent: "20" } },
    ],
    body: script`
# Parameter: STEWARD_PARAM_MIN_FREE_PERCENT.
$ErrorActionPreference = 'Stop'
$minFree = 10.0
if ($env:STEWARD_PARAM_MIN_FREE_PERCENT -and -not [double]::TryParse($env:STEWARD_PARAM_MIN_FREE_PERCENT, [Globalization.NumberStyles]::Float, [Globalization.CultureInfo]::InvariantCulture, [ref]$minFree)) {
    [Console]::Error.WriteLine('min_free_percent must be a number.')
    exit 2
}
$problems = @()

Write-Output '===== Physical disks ====='
foreach ($disk in Get-PhysicalDisk) {
    $line = '{0}: {1}, {2:N0} GB, health {3}, status {4}' -f $disk.FriendlyName, $disk.MediaType, ($disk.Size / 1GB), $disk.HealthStatus, ($disk.OperationalStatus -join '/')
    try {
        $counters = $disk | Get-StorageReliabilityCounter -ErrorAction Stop
        if ($null -ne $counters.Temperature) { $line += (', {0} C' -f $counters.Temperature) }
        if ($null -ne $counters.Wear) { $line += (', wear {0}%' -f $counters.Wear) }
        if ($counters.ReadErrorsUncorrected) { $line += (', {0} uncorrected read errors' -f $counters.ReadErrorsUncorrected) }
    } catch { }
    Write-Output $line
    if ($disk.HealthStatus -ne 'Healthy') { $problems += "Disk $($disk.FriendlyName) is $($disk.HealthStatus)" }
}

Write-Output '===== Volumes ====='
foreach ($volume in Get-Volume | Where-Object { $_.DriveType -eq 'Fixed' -and $_.Size -gt 0 }) {
    $label = if ($volume.DriveLetter) { "$($volume.DriveLetter):" } else { $volume.FileSystemLabel }
    $percent = 100 * $volume.SizeRemaining / $volume.Size
    Write-Output ('{0} {1}: {2:N1} GB free of {3:N1} GB ({4:N1}%), health {5}' -f $label, $volume.FileSystem, ($volume.SizeRemaining / 1GB), ($volume.Size / 1GB), $percent, $volume.HealthStatus)
    if ($percent -lt $minFree) { $problems += ('{0} has {1:N1}% free' -f $label, $percent) }
    if ($volume.HealthStatus -ne 'Healthy') { $problems += "Volume $label is $($volume.HealthStatus)" }
}

if ($problems.Count -gt 0) {
    [Console]::Error.WriteLine(($problems -join [Environment]::NewLine))
    exit 1
}
Write-Output 'All disks and volumes are healthy.'
exit 0
`,
  }),
  defineTemplate({
    id: "windows-uptime",
    name: "Windows: show uptime and last boot",
    description:
      "Shows when Windows last started, how long it has been up and the last recorded shutdown or restart reason. Optionally fails when the uptime is longer than a number of days.",
    category: "Diagnostics",
    language: "powershell",
    os: "WINDOWS",
    readOnly: true,
    timeoutSeconds: 120,
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
# Parameter: STEWARD_PARAM_MAX_UPTIME_DAYS (empty: report only).
$ErrorActionPreference = 'Stop'
$os = Get-CimInstance -ClassName Win32_OperatingSystem
$uptime = (Get-Date) - $os.LastBootUpTime
Write-Output ("Last boot: {0:yyyy-MM-dd HH:mm:ss}" -f $os.LastBootUpTime)
Write-Output ("Uptime:    {0} day(s), {1} hour(s), {2} minute(s)" -f $uptime.Days, $uptime.Hours, $uptime.Minutes)

try {
    $last = Get-WinEvent -FilterHashtable @{ LogName = 'System'; Id = 1074 } -MaxEvents 1 -ErrorAction Stop
    Write-Output ("Last restart or shutdown request: {0:yyyy-MM-dd HH:mm:ss}: {1}" -f $last.TimeCreated, (($last.Message -split '\r?\n')[0]))
} catch {
    Write-Output 'No restart or shutdown request is recorded in the System log.'
}

$limit = 0.0
if ($env:STEWARD_PARAM_MAX_UPTIME_DAYS -and [double]::TryParse($env:STEWARD_PARAM_MAX_UPTIME_DAYS, [Globalization.NumberStyles]::Float, [Globalization.CultureInfo]::InvariantCulture, [ref]$limit)) {
    if ($uptime.TotalDays -gt $limit) {
        [Console]::Error.WriteLine(("Up for {0:N1} days, longer than {1} days: restart it." -f $uptime.TotalDays, $limit))
        exit 1
    }
}
exit 0
`,
  }),
  defineTemplate({
    id: "windows-top-processes",
    name: "Windows: top processes by memory",
    description:
      "Lists the processes using the most memory (or CPU time) with their working set, private memory and CPU seconds, and the computer's memory use.",
    category: "Diagnostics",
    language: "powershell",
    os: "WINDOWS",
    readOnly: true,
    timeoutSeconds: 120,
    parameters: [
      { name: "count", label: "How many processes", type: "number", required: true, defaultValue: "15" },
      {
        name: "sort_by",
        label: "Sort by",
        type: "choice",
        required: true,
        defaultValue: "Memory",
        choices: ["Memory", "CPU"],
      },
    ],
    presets: [
      { name: "Top 15 by memory", values: { count: "15", sort_by: "Memory" } },
      { name: "Top 10 by CPU", values: { count: "10", sort_by: "CPU" } },
    ],
    body: script`
# Parameters: STEWARD_PARAM_COUNT, STEWARD_PARAM_SORT_BY (Memory | CPU).
$ErrorActionPreference = 'Stop'
$count = 15
if ($env:STEWARD_PARAM_COUNT -and -not [int]::TryParse($env:STEWARD_PARAM_COUNT, [ref]$count)) {
    [Console]::Error.WriteLine('count must be a whole number.')
    exit 2
}
$property = if ($env:STEWARD_PARAM_SORT_BY -eq 'CPU') { 'CPU' } else { 'WorkingSet64' }

$os = Get-CimInstance -ClassName Win32_OperatingSystem
$total = $os.TotalVisibleMemorySize * 1KB
$free = $os.FreePhysicalMemory * 1KB
Write-Output ("Memory: {0:N1} GB used of {1:N1} GB ({2:N0}%)" -f (($total - $free) / 1GB), ($total / 1GB), (100 * ($total - $free) / $total))

Get-Process |
    Sort-Object -Property $property -Descending |
    Select-Object -First $count -Property Id, ProcessName,
        @{ Name = 'WorkingSet MB'; Expression = { [math]::Round($_.WorkingSet64 / 1MB, 1) } },
        @{ Name = 'Private MB'; Expression = { [math]::Round($_.PrivateMemorySize64 / 1MB, 1) } },
        @{ Name = 'CPU s'; Expression = { [math]::Round($_.CPU, 1) } } |
    Format-Table -AutoSize | Out-String -Width 300 | Write-Output
exit 0
`,
  }),
  defineTemplate({
    id: "windows-network-info",
    name: "Windows: show network information",
    description:
      "Shows the adapters and their addresses, the IPv4 routes, and resolves and pings a test host.",
    category: "Networking",
    language: "batch",
    os: "WINDOWS",
    readOnly: true,
    timeoutSeconds: 120,
    parameters: [
      {
        name: "test_host",
        label: "Test host",
        type: "text",
        required: false,
        defaultValue: "www.microsoft.com",
      },
    ],
    presets: [
      { name: "Internet", values: { test_host: "www.microsoft.com" } },
      { name: "Adapters only", values: { test_host: "" } },
    ],
    body: script`
@echo off
rem Parameter: STEWARD_PARAM_TEST_HOST, read with delayed expansion (never parsed).
setlocal EnableExtensions EnableDelayedExpansion
echo ===== Adapters =====
ipconfig /all
echo ===== IPv4 routes =====
route print -4
set "TARGET=!STEWARD_PARAM_TEST_HOST!"
if not defined TARGET exit /b 0
echo ===== Resolving !TARGET! =====
nslookup "!TARGET!"
echo ===== Pinging !TARGET! =====
ping -n 2 "!TARGET!"
if errorlevel 1 echo The test host did not answer the ping (it may block ICMP).
exit /b 0
`,
  }),
];
