import { defineTemplate, script } from "./define.js";

// Python scripts that run on Windows, macOS and Linux alike (standard library only).
// Each reads its parameters from STEWARD_PARAM_<NAME>, else from the positional arguments.

export const crossPlatformTemplates = [
  defineTemplate({
    id: "check-certificate-expiry",
    name: "Check a server's certificate expiry",
    description:
      "Connects to host:port over TLS, checks the certificate the server presents (trusted chain, matching name) and reports how many days it stays valid. Exit 1 when it expires within the warning period, 2 when it is invalid, expired or the server cannot be reached.",
    category: "Security",
    language: "python",
    os: "ANY",
    readOnly: true,
    timeoutSeconds: 60,
    parameters: [
      {
        name: "host",
        label: "Host",
        type: "text",
        required: true,
        defaultValue: "",
        description: "A host name or address, for example mail.example.com.",
      },
      { name: "port", label: "Port", type: "number", required: true, defaultValue: "443" },
      {
        name: "warn_days",
        label: "Warn when it expires within (days)",
        type: "number",
        required: true,
        defaultValue: "30",
      },
      {
        name: "server_name",
        label: "Name to check (SNI)",
        type: "text",
        required: false,
        defaultValue: "",
        description: "Empty: the host.",
      },
    ],
    presets: [
      { name: "Warn 30 days ahead", values: { warn_days: "30" } },
      { name: "Warn 60 days ahead", values: { warn_days: "60" } },
      { name: "SMTP over TLS (465)", values: { port: "465", warn_days: "30" } },
    ],
    body: script`
#!/usr/bin/env python3
"""Reports how long a server's TLS certificate stays valid. Exit 0 fine, 1 expiring soon, 2 invalid or unreachable."""
import os
import socket
import ssl
import sys
import time


def param(name, position, default=""):
    value = os.environ.get("STEWARD_PARAM_" + name.upper(), "")
    if value == "" and len(sys.argv) > position:
        value = sys.argv[position]
    return value.strip() or default


def fail(message, code):
    print(message, file=sys.stderr)
    sys.exit(code)


host = param("host", 1)
if not host:
    fail("Give the host (host).", 2)
try:
    port = int(param("port", 2, "443"))
    warn_days = float(param("warn_days", 3, "30"))
except ValueError:
    fail("port and warn_days must be numbers.", 2)
if not 0 < port < 65536:
    fail("port must be between 1 and 65535.", 2)
server_name = param("server_name", 4) or host

context = ssl.create_default_context()
try:
    with socket.create_connection((host, port), timeout=15) as sock:
        with context.wrap_socket(sock, server_hostname=server_name) as tls:
            cert = tls.getpeercert()
            protocol = tls.version()
except ssl.SSLCertVerificationError as error:
    fail("The certificate of %s:%d is not valid: %s" % (host, port, error.verify_message or error), 2)
except (OSError, ssl.SSLError) as error:
    fail("Could not reach %s:%d over TLS: %s" % (host, port, error), 2)

expires = ssl.cert_time_to_seconds(cert["notAfter"])
days_left = (expires - time.time()) / 86400
subject = dict(item[0] for item in cert.get("subject", ())).get("commonName", "?")
issuer = dict(item[0] for item in cert.get("issuer", ())).get("commonName", "?")
names = ", ".join(value for kind, value in cert.get("subjectAltName", ()) if kind == "DNS")

print("Server:     %s:%d (%s)" % (host, port, protocol))
print("Subject:    %s" % subject)
if names:
    print("Names:      %s" % names)
print("Issuer:     %s" % issuer)
print("Valid to:   %s" % time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(expires)))
print("Days left:  %.1f" % days_left)
if days_left < warn_days:
    fail("The certificate expires in %.1f days, within the %g-day warning period." % (days_left, warn_days), 1)
sys.exit(0)
`,
  }),

  defineTemplate({
    id: "folder-size-report",
    name: "Report the largest folders",
    description:
      "Adds up the size of each folder and file directly under a path (not following links) and lists the largest, to find what fills a disk.",
    category: "Diagnostics",
    language: "python",
    os: "ANY",
    readOnly: true,
    timeoutSeconds: 1800,
    parameters: [
      {
        name: "path",
        label: "Path",
        type: "text",
        required: true,
        defaultValue: "",
        description: "For example C:\\Users or /var.",
      },
      { name: "top", label: "How many entries", type: "number", required: true, defaultValue: "15" },
    ],
    presets: [
      { name: "Windows user profiles", values: { path: "C:\\Users", top: "15" } },
      { name: "Linux /var", values: { path: "/var", top: "15" } },
      { name: "Mac user folders", values: { path: "/Users", top: "15" } },
    ],
    body: script`
#!/usr/bin/env python3
"""Lists the largest entries directly under a path, each with its total size."""
import os
import sys


def param(name, position, default=""):
    value = os.environ.get("STEWARD_PARAM_" + name.upper(), "")
    if value == "" and len(sys.argv) > position:
        value = sys.argv[position]
    return value.strip() or default


def human(size):
    for unit in ("B", "KB", "MB", "GB", "TB"):
        if size < 1024 or unit == "TB":
            return "%.1f %s" % (size, unit) if unit != "B" else "%d B" % size
        size /= 1024.0


def total_size(path):
    """Bytes under path, not following symbolic links; unreadable parts are counted as skipped."""
    total, skipped, pending = 0, 0, [path]
    while pending:
        current = pending.pop()
        try:
            with os.scandir(current) as entries:
                for entry in entries:
                    try:
                        if entry.is_dir(follow_symlinks=False):
                            pending.append(entry.path)
                        elif entry.is_file(follow_symlinks=False):
                            total += entry.stat(follow_symlinks=False).st_size
                    except OSError:
                        skipped += 1
        except OSError:
            skipped += 1
    return total, skipped


root = param("path", 1)
if not root:
    print("Give the path (path).", file=sys.stderr)
    sys.exit(2)
try:
    top = int(param("top", 2, "15"))
except ValueError:
    print("top must be a whole number.", file=sys.stderr)
    sys.exit(2)
if not os.path.isdir(root):
    print("There is no folder %s." % root, file=sys.stderr)
    sys.exit(3)

sizes, skipped_total = [], 0
with os.scandir(root) as entries:
    for entry in entries:
        try:
            if entry.is_dir(follow_symlinks=False):
                size, skipped = total_size(entry.path)
                skipped_total += skipped
                sizes.append((size, entry.name + os.sep))
            elif entry.is_file(follow_symlinks=False):
                sizes.append((entry.stat(follow_symlinks=False).st_size, entry.name))
        except OSError:
            skipped_total += 1

sizes.sort(reverse=True)
print("Largest entries under %s (total %s):" % (root, human(sum(size for size, _ in sizes))))
for size, name in sizes[:top]:
    print("%12s  %s" % (human(size), name))
if skipped_total:
    print("%d item(s) could not be read and are not counted." % skipped_total)
sys.exit(0)
`,
  }),

  defineTemplate({
    id: "tcp-port-check",
    name: "Check that TCP ports answer",
    description:
      "Opens a TCP connection to each host:port of a list and reports which answer and how fast. Exit 1 when any does not answer.",
    category: "Networking",
    language: "python",
    os: "ANY",
    readOnly: true,
    timeoutSeconds: 300,
    parameters: [
      {
        name: "targets",
        label: "Targets",
        type: "text",
        required: true,
        defaultValue: "",
        description: "Comma-separated host:port, for example dc1.example.com:389, [2001:db8::1]:443",
      },
      {
        name: "timeout_seconds",
        label: "Timeout per target (seconds)",
        type: "number",
        required: true,
        defaultValue: "5",
      },
    ],
    presets: [
      { name: "Internet (HTTPS)", values: { targets: "www.google.com:443, www.cloudflare.com:443" } },
      { name: "Domain controller ports", values: { targets: "dc1:53, dc1:88, dc1:389, dc1:445" } },
    ],
    body: script`
#!/usr/bin/env python3
"""Checks that each host:port answers a TCP connection. Exit 1 when any does not."""
import os
import socket
import sys
import time


def param(name, position, default=""):
    value = os.environ.get("STEWARD_PARAM_" + name.upper(), "")
    if value == "" and len(sys.argv) > position:
        value = sys.argv[position]
    return value.strip() or default


def parse(target):
    if target.startswith("["):
        host, _, port = target[1:].partition("]:")
    else:
        host, _, port = target.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(target)
    return host, int(port)


try:
    timeout = float(param("timeout_seconds", 2, "5"))
    targets = [parse(t.strip()) for t in param("targets", 1).split(",") if t.strip()]
except ValueError as error:
    print("Not a host:port target or timeout: %s" % error, file=sys.stderr)
    sys.exit(2)
if not targets:
    print("Give at least one host:port (targets).", file=sys.stderr)
    sys.exit(2)

failed = 0
for host, port in targets:
    started = time.monotonic()
    try:
        with socket.create_connection((host, port), timeout=timeout):
            print("OK     %s:%d answered in %.0f ms" % (host, port, (time.monotonic() - started) * 1000))
    except OSError as error:
        failed += 1
        print("FAILED %s:%d: %s" % (host, port, error))
print("%d of %d target(s) answered." % (len(targets) - failed, len(targets)))
sys.exit(1 if failed else 0)
`,
  }),
];
