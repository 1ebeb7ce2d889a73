import { Gauge, type Registry } from '@radio/service-kit';

export interface GaugeSources {
  /** Open live event streams (GET /api/events) of this copy. */
  liveConnections: () => number;
}

/** The service's own gauges, read when Prometheus scrapes (GET /metrics). */
export function registerGauges(registry: Registry, sources: GaugeSources): void {
  new Gauge({
    name: 'live_connections',
    help: 'Open live event streams (GET /api/events) of this copy',
    registers: [registry],
    collect() {
      this.set(sources.liveConnections());
    },
  });
}
