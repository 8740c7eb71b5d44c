/**
 * Retries `assertion` until it stops throwing, like Playwright Test's `expect(...).toPass()`:
 * for state that arrives asynchronously (a live update, a toast), never a fixed sleep.
 */
export async function eventually<T>(
  assertion: () => T | Promise<T>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await assertion();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
