import { agent as proto } from "@steward/contracts";

/** A day of samples at the default interval; older ones are dropped first when the server stays away. */
export const METRIC_BUFFER_LIMIT = 1440;

/**
 * Samples not yet handed to the server. Bounded: when full, the oldest go. `drain` sends in
 * messages of at most the protocol's batch size and keeps whatever could not be sent.
 */
export class MetricBuffer {
  private samples: proto.MetricSample[] = [];

  constructor(private readonly limit = METRIC_BUFFER_LIMIT) {}

  get size(): number {
    return this.samples.length;
  }

  push(sample: proto.MetricSample): void {
    this.samples.push(sample);
    if (this.samples.length > this.limit) this.samples.splice(0, this.samples.length - this.limit);
  }

  /** Sends everything buffered; `send` answers false when offline (the rest waits for the next call). */
  drain(send: (message: proto.MetricsMessage) => boolean, now: () => number = Date.now): number {
    let sent = 0;
    while (this.samples.length > 0) {
      const batch = this.samples.slice(0, proto.MAX_METRIC_SAMPLES_PER_MESSAGE);
      const ok = send({ type: "metrics", v: proto.METRICS_MESSAGE_VERSION, sentAt: now(), samples: batch });
      if (!ok) break;
      this.samples.splice(0, batch.length);
      sent += batch.length;
    }
    return sent;
  }
}
