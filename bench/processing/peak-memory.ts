/**
 * Runs `work` while sampling the process's memory every 10 ms: the peak RSS
 * (the whole process, worker threads included), its growth over the RSS at
 * the start, and the peak of this thread's JavaScript heap (worker threads
 * have heaps of their own, which RSS covers).
 */
export async function peakMemory<T>(work: () => Promise<T>): Promise<{ result: T; peak: { rss: number; growth: number; heap: number } }> {
  const start = process.memoryUsage.rss();
  const peak = { rss: start, growth: 0, heap: process.memoryUsage().heapUsed };
  const sample = () => {
    const m = process.memoryUsage();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heap = Math.max(peak.heap, m.heapUsed);
  };
  const timer = setInterval(sample, 10);
  try {
    const result = await work();
    sample();
    peak.growth = peak.rss - start;
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}
