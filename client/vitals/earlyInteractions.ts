/**
 * The visitor's interactions from the page's first moments (docs/behaviour.md section 7.6,
 * decision record 026): Event Timing keeps for a late observer only the entries of 104 ms or more
 * (and the first input), so the waking tap, quick by design, would be missed by `web-vitals`,
 * which loads once the page is idle. This observer, started by the entry, keeps every
 * interaction's entries of 16 ms or more for the life of the page; client/vitals/fieldVitals.ts
 * reads them per page view. Engines without Event Timing (WebKit) keep nothing.
 */

/** What a page view's INP needs of an Event Timing entry. */
export interface InteractionEntry {
  interactionId: number;
  startTime: number;
  duration: number;
}

export interface EarlyInteractions {
  /** Every interaction entry seen so far, the observer's queue included. */
  entries(): readonly InteractionEntry[];
}

export function watchInteractions(): EarlyInteractions {
  const kept: InteractionEntry[] = [];
  const keep = (list: PerformanceObserverEntryList | PerformanceEntry[]) => {
    for (const entry of Array.isArray(list) ? list : list.getEntries()) {
      const { interactionId, startTime, duration } = entry as PerformanceEventTiming;
      if (interactionId) kept.push({ interactionId, startTime, duration });
    }
  };
  let observer: PerformanceObserver | undefined;
  try {
    observer = new PerformanceObserver(keep);
    // The smallest threshold Event Timing allows; `first-input` is kept whatever its length.
    observer.observe({ type: "event", buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
    observer.observe({ type: "first-input", buffered: true });
  } catch {
    // No Event Timing here: no INP is reported.
  }
  return {
    entries() {
      if (observer) keep(observer.takeRecords());
      return kept;
    },
  };
}
