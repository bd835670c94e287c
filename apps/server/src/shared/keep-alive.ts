/**
 * Runs `work` while calling `renew` every `everyMs` — a long upload or import renews its job's last report, so the
 * heartbeat monitor does not take it for silent. A failed renewal is left to the next one.
 */
export async function whileRenewing<T>(renew: () => Promise<unknown>, everyMs: number, work: () => Promise<T>): Promise<T> {
  const timer = setInterval(() => void renew().catch(() => undefined), everyMs);
  timer.unref();
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}
