import fs from "node:fs";
import path from "node:path";
import { agent as proto } from "@steward/contracts";
import type { ConditionCheck } from "@steward/domain";
import { evaluateCheck, type CheckContext, type ConditionScript, type ScriptRunner } from "./checks.js";
import type { SystemProbe } from "./probe.js";

/** Where the agent keeps which conditions are triggered, and events not sent yet. */
export const CONDITION_STATE_FILE = "conditions.json";
/** Events kept while the server is unreachable; the oldest go first (the snapshot still tells the truth). */
export const MAX_BUFFERED_EVENTS = 1000;
/** Seconds between evaluations of the cheap checks when nothing else is set. */
export const DEFAULT_CONDITION_SECONDS = 15;

/** Seconds between evaluations of a check: cheap ones often, costly ones (a log search, a package query) seldom. */
export function cadenceSeconds(check: ConditionCheck, base: number, override?: number): number {
  if (override !== undefined) return override;
  switch (check.kind) {
    case "logPattern":
      return Math.max(base, 60);
    case "pendingReboot":
    case "uptime":
    case "software":
    case "smart":
    case "antivirus":
      return Math.max(base, 300);
    case "scriptResult":
      return check.intervalMinutes * 60;
    case "compound":
      return Math.min(...check.parts.map((p) => cadenceSeconds(p, base)));
    default:
      return base;
  }
}

/** How long a check must hold before it triggers (a compound: its longest part's). */
export function durationOf(check: ConditionCheck): number {
  if (check.kind === "compound") return Math.max(0, ...check.parts.map(durationOf));
  return "durationSeconds" in check ? check.durationSeconds : 0;
}

interface TriggeredState {
  at: number;
  value?: number;
  detail: string;
}

interface StoredState {
  triggered: Record<string, TriggeredState>;
  pending: proto.ConditionEvent[];
  memory: Record<string, number>;
}

interface Runtime {
  condition: proto.AppliedCondition;
  nextDue: number;
  /** Since when the check has held without being triggered yet (the "for N seconds" clock). */
  holdingSince?: number;
  /** The last error was logged; logged again only after the check worked once. */
  errorLogged: boolean;
}

export interface ConditionEngineOptions {
  dataDir: string;
  probe: SystemProbe;
  /** Sends a message to the server; false when it could not (not connected). */
  send(message: proto.ConditionEventsMessage): boolean;
  runScript: ScriptRunner;
  log?(message: string): void;
  /** Seconds between evaluations of the cheap checks (default 15). */
  baseSeconds?: number;
  /** Every check at this interval, whatever its kind (tests, troubleshooting). */
  overrideSeconds?: number | undefined;
  now?: () => number;
}

/**
 * Evaluates the policy's conditions on the device and reports when each triggers and resets.
 * A condition triggers once its check has held for its duration and resets only once its value
 * is back past the reset threshold; while triggered it is not reported again. Triggered state and
 * unsent events are kept in the data directory, so a restart neither repeats a trigger nor loses
 * one; on every connection the server is sent the conditions triggered now.
 */
export class ConditionEngine {
  private readonly runtimes = new Map<string, Runtime>();
  private readonly state: StoredState;
  private readonly context: CheckContext;
  private policyVersion: number | null = null;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private dropped = false;
  private readonly now: () => number;

  constructor(private readonly options: ConditionEngineOptions) {
    this.now = options.now ?? Date.now;
    this.state = this.load();
    this.context = {
      probe: options.probe,
      now: this.now,
      scripts: new Map(),
      runScript: options.runScript,
      memory: new Map(Object.entries(this.state.memory)),
      key: "",
      cpu: new Map(),
      processCpu: new Map(),
    };
  }

  private get file() {
    return path.join(this.options.dataDir, CONDITION_STATE_FILE);
  }

