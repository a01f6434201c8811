/** The role editor of a technician role ("new" creates one). */
export function roleEditorPath(id: number | "new"): string {
  return `/editor/role/${id}/general`;
}
