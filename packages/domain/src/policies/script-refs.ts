/** Script ids a condition's check runs (a script-result check, or one inside a compound check). */
function checkScriptIds(check: unknown, into: Set<number>): void {
  if (!check || typeof check !== "object") return;
  const c = check as { kind?: unknown; scriptId?: unknown; parts?: unknown };
  if (c.kind === "scriptResult" && typeof c.scriptId === "number") into.add(c.scriptId);
  if (c.kind === "compound" && Array.isArray(c.parts)) for (const part of c.parts) checkScriptIds(part, into);
}

/**
 * The library scripts a policy's items use, by section: its conditions' script-result checks and
 * automation scripts, and its scheduled automations' scripts. Values the schemas would refuse are
 * read as far as they go.
 */
export function scriptIdsOfItems(items: Record<string, Record<string, unknown> | undefined>): Set<number> {
  const ids = new Set<number>();
  for (const value of Object.values(items.conditions ?? {})) {
    if (!value || typeof value !== "object") continue;
    const condition = value as { check?: unknown; automationScriptIds?: unknown };
    checkScriptIds(condition.check, ids);
    if (Array.isArray(condition.automationScriptIds))
      for (const id of condition.automationScriptIds) if (typeof id === "number") ids.add(id);
  }
  for (const value of Object.values(items.automations ?? {})) {
    const scriptId = (value as { scriptId?: unknown } | null)?.scriptId;
    if (typeof scriptId === "number") ids.add(scriptId);
  }
  return ids;
}
