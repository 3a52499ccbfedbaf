import autocannon from "autocannon";

export interface LoadResult {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Runs one URL at a fixed concurrency and reports throughput and latency percentiles (ms).
 * With `nextPath`, every request asks for a path of its own (to measure answers no cache holds).
 */
export async function load(
  name: string,
  url: string,
  options: { connections: number; seconds: number; nextPath?: () => string; headers?: Record<string, string> },
): Promise<LoadResult> {
  const times: number[] = [];
  let non2xx = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: options.connections,
        duration: options.seconds,
        ...(options.headers ? { headers: options.headers } : {}),
        ...(options.nextPath ? { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: options.nextPath!() }) }] } : {}),
      }, (err, res) => (err ? reject(err) : resolve(res)));
    instance.on("response", (_client, status, _bytes, ms) => {
      times.push(ms);
      if (status < 200 || status >= 300) non2xx++;
    });
  });
  times.sort((a, b) => a - b);
  return {
    name,
    requests: times.length,
    rps: Math.round(result.requests.average),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    non2xx,
  };
}

export function printTable(title: string, rows: LoadResult[]): void {
  console.log(`\n${title}`);
  console.log("scenario".padEnd(44) + "req/s".padStart(8) + "p50".padStart(9) + "p95".padStart(9) + "p99".padStart(9) + "  non-2xx");
  for (const r of rows) {
    const ms = (v: number) => `${v.toFixed(1)}`.padStart(9);
    console.log(r.name.padEnd(44) + String(r.rps).padStart(8) + ms(r.p50) + ms(r.p95) + ms(r.p99) + `  ${r.non2xx}`);
  }
}
