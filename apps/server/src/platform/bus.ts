import { EventEmitter } from "node:events";

export interface BusEvents {
  /** New work is queued for these devices; whichever node holds a device's socket delivers it. */
  jobsQueued: [deviceIds: number[]];
  /** A delivered job must be stopped on its device. */
  cancelJob: [target: { deviceId: number; jobUid: string; attempt: number }];
  /** A relay device sends wake-on-LAN magic packets to these MACs on its subnet. */
  wakeOnLan: [request: { relayId: number; requestId: string; targets: { mac: string; broadcast: string }[] }];
  /** The device was archived from the console: its agent removes its service and files. */
  uninstallAgent: [request: { deviceId: number; requestId: string }];
  /** Policies or their assignments changed: every connected agent gets its policy if it moved. */
  policiesChanged: [];
  /** An alert opened, was reset or acknowledged (the console's live updates). */
  alertChanged: [change: { organizationId: number; deviceId: number; alertId: number }];
  /** A job's status changed, or its output grew (the console's live updates). */
  jobChanged: [change: { jobUid: string; deviceId: number; output: boolean }];
  /** A device came up or went down (the console's live updates). */
  deviceStatusChanged: [change: { organizationId: number; deviceId: number }];
}

/**
 * In-process event bus between the console side and the agent side of the server. With several
 * server nodes the same events travel over NATS (blueprint); callers do not change.
 */
export class Bus {
  private readonly emitter = new EventEmitter();
  constructor() {
    this.emitter.setMaxListeners(100);
  }
  emit<K extends keyof BusEvents>(event: K, ...args: BusEvents[K]): void {
    this.emitter.emit(event, ...args);
  }
  on<K extends keyof BusEvents>(event: K, listener: (...args: BusEvents[K]) => void): () => void {
    this.emitter.on(event, listener as (...a: unknown[]) => void);
    return () => this.emitter.off(event, listener as (...a: unknown[]) => void);
  }
}