  private load(): StoredState {
    try {
      const raw = JSON.parse(fs.readFileSync(this.file, "utf8")) as Partial<StoredState>;
      const pending = Array.isArray(raw.pending)
        ? raw.pending.flatMap((e) => {
            const parsed = proto.conditionEvent.safeParse(e);
            return parsed.success ? [parsed.data] : [];
          })
        : [];
      return { triggered: raw.triggered ?? {}, pending, memory: raw.memory ?? {} };
    } catch {
      return { triggered: {}, pending: [], memory: {} };
    }
  }

  private save(): void {
    this.state.memory = Object.fromEntries(this.context.memory);
    const tmp = `${this.file}.tmp`;
    try {
      fs.writeFileSync(tmp, JSON.stringify(this.state), { mode: 0o600 });
      fs.renameSync(tmp, this.file);
    } catch (err) {
      this.options.log?.(`condition state could not be saved: ${(err as Error).message}`);
    }
  }

  private get base() {
    return this.options.baseSeconds ?? DEFAULT_CONDITION_SECONDS;
  }

  /**
   * The policy's conditions (none when no policy is enforced). A condition that is gone is
   * forgotten without a word: the server resets its alert from the next snapshot.
   */
  setConditions(
    policyVersion: number | null,
    conditions: readonly proto.AppliedCondition[],
    scripts: readonly ConditionScript[] = [],
  ): void {
    this.policyVersion = policyVersion;
    const keys = new Set(conditions.map((c) => c.key));
    for (const key of [...this.runtimes.keys()]) if (!keys.has(key)) this.runtimes.delete(key);
    let changed = false;
    let dropped = false;
    for (const key of Object.keys(this.state.triggered))
      if (!keys.has(key)) {
        delete this.state.triggered[key];
        changed = dropped = true;
      }
    for (const key of this.context.memory.keys())
      if (!keys.has(key.split(".")[0]!)) {
        this.context.memory.delete(key);
        changed = true;
      }
    const now = this.now();
    for (const condition of conditions) {
      const existing = this.runtimes.get(condition.key);
      if (existing && JSON.stringify(existing.condition) === JSON.stringify(condition)) continue;
      // New or changed: evaluated at once; a changed one keeps its triggered state until it recovers.
      this.runtimes.set(condition.key, { condition, nextDue: now, errorLogged: false });
    }
    (this.context.scripts as Map<number, ConditionScript>).clear();
    for (const s of scripts) (this.context.scripts as Map<number, ConditionScript>).set(s.id, s);
    if (changed) this.save();
    // A triggered condition left the policy: the server learns it from a snapshot now (offline,
    // from the one sent on the next connection).
    if (dropped) this.sendSnapshot();
  }

  /** Keys of the conditions triggered now. */
  triggeredKeys(): string[] {
    return Object.keys(this.state.triggered).sort();
  }

