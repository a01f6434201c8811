import { defineTemplate, script } from "./define.js";

// Windows updates, restarts and installed software (read-only).
// Parameters arrive as STEWARD_PARAM_<NAME> environment variables (and as positional
// arguments in declared order); the scripts read the variables and never splice them into code.

export const windowsUpdateTemplates = [
  defineTemplate({
    id: "windows-updates-check",
    name: "Windows: check for available updates",
    description:
      "Asks Windows Update which updates are available but not installed (without downloading or installing anything) and lists them with their KB numbers and severity. Optionally fails when any are found.",
    category: "Updates",
    language: "powershell",
    os: "WINDOWS",
    readOnly: true,
    timeoutSeconds: 1800,
    parameters: [
      { name: "include_drivers", label: "Include driver updates", type: "boolean", defaultValue: "false" },
      {
        name: "fail_when_available",
        label: "Fail when updates are available",
        type: "boolean",
        defaultValue: "false",
      },
    ],
    presets: [
      { name: "Software updates", values: { include_drivers: "false" } },
      { name: "Software and drivers", values: { include_drivers: "true" } },
    ],
    body: script`
# Parameters: STEWARD_PARAM_INCLUDE_DRIVERS, STEWARD_PARAM_FAIL_WHEN_AVAILABLE (true | false).
$ErrorActionPreference = 'Stop'
$criteria = 'IsInstalled=0 and IsHidden=0'
if ($env:STEWARD_PARAM_INCLUDE_DRIVERS -ne 'true') { $criteria += " and Type='Software'" }

$session = New-Object -ComObject Microsoft.Update.Session
$searcher = $session.CreateUpdateSearcher()
Write-Output 'Searching for updates (this can take a few minutes)...'
$result = $searcher.Search($criteria)
$updates = @($result.Updates)
if ($updates.Count -eq 0) {
    Write-Output 'This computer is up to date.'
    exit 0
}
Write-Output ("{0} update(s) available:" -f $updates.Count)
foreach ($update in $updates) {
    $kb = if ($update.KBArticleIDs.Count -gt 0) { 'KB' + ($update.KBArticleIDs -join ', KB') } else { '' }
    $severity = if ($update.MsrcSeverity) { $update.MsrcSeverity } else { 'Unrated' }
    $reboot = if ($update.InstallationBehavior.RebootBehavior -ne 0) { ', may need a restart' } else { '' }
    Write-Output ("  - {0} [{1}] ({2}, {3:N1} MB{4})" -f $update.Title, $kb, $severity, ($update.MaxDownloadSize / 1MB), $reboot)
}
if ($env:STEWARD_PARAM_FAIL_WHEN_AVAILABLE -eq 'true') { exit 1 }
exit 0
`,
  }),
  defineTemplate({
    id: "windows-pending-reboot",
    name: "Windows: check for a pending reboot",
    description:
      "Checks the places Windows records a pending restart (component servicing, Windows Update, pending file renames, a computer rename) and lists the reasons. Optionally fails when a restart is pending.",
    category: "Updates",
    language: "powershell",
    os: "WINDOWS",
    readOnly: true,
    timeoutSeconds: 60,
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
# Parameter: STEWARD_PARAM_FAIL_WHEN_PENDING (true | false).
$ErrorActionPreference = 'Stop'
$reasons = @()
if (Test-Path 'HKLM:\SOFTWARE\Microsoft\Windows\CurrentVersion\Component Based Servicing\RebootPending') { $reasons += 'Component servicing (updates or features) is waiting for a restart' }
if (Test-Path 'HKLM:\SOFTWARE\Microsoft\Windows\CurrentVersion\WindowsUpdate\Auto Update\RebootRequired') { $reasons += 'Windows Update needs a restart' }
$session = Get-ItemProperty -Path 'HKLM:\SYSTEM\CurrentControlSet\Control\Session Manager' -Name 'PendingFileRenameOperations' -ErrorAction SilentlyContinue
if ($session -and $session.PendingFileRenameOperations) { $reasons += 'Files are waiting to be replaced at the next start' }
$active = (Get-ItemProperty 'HKLM:\SYSTEM\CurrentControlSet\Control\ComputerName\ActiveComputerName').ComputerName
$pending = (Get-ItemProperty 'HKLM:\SYSTEM\CurrentControlSet\Control\ComputerName\ComputerName').ComputerName
if ($active -ne $pending) { $reasons += "The computer is being renamed from $active to $pending" }

if ($reasons.Count -eq 0) {
    Write-Output 'No reboot is pending.'
    exit 0
}
Write-Output 'A reboot is pending:'
$reasons | ForEach-Object { Write-Output "  - $_" }
if ($env:STEWARD_PARAM_FAIL_WHEN_PENDING -eq 'true') { exit 1 }
exit 0
`,
  }),
  defineTemplate({
    id: "windows-installed-software",
    name: "Windows: count installed software",
    description:
      "Counts the installed programs (machine-wide, 32- and 64-bit, and each user's own installs), leaving out system components and updates. Optionally lists them, or only those whose name contains a text.",
    category: "Diagnostics",
    language: "powershell",
    os: "WINDOWS",
    readOnly: true,
    timeoutSeconds: 120,
    parameters: [
      { name: "name_filter", label: "Name contains", type: "text", required: false, defaultValue: "" },
      { name: "list", label: "List the programs", type: "boolean", defaultValue: "false" },
    ],
    presets: [
      { name: "Count only", values: { list: "false", name_filter: "" } },
      { name: "List everything", values: { list: "true", name_filter: "" } },
      { name: "Find Google Chrome", values: { list: "true", name_filter: "Chrome" } },
    ],
    body: script`
# Parameters: STEWARD_PARAM_NAME_FILTER, STEWARD_PARAM_LIST (true | false).
$ErrorActionPreference = 'Stop'
$filter = "$env:STEWARD_PARAM_NAME_FILTER".Trim()
$list = $env:STEWARD_PARAM_LIST -eq 'true'

$keys = @(
    'HKLM:\SOFTWARE\Microsoft\Windows\CurrentVersion\Uninstall\*',
    'HKLM:\SOFTWARE\WOW6432Node\Microsoft\Windows\CurrentVersion\Uninstall\*',
    'Registry::HKEY_USERS\*\Software\Microsoft\Windows\CurrentVersion\Uninstall\*'
)
$programs = Get-ItemProperty -Path $keys -ErrorAction SilentlyContinue |
    Where-Object { $_.DisplayName -and $_.SystemComponent -ne 1 -and -not $_.ParentKeyName -and -not $_.ReleaseType } |
    Where-Object { -not $filter -or $_.DisplayName.IndexOf($filter, [StringComparison]::OrdinalIgnoreCase) -ge 0 } |
    Sort-Object DisplayName, DisplayVersion -Unique

$what = if ($filter) { "program(s) whose name contains '$filter'" } else { 'installed program(s)' }
Write-Output ("{0} {1}" -f @($programs).Count, $what)
if ($list -or $filter) {
    $programs | Select-Object DisplayName, DisplayVersion, Publisher, InstallDate | Format-Table -AutoSize | Out-String -Width 300 | Write-Output
}
exit 0
`,
  }),
];
