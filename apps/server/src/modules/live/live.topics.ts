import { parseLiveTopic, type LiveTopic } from "@steward/contracts";
import type { Scope } from "../../platform/identity/index.js";
import type { LiveRepository } from "./live.repository.js";

/** A topic a stream may follow, with its parsed form. */
export interface GrantedTopic {
  name: string;
  topic: LiveTopic;
}

/**
 * The topics among `names` that name nothing inside the scope: an organization, device or job of
 * another organization is as absent as one that does not exist. `alerts` is always granted (it
 * carries only the scope's own alerts).
 */
export async function refusedTopics(
  repo: LiveRepository,
  scope: Scope,
  names: readonly string[],
): Promise<{ granted: GrantedTopic[]; refused: string[] }> {
  const parsed = names.map((name) => ({ name, topic: parseLiveTopic(name) }));
  const ids = <K extends LiveTopic["kind"], V>(kind: K, pick: (t: Extract<LiveTopic, { kind: K }>) => V) =>
    parsed.flatMap(({ topic }) =>
      topic?.kind === kind ? [pick(topic as Extract<LiveTopic, { kind: K }>)] : [],
    );
  const [orgs, devs, jobUids] = await Promise.all([
    repo.organizationsInScope(
      scope,
      ids("organization-alerts", (t) => t.organizationId),
    ),
    repo.devicesInScope(
      scope,
      ids("device", (t) => t.deviceId),
    ),
    repo.jobsInScope(
      scope,
      ids("job", (t) => t.jobUid),
    ),
  ]);
  const granted: GrantedTopic[] = [];
  const refused: string[] = [];
  for (const { name, topic } of parsed) {
    const ok =
      topic !== null &&
      (topic.kind === "alerts" ||
        (topic.kind === "organization-alerts" && orgs.has(topic.organizationId)) ||
        (topic.kind === "device" && devs.has(topic.deviceId)) ||
        (topic.kind === "job" && jobUids.has(topic.jobUid)));
    if (ok) granted.push({ name, topic });
    else refused.push(name);
  }
  return { granted, refused };
}
