import { defineTemplate, script } from "./define.js";

// Windows upkeep: disk space, services, the print spooler, DNS and time.
// Parameters arrive as STEWARD_PARAM_<NAME> environment variables (and as positional
// arguments in declared order); the scripts read the variables and never splice them into code.

export const windowsMaintenanceTemplates = [
  defineTemplate({
    id: "windows-disk-cleanup",
    name: "Windows: clean up disk space",
    description:
      "Deletes temporary files older than the given number of days (Windows temp folder and every user's temp folder), and optionally the Windows Update download cache and the recycle bins. Prints the space freed on the system drive.",
    category: "Maintenance",
    language: "powershell",
    os: "WINDOWS",
    timeoutSeconds: 1800,
    parameters: [
      {
        name: "older_than_days",
        label: "Delete files older than (days)",
        type: "number",
        required: true,
        defaultValue: "7",
      },
      {
        name: "include_update_cache",
        label: "Clear the Windows Update download cache",
        type: "boolean",
        defaultValue: "false",
      },
      { name: "empty_recycle_bin", label: "Empty the recycle bins", type: "boolean", defaultValue: "false" },
    ],
    presets: [
      {
        name: "Quick",
        values: { older_than_days: "7", include_update_cache: "false", empty_recycle_bin: "false" },
      },
      {
        name: "Deep",
        values: { older_than_days: "1", include_update_cache: "true", empty_recycle_bin: "true" },
      },
    ],
    body: script`
# Frees disk space on the system drive. Parameters: STEWARD_PARAM_OLDER_THAN_DAYS,
# STEWARD_PARAM_INCLUDE_UPDATE_CACHE, STEWARD_PARAM_EMPTY_RECYCLE_BIN.
$ErrorActionPreference = 'Stop'

function Read-Param([string]$Name, [string]$Default) {
    $value = [Environment]::GetEnvironmentVariable("STEWARD_PARAM_$Name")
    if ([string]::IsNullOrWhiteSpace($value)) { return $Default }
    return $value.Trim()
}

$days = 0.0
if (-not [double]::TryParse((Read-Param 'OLDER_THAN_DAYS' '7'), [Globalization.NumberStyles]::Float, [Globalization.CultureInfo]::InvariantCulture, [ref]$days) -or $days -lt 0) {
    [Console]::Error.WriteLine('older_than_days must be a number of days (0 or more).')
    exit 2
}
$includeUpdateCache = (Read-Param 'INCLUDE_UPDATE_CACHE' 'false') -eq 'true'
$emptyRecycleBin = (Read-Param 'EMPTY_RECYCLE_BIN' 'false') -eq 'true'
$cutoff = (Get-Date).AddDays(-$days)
$drive = $env:SystemDrive.TrimEnd(':')

function Get-FreeBytes { (Get-PSDrive -Name $drive).Free }

function Remove-OldFiles([string]$Path) {
    if (-not (Test-Path -LiteralPath $Path)) { return 0 }
    $removed = 0
    Get-ChildItem -LiteralPath $Path -Recurse -Force -File -ErrorAction SilentlyContinue |
        Where-Object { $_.LastWriteTime -lt $cutoff } |
        ForEach-Object {
            try { Remove-Item -LiteralPath $_.FullName -Force -ErrorAction Stop; $removed++ } catch { }
        }
    # Folders left empty, deepest first.
    Get-ChildItem -LiteralPath $Path -Recurse -Force -Directory -ErrorAction SilentlyContinue |
        Sort-Object { $_.FullName.Length } -Descending |
        Where-Object { -not (Get-ChildItem -LiteralPath $_.FullName -Force -ErrorAction SilentlyContinue | Select-Object -First 1) } |
        ForEach-Object { Remove-Item -LiteralPath $_.FullName -Force -ErrorAction SilentlyContinue }
    return $removed
}

$before = Get-FreeBytes
$folders = @(Join-Path $env:SystemRoot 'Temp')
$profiles = Join-Path $env:SystemDrive 'Users'
if (Test-Path -LiteralPath $profiles) {
    Get-ChildItem -LiteralPath $profiles -Directory -Force -ErrorAction SilentlyContinue | ForEach-Object {
        $folders += Join-Path $_.FullName 'AppData\Local\Temp'
    }
}
foreach ($folder in $folders) {
    $count = Remove-OldFiles $folder
    if ($count -gt 0) { Write-Output ("Removed {0} file(s) from {1}" -f $count, $folder) }
}

if ($includeUpdateCache) {
    $download = Join-Path $env:SystemRoot 'SoftwareDistribution\Download'
    Write-Output 'Clearing the Windows Update download cache...'
    $stopped = @()
    foreach ($name in 'wuauserv', 'bits') {
        $service = Get-Service -Name $name -ErrorAction SilentlyContinue
        if ($service -and $service.Status -eq 'Running') {
            Stop-Service -InputObject $service -Force
            $stopped += $service
        }
    }
    try {
        if (Test-Path -LiteralPath $download) {
            Get-ChildItem -LiteralPath $download -Force | Remove-Item -Recurse -Force -ErrorAction SilentlyContinue
        }
    } finally {
        foreach ($service in $stopped) { Start-Service -InputObject $service }
    }
}

if ($emptyRecycleBin) {
    Write-Output 'Emptying the recycle bins...'
    Clear-RecycleBin -Force -ErrorAction SilentlyContinue
}

$freed = (Get-FreeBytes) - $before
Write-Output ("Freed {0:N1} MB on {1}: ({2:N1} GB free now)" -f ([math]::Max($freed, 0) / 1MB), $drive, ((Get-FreeBytes) / 1GB))
exit 0
`,
  }),
  defineTemplate({
    id: "windows-restart-service",
    name: "Windows: restart a service",
    description:
      "Restarts a Windows service by its name or display name, waits until it runs again and starts the dependent services that were running before. Fails when the service does not exist, is disabled or does not come back in time.",
    category: "Maintenance",
    language: "powershell",
    os: "WINDOWS",
    timeoutSeconds: 300,
    parameters: [
      {
        name: "service_name",
        label: "Service name",
        type: "text",
        required: true,
        defaultValue: "",
        description: "The short name (Spooler) or the display name (Print Spooler).",
      },
      {
        name: "wait_seconds",
        label: "Wait for it to run (seconds)",
        type: "number",
        required: true,
        defaultValue: "60",
      },
    ],
    presets: [
      { name: "Print Spooler", values: { service_name: "Spooler" } },
      { name: "Windows Update", values: { service_name: "wuauserv" } },
      { name: "Windows Time", values: { service_name: "W32Time" } },
    ],
    body: script`
# Restarts one service. Parameters: STEWARD_PARAM_SERVICE_NAME, STEWARD_PARAM_WAIT_SECONDS.
$ErrorActionPreference = 'Stop'

function Fail([string]$Message, [int]$Code) { [Console]::Error.WriteLine($Message); exit $Code }

$name = $env:STEWARD_PARAM_SERVICE_NAME
if ([string]::IsNullOrWhiteSpace($name) -and $args.Count -gt 0) { $name = [string]$args[0] }
if ([string]::IsNullOrWhiteSpace($name)) { Fail 'Give the service name (service_name).' 2 }
$name = $name.Trim()
$wait = 60.0
if ($env:STEWARD_PARAM_WAIT_SECONDS -and -not [double]::TryParse($env:STEWARD_PARAM_WAIT_SECONDS, [Globalization.NumberStyles]::Float, [Globalization.CultureInfo]::InvariantCulture, [ref]$wait)) {
    Fail 'wait_seconds must be a number.' 2
}

# Names are matched literally: wildcard characters in the name mean nothing.
$pattern = [System.Management.Automation.WildcardPattern]::Escape($name)
$service = Get-Service -Name $pattern -ErrorAction SilentlyContinue | Select-Object -First 1
if (-not $service) { $service = Get-Service -DisplayName $pattern -ErrorAction SilentlyContinue | Select-Object -First 1 }
if (-not $service) { Fail "There is no service named '$name' on this computer." 3 }
if ($service.StartType -eq 'Disabled') { Fail "The service $($service.Name) is disabled; enable it first." 4 }

$dependents = @($service.DependentServices | Where-Object { $_.Status -eq 'Running' })
Write-Output "Restarting $($service.DisplayName) ($($service.Name)); it is $($service.Status)."
try {
    Restart-Service -InputObject $service -Force
    $service.WaitForStatus('Running', [TimeSpan]::FromSeconds($wait))
} catch {
    Fail "The service $($service.Name) did not restart: $($_.Exception.Message)" 5
}
foreach ($dependent in $dependents) {
    $dependent.Refresh()
    if ($dependent.Status -ne 'Running') {
        Start-Service -InputObject $dependent
        Write-Output "Started the dependent service $($dependent.Name) again."
    }
}
$service.Refresh()
Write-Output "$($service.Name) is $($service.Status)."
exit 0
`,
  }),
  defineTemplate({
    id: "windows-clear-print-spooler",
    name: "Windows: clear the print spooler",
    description:
      "Stops the Print Spooler service, deletes every stuck print job from the spool folder and starts the service again.",
    category: "Maintenance",
    language: "batch",
    os: "WINDOWS",
    timeoutSeconds: 180,
    parameters: [],
    body: script`
@echo off
setlocal EnableExtensions
set "SPOOL=%SystemRoot%\System32\spool\PRINTERS"

set COUNT=0
for /f %%c in ('dir /b /a-d "%SPOOL%" 2^>nul ^| find /c /v ""') do set COUNT=%%c

echo Stopping the Print Spooler service...
net stop spooler /y >nul 2>&1
sc query spooler | find "STOPPED" >nul
if errorlevel 1 (
  echo The Print Spooler service did not stop. 1>&2
  exit /b 1
)

echo Deleting %COUNT% spooled file(s) from %SPOOL%
del /f /q "%SPOOL%\*.*" >nul 2>&1

echo Starting the Print Spooler service...
net start spooler >nul 2>&1
sc query spooler | find "RUNNING" >nul
if errorlevel 1 (
  echo The Print Spooler service did not start again. 1>&2
  exit /b 2
)
echo The print spooler is cleared and running.
exit /b 0
`,
  }),
  defineTemplate({
    id: "windows-flush-dns",
    name: "Windows: flush the DNS cache",
    description: "Clears the DNS resolver cache; optionally registers the computer's addresses in DNS again.",
    category: "Networking",
    language: "batch",
    os: "WINDOWS",
    timeoutSeconds: 120,
    parameters: [
      {
        name: "register_dns",
        label: "Register the computer in DNS again",
        type: "boolean",
        defaultValue: "false",
      },
    ],
    presets: [
      { name: "Flush only", values: { register_dns: "false" } },
      { name: "Flush and register", values: { register_dns: "true" } },
    ],
    body: script`
@echo off
rem Parameter: STEWARD_PARAM_REGISTER_DNS (true | false), read with delayed expansion (never parsed).
setlocal EnableExtensions EnableDelayedExpansion
ipconfig /flushdns
if errorlevel 1 exit /b 1
if /i "!STEWARD_PARAM_REGISTER_DNS!"=="true" (
  ipconfig /registerdns
  if errorlevel 1 exit /b 2
)
exit /b 0
`,
  }),
  defineTemplate({
    id: "windows-time-sync",
    name: "Windows: check time synchronization",
    description:
      "Shows the Windows Time service's source and synchronization status (starting the service when it is stopped); optionally forces a resynchronization now.",
    category: "Maintenance",
    language: "batch",
    os: "WINDOWS",
    timeoutSeconds: 120,
    parameters: [{ name: "resync", label: "Resynchronize now", type: "boolean", defaultValue: "false" }],
    presets: [
      { name: "Check only", values: { resync: "false" } },
      { name: "Check and resync", values: { resync: "true" } },
    ],
    body: script`
@echo off
rem Parameter: STEWARD_PARAM_RESYNC (true | false), read with delayed expansion (never parsed).
setlocal EnableExtensions EnableDelayedExpansion
sc query w32time | find "RUNNING" >nul
if errorlevel 1 (
  echo Starting the Windows Time service...
  net start w32time >nul 2>&1
)
echo ===== Time source =====
w32tm /query /source
echo ===== Status =====
w32tm /query /status
if errorlevel 1 exit /b 1
if /i "!STEWARD_PARAM_RESYNC!"=="true" (
  echo ===== Resynchronizing =====
  w32tm /resync /force
  if errorlevel 1 exit /b 2
)
exit /b 0
`,
  }),
];
