/**
 * Runs `work` every `everyMs`, never twice at once in this process (a run still going when the next is due
 * is skipped), its failure logged by `onError`, never thrown. Answers the stop: it clears the timer and
 * waits for a run still going, so the app closes its database only after the job is done with it.
 */
export function repeating(everyMs: number, work: () => Promise<unknown>, onError: (err: unknown) => void): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = work()
      .then(() => undefined)
      .catch(onError)
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
