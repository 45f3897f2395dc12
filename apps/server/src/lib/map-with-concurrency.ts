/**
 * `work` on every value, at most `limit` at a time, results in the values' order. The first error
 * stops the rest from starting, and is thrown once every call under way has settled.
 */
export async function mapWithConcurrency<T, R>(values: readonly T[], limit: number, work: (value: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(values.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < values.length) {
      const index = next++;
      try {
        results[index] = await work(values[index]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const settled = await Promise.allSettled(Array.from({ length: Math.min(limit, values.length) }, worker));
  const failure = settled.find((s) => s.status === 'rejected');
  if (failure) throw (failure as PromiseRejectedResult).reason;
  return results;
}