  /** Evaluates the conditions that are due (one pass at a time). */
  tick(): Promise<void> {
    if (this.running) return this.running;
    this.running = this.evaluateDue().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async evaluateDue(): Promise<void> {
    const now = this.now();
    for (const runtime of [...this.runtimes.values()]) {
      if (runtime.nextDue > now) continue;
      const { check } = runtime.condition.condition;
      runtime.nextDue = now + cadenceSeconds(check, this.base, this.options.overrideSeconds) * 1000;
      await this.evaluate(runtime);
    }
  }

  private async evaluate(runtime: Runtime): Promise<void> {
    const { key, condition } = runtime.condition;
    let observation;
    try {
      observation = await evaluateCheck(condition.check, { ...this.context, key });
      runtime.errorLogged = false;
    } catch (err) {
      // A check that cannot be evaluated neither triggers nor resets; said once until it works again.
      if (!runtime.errorLogged)
        this.options.log?.(`condition "${condition.name}" cannot be evaluated: ${(err as Error).message}`);
      runtime.errorLogged = true;
      runtime.holdingSince = undefined;
      return;
    }
    // The runtime may have been replaced or removed while the check ran.
    if (this.runtimes.get(key) !== runtime) return;
    if (condition.check.kind === "file") this.save();
    if (!observation) return;
    const at = this.now();
    const triggered = this.state.triggered[key];
    if (triggered) {
      runtime.holdingSince = undefined;
      if (observation.recovered) {
        delete this.state.triggered[key];
        this.emit({ key, state: "RESET", at, value: observation.value, detail: observation.detail });
      }
      return;
    }
    if (!observation.triggered) {
      runtime.holdingSince = undefined;
      return;
    }
    runtime.holdingSince ??= at;
    if (at - runtime.holdingSince < durationOf(condition.check) * 1000) return;
    runtime.holdingSince = undefined;
    const entry: TriggeredState = { at, detail: observation.detail.slice(0, 500) };
    if (observation.value !== undefined) entry.value = observation.value;
    this.state.triggered[key] = entry;
    this.emit({ key, state: "TRIGGERED", at, value: observation.value, detail: observation.detail });
  }

  private emit(e: {
    key: string;
    state: "TRIGGERED" | "RESET";
    at: number;
    value?: number | undefined;
    detail: string;
  }) {
    if (this.policyVersion === null) return;
    const event: proto.ConditionEvent = {
      key: e.key,
      policyVersion: this.policyVersion,
      state: e.state,
      at: e.at,
      detail: e.detail.slice(0, 500),
      ...(e.value !== undefined && Number.isFinite(e.value) ? { value: e.value } : {}),
    };
    this.options.log?.(`condition ${e.key} ${e.state.toLowerCase()}: ${event.detail}`);
    this.state.pending.push(event);
    if (this.state.pending.length > MAX_BUFFERED_EVENTS) {
      this.state.pending.splice(0, this.state.pending.length - MAX_BUFFERED_EVENTS);
      if (!this.dropped)
        this.options.log?.("condition events dropped: the server has been unreachable too long");
      this.dropped = true;
    }
    this.flush();
  }

  /** Sends the events not sent yet, oldest first; keeps what could not go. */
  flush(): void {
    while (this.state.pending.length > 0) {
      const events = this.state.pending.slice(0, proto.MAX_CONDITION_EVENTS_PER_MESSAGE);
      if (!this.options.send({ type: "condition-events", v: 1, sentAt: this.now(), snapshot: false, events }))
        break;
      this.state.pending.splice(0, events.length);
      this.dropped = false;
    }
    this.save();
  }

  /**
   * On every (re)connection: what happened while away goes first, then the conditions triggered
   * now, so the server can reset alerts whose condition recovered or vanished meanwhile.
   */
  onConnected(): void {
    this.flush();
    this.sendSnapshot();
  }

  private sendSnapshot(): void {
    const version = this.policyVersion;
    // No policy enforced: nothing is triggered (its conditions were forgotten with it).
    const keys = version === null ? [] : this.triggeredKeys();
    const events = keys.slice(0, proto.MAX_CONDITION_EVENTS_PER_MESSAGE).map((key): proto.ConditionEvent => {
      const t = this.state.triggered[key]!;
      return {
        key,
        policyVersion: version!,
        state: "TRIGGERED",
        at: t.at,
        detail: t.detail,
        ...(t.value !== undefined ? { value: t.value } : {}),
      };
    });
    this.options.send({ type: "condition-events", v: 1, sentAt: this.now(), snapshot: true, events });
  }

  /** Evaluates on a timer until stopped. */
  start(): void {
    if (this.timer) return;
    const every = Math.max(1, Math.min(this.options.overrideSeconds ?? this.base, this.base));
    this.timer = setInterval(() => {
      void this.tick().catch((err: unknown) =>
        this.options.log?.(`conditions failed: ${(err as Error).message}`),
      );
    }, every * 1000);
    this.timer.unref?.();
    void this.tick();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
