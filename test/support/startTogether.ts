/**
 * Starts several things side by side (a built server, a browser, a stand-in). When one fails,
 * the ones that did start are closed before the error is thrown: a browser or server left
 * running would keep Jest from exiting, and CI would wait for its time limit instead of failing.
 */
type Closable = { close(): unknown } | { stop(): unknown };

const shut = (started: Closable) => ("stop" in started ? started.stop() : started.close());

export async function startTogether<T extends readonly Closable[]>(
  starts: { readonly [K in keyof T]: Promise<T[K]> },
): Promise<T> {
  const settled = await Promise.allSettled(starts as readonly Promise<Closable>[]);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
  const started = settled.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  if (!failed) return started as unknown as T;
  await Promise.allSettled(started.map(shut));
  throw failed.reason;
}
