import { defineTemplate, script } from "./define.js";

// Windows accounts and remote access.
// Parameters arrive as STEWARD_PARAM_<NAME> environment variables (and as positional
// arguments in declared order); the scripts read the variables and never splice them into code.

export const windowsSecurityTemplates = [
  defineTemplate({
    id: "windows-remote-desktop",
    name: "Windows: enable or disable Remote Desktop",
    description:
      "Turns Remote Desktop connections on or off, with the matching Windows Firewall rules, and sets whether Network Level Authentication is required.",
    category: "Security",
    language: "powershell",
    os: "WINDOWS",
    timeoutSeconds: 120,
    parameters: [
      {
        name: "state",
        label: "Remote Desktop",
        type: "choice",
        required: true,
        defaultValue: "",
        choices: ["Enable", "Disable"],
      },
      {
        name: "require_nla",
        label: "Require Network Level Authentication",
        type: "boolean",
        defaultValue: "true",
      },
    ],
    presets: [
      { name: "Enable Remote Desktop", values: { state: "Enable", require_nla: "true" } },
      { name: "Disable Remote Desktop", values: { state: "Disable" } },
    ],
    body: script`
# Parameters: STEWARD_PARAM_STATE (Enable | Disable), STEWARD_PARAM_REQUIRE_NLA (true | false).
$ErrorActionPreference = 'Stop'

$state = $env:STEWARD_PARAM_STATE
if ([string]::IsNullOrWhiteSpace($state) -and $args.Count -gt 0) { $state = [string]$args[0] }
if ($state -ne 'Enable' -and $state -ne 'Disable') {
    [Console]::Error.WriteLine('state must be Enable or Disable.')
    exit 2
}
$nla = $env:STEWARD_PARAM_REQUIRE_NLA -ne 'false'
$enable = $state -eq 'Enable'

$terminalServer = 'HKLM:\SYSTEM\CurrentControlSet\Control\Terminal Server'
Set-ItemProperty -Path $terminalServer -Name 'fDenyTSConnections' -Value ([int](-not $enable)) -Type DWord
Set-ItemProperty -Path (Join-Path $terminalServer 'WinStations\RDP-Tcp') -Name 'UserAuthentication' -Value ([int]$nla) -Type DWord

# The firewall group is named by a resource string, the same on every display language.
$group = '@FirewallAPI.dll,-28752'
try {
    if ($enable) { Enable-NetFirewallRule -Group $group } else { Disable-NetFirewallRule -Group $group }
} catch {
    Write-Output "Could not change the Remote Desktop firewall rules: $($_.Exception.Message)"
}

if ($enable) {
    $service = Get-Service -Name 'TermService'
    if ($service.Status -ne 'Running') { Start-Service -InputObject $service }
}

$denied = (Get-ItemProperty -Path $terminalServer -Name 'fDenyTSConnections').fDenyTSConnections
Write-Output ("Remote Desktop is {0}; Network Level Authentication is {1}." -f $(if ($denied -eq 0) { 'enabled' } else { 'disabled' }), $(if ($nla) { 'required' } else { 'not required' }))
exit 0
`,
  }),
  defineTemplate({
    id: "windows-create-local-user",
    name: "Windows: create a local user",
    description:
      "Creates a local account with a random initial password that must be changed at the first sign-in, and adds it to Users (or Administrators). The initial password is printed once in the job output; share it over a safe channel.",
    category: "Users",
    language: "powershell",
    os: "WINDOWS",
    timeoutSeconds: 120,
    parameters: [
      {
        name: "username",
        label: "User name",
        type: "text",
        required: true,
        defaultValue: "",
        description: 'At most 20 characters; none of " / \\ [ ] : ; | = , + * ? < >',
      },
      { name: "full_name", label: "Full name", type: "text", required: false, defaultValue: "" },
      {
        name: "administrator",
        label: "Make the user a local administrator",
        type: "boolean",
        defaultValue: "false",
      },
    ],
    presets: [
      { name: "Standard user", values: { administrator: "false" } },
      { name: "Local administrator", values: { administrator: "true" } },
    ],
    body: script`
# Parameters: STEWARD_PARAM_USERNAME, STEWARD_PARAM_FULL_NAME, STEWARD_PARAM_ADMINISTRATOR.
$ErrorActionPreference = 'Stop'

function Fail([string]$Message, [int]$Code) { [Console]::Error.WriteLine($Message); exit $Code }

$username = "$env:STEWARD_PARAM_USERNAME".Trim()
$fullName = "$env:STEWARD_PARAM_FULL_NAME".Trim()
$administrator = $env:STEWARD_PARAM_ADMINISTRATOR -eq 'true'

if ($username -notmatch '^[^"/\\\[\]:;|=,+*?<>]{1,20}$' -or $username.Trim('.', ' ') -ne $username) {
    Fail 'The user name must be 1 to 20 characters, without " / \ [ ] : ; | = , + * ? < > and not start or end with a dot or space.' 2
}
if (Get-LocalUser -Name $username -ErrorAction SilentlyContinue) { Fail "A local user named $username already exists." 3 }

# A random password with upper and lower case letters, digits and symbols.
$alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789#%+-=?@_'
$random = [System.Security.Cryptography.RandomNumberGenerator]::Create()
do {
    $bytes = New-Object byte[] 20
    $random.GetBytes($bytes)
    $password = -join ($bytes | ForEach-Object { $alphabet[$_ % $alphabet.Length] })
} until ($password -cmatch '[A-Z]' -and $password -cmatch '[a-z]' -and $password -match '[0-9]' -and $password -match '[#%+\-=?@_]')

$secure = ConvertTo-SecureString -String $password -AsPlainText -Force
$settings = @{ Name = $username; Password = $secure; Description = 'Created by Steward'; AccountNeverExpires = $true }
if ($fullName) { $settings.FullName = $fullName }
$user = New-LocalUser @settings
# Well-known SIDs: the group names differ by display language.
Add-LocalGroupMember -SID 'S-1-5-32-545' -Member $user
if ($administrator) { Add-LocalGroupMember -SID 'S-1-5-32-544' -Member $user }

# The initial password must be changed at the first sign-in.
$adsi = [ADSI]"WinNT://$env:COMPUTERNAME/$username,user"
$adsi.PasswordExpired = 1
$adsi.SetInfo()

Write-Output ("Created the local user {0}{1}." -f $username, $(if ($administrator) { ' (administrator)' } else { '' }))
Write-Output "Initial password (must be changed at the first sign-in): $password"
exit 0
`,
  }),
  defineTemplate({
    id: "windows-local-admins",
    name: "Windows: list local administrators",
    description:
      "Lists the members of the local Administrators group (found by its well-known SID, whatever the display language), including domain accounts and unresolved SIDs. With an allowed list, fails when anyone else is a member.",
    category: "Security",
    language: "powershell",
    os: "WINDOWS",
    readOnly: true,
    timeoutSeconds: 120,
    parameters: [
      {
        name: "allowed_members",
        label: "Allowed members",
        type: "text",
        required: false,
        defaultValue: "",
        description: "Comma-separated names (Administrator, CONTOSO\\Domain Admins); empty: report only.",
      },
    ],
    body: script`
# Parameter: STEWARD_PARAM_ALLOWED_MEMBERS (comma-separated; empty: report only).
$ErrorActionPreference = 'Stop'
$sid = New-Object System.Security.Principal.SecurityIdentifier('S-1-5-32-544')
$groupName = $sid.Translate([System.Security.Principal.NTAccount]).Value.Split('\')[-1]
$group = [ADSI]"WinNT://$env:COMPUTERNAME/$groupName,group"

$members = @($group.psbase.Invoke('Members')) | ForEach-Object {
    $path = $_.GetType().InvokeMember('ADsPath', 'GetProperty', $null, $_, $null)
    $class = $_.GetType().InvokeMember('Class', 'GetProperty', $null, $_, $null)
    # WinNT://DOMAIN/name, WinNT://DOMAIN/COMPUTER/name (local) or WinNT://S-1-5-... (unresolved).
    $parts = $path.Substring(8).Split('/')
    $local = $parts.Count -eq 3 -or ($parts.Count -eq 2 -and $parts[0] -eq $env:COMPUTERNAME)
    $name = if ($parts.Count -ge 2) { $parts[$parts.Count - 2] + '\' + $parts[$parts.Count - 1] } else { $parts[0] }
    [pscustomobject]@{ Name = $name; Type = $class; Source = $(if ($local) { 'Local' } elseif ($parts.Count -eq 1) { 'Unresolved SID' } else { 'Domain' }) }
}

Write-Output "Members of $groupName on $($env:COMPUTERNAME):"
$members | Format-Table -AutoSize | Out-String -Width 300 | Write-Output

$allowed = @("$env:STEWARD_PARAM_ALLOWED_MEMBERS".Split(',') | ForEach-Object { $_.Trim() } | Where-Object { $_ })
if ($allowed.Count -gt 0) {
    $unexpected = @($members | Where-Object {
        $short = $_.Name.Split('\')[-1]
        -not ($allowed -contains $_.Name -or $allowed -contains $short)
    })
    if ($unexpected.Count -gt 0) {
        [Console]::Error.WriteLine('Not on the allowed list: ' + (($unexpected | ForEach-Object { $_.Name }) -join ', '))
        exit 1
    }
}
exit 0
`,
  }),
];
