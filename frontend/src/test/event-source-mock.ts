import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * The browser's EventSource (jsdom has none), driven by the test as the server side: `open()`,
 * `emit()` an event, `fail()` a break the browser retries by itself, or `fail({ hard: true })`
 * when it gives up (an error status such as the gateway's 503).
 */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;

  readyState: number = FakeEventSource.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  readonly url: string;

  constructor(url: string, opened: FakeEventSource[]) {
    super();
    this.url = url;
    opened.push(this);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  open() {
    act(() => {
      this.readyState = FakeEventSource.OPEN;
      this.onopen?.(new Event('open'));
    });
  }

  emit(type: string, data: unknown, id?: number) {
    if (this.readyState !== FakeEventSource.OPEN) throw new Error(`${this.url} is not open`);
    act(() => {
      this.dispatchEvent(
        new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id?.toString() ?? '' }),
      );
    });
  }

  fail({ hard = false } = {}) {
    act(() => {
      this.readyState = hard ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
      this.onerror?.(new Event('error'));
    });
  }
}

/** Puts FakeEventSource in place of EventSource; returns every stream the page opens, in order. */
export function mockEventSource() {
  const opened: FakeEventSource[] = [];
  vi.stubGlobal(
    'EventSource',
    class extends FakeEventSource {
      constructor(url: string) {
        super(url, opened);
      }
    },
  );
  return {
    opened,
    latest(): FakeEventSource {
      const last = opened.at(-1);
      if (!last) throw new Error('no EventSource was opened');
      return last;
    },
  };
}
