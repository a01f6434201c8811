// Tree and snapshot objects as restic stores them: JSON with the fields in a fixed order, so the
// same directory state always gives the same tree id (and deduplicates).
import type { BigIntStats } from "node:fs";

export type NodeType = "file" | "dir" | "symlink" | "dev" | "chardev" | "fifo" | "socket";

export interface TreeNode {
  name: string;
  type: NodeType;
  mode?: number;
  mtime: string;
  atime: string;
  ctime: string;
  uid: number;
  gid: number;
  user?: string;
  group?: string;
  inode?: number;
  device_id?: number;
  size?: number;
  links?: number;
  linktarget?: string;
  content: string[] | null;
  subtree?: string;
}

export interface Tree {
  nodes: TreeNode[];
}

export interface Snapshot {
  time: string;
  parent?: string;
  tree: string;
  paths: string[];
  hostname: string;
  username?: string;
  uid?: number;
  gid?: number;
  excludes?: string[];
  tags?: string[];
  original?: string;
  program_version?: string;
}

// File mode bits as Go's fs.FileMode spells them.
export const MODE_DIR = 0x80000000;
export const MODE_SYMLINK = 0x08000000;
export const MODE_DEVICE = 0x04000000;
export const MODE_NAMED_PIPE = 0x02000000;
export const MODE_SOCKET = 0x01000000;
export const MODE_SETUID = 0x00800000;
export const MODE_SETGID = 0x00400000;
export const MODE_CHAR_DEVICE = 0x00200000;
export const MODE_STICKY = 0x00100000;

/** Nanosecond timestamps as RFC 3339 with nine fraction digits, UTC. */
export function formatTime(ns: bigint): string {
  const ms = ns / 1_000_000n;
  const frac = ((ns % 1_000_000_000n) + 1_000_000_000n) % 1_000_000_000n;
  const iso = new Date(Number(ms)).toISOString();
  return `${iso.slice(0, 19)}.${frac.toString().padStart(9, "0")}Z`;
}

/** Parses an RFC 3339 timestamp (any fraction length, any offset) into a Date (millisecond precision). */
export function parseTime(s: string): Date {
  return new Date(s.replace(/\.(\d{3})\d*/, ".$1"));
}

export function goMode(st: BigIntStats, type: NodeType): number {
  const m = Number(st.mode);
  let mode = m & 0o777;
  if (m & 0o4000) mode |= MODE_SETUID;
  if (m & 0o2000) mode |= MODE_SETGID;
  if (m & 0o1000) mode |= MODE_STICKY;
  switch (type) {
    case "dir":
      mode |= MODE_DIR;
      break;
    case "symlink":
      mode |= MODE_SYMLINK;
      break;
    case "dev":
      mode |= MODE_DEVICE;
      break;
    case "chardev":
      mode |= MODE_DEVICE | MODE_CHAR_DEVICE;
      break;
    case "fifo":
      mode |= MODE_NAMED_PIPE;
      break;
    case "socket":
      mode |= MODE_SOCKET;
      break;
    case "file":
      break;
  }
  return mode >>> 0;
}

/** Unix permission bits (with setuid, setgid, sticky) from a Go file mode. */
export function unixPerm(mode: number): number {
  let m = mode & 0o777;
  if (mode & MODE_SETUID) m |= 0o4000;
  if (mode & MODE_SETGID) m |= 0o2000;
  if (mode & MODE_STICKY) m |= 0o1000;
  return m;
}

export function nodeType(st: BigIntStats): NodeType {
  if (st.isDirectory()) return "dir";
  if (st.isSymbolicLink()) return "symlink";
  if (st.isFile()) return "file";
  if (st.isBlockDevice()) return "dev";
  if (st.isCharacterDevice()) return "chardev";
  if (st.isFIFO()) return "fifo";
  return "socket";
}

/** A node with its fields in the order restic writes them; empty optional fields left out. */
export function makeNode(name: string, st: BigIntStats, extra: Partial<TreeNode>): TreeNode {
  const type = nodeType(st);
  const n: TreeNode = {
    name,
    type,
    mode: goMode(st, type),
    mtime: formatTime(st.mtimeNs),
    atime: formatTime(st.atimeNs),
    ctime: formatTime(st.ctimeNs),
    uid: Number(st.uid),
    gid: Number(st.gid),
    inode: Number(st.ino),
    device_id: Number(st.dev),
  } as TreeNode;
  if (type === "file" && st.size > 0n) n.size = Number(st.size);
  if (type !== "dir") n.links = Number(st.nlink);
  if (extra.linktarget !== undefined) n.linktarget = extra.linktarget;
  n.content = extra.content ?? null;
  if (extra.subtree) n.subtree = extra.subtree;
  return n;
}

/** Serialized tree: nodes sorted by the bytes of their names, newline-terminated. */
export function encodeTree(nodes: TreeNode[]): Buffer {
  const sorted = [...nodes].sort((a, b) => Buffer.compare(Buffer.from(a.name), Buffer.from(b.name)));
  return Buffer.from(JSON.stringify({ nodes: sorted }) + "\n");
}
