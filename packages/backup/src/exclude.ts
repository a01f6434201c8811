// Exclude patterns: shell-style globs (*, ?, ** across folders, [abc]) matched against the whole
// path or, for a pattern without a slash, against the last path element.

function globToRegExp(glob: string): RegExp {
  let re = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === "*") {
      if (glob[i + 1] === "*") {
        re += ".*";
        i++;
        if (glob[i + 1] === "/") i++;
      } else re += "[^/]*";
    } else if (c === "?") re += "[^/]";
    else if (c === "[") {
      const end = glob.indexOf("]", i + 1);
      if (end < 0) re += "\\[";
      else {
        re += `[${glob.slice(i + 1, end).replace(/\\/g, "\\\\")}]`;
        i = end;
      }
    } else re += c.replace(/[.+^${}()|\\]/g, "\\$&");
  }
  return new RegExp(`^${re}$`);
}

export function compileExcludes(patterns: string[]): (absPath: string) => boolean {
  const tests = patterns.map((p) => {
    const re = globToRegExp(p);
    return p.includes("/")
      ? (abs: string) =>
          re.test(abs) || abs.split("/").some((_, i, parts) => re.test(parts.slice(0, i + 1).join("/")))
      : (abs: string) => re.test(abs.slice(abs.lastIndexOf("/") + 1));
  });
  return (abs) => tests.some((t) => t(abs));
}
