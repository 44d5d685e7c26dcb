/** Small timing helpers shared by the benchmarks: warm up, then sample per-iteration times. */
export interface Sample {
  name: string;
  runs: number;
  medianUs: number;
  p99Us: number;
  meanUs: number;
}

export function measure(name: string, fn: () => void, { warmup = 200, runs = 2000 } = {}): Sample {
  for (let i = 0; i < warmup; i++) fn();
  const times = new Float64Array(runs);
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    fn();
    times[i] = Number(process.hrtime.bigint() - start) / 1000;
  }
  times.sort();
  const at = (q: number) => times[Math.min(runs - 1, Math.floor(q * runs))] ?? 0;
  const mean = times.reduce((a, b) => a + b, 0) / runs;
  return { name, runs, medianUs: at(0.5), p99Us: at(0.99), meanUs: mean };
}

export function printTable(rows: Sample[]): void {
  const pad = (s: string, n: number) => s.padEnd(n);
  console.info(`${pad("case", 44)}${pad("median", 12)}${pad("p99", 12)}mean`);
  for (const r of rows) {
    console.info(
      `${pad(r.name, 44)}${pad(`${r.medianUs.toFixed(1)} us`, 12)}${pad(`${r.p99Us.toFixed(1)} us`, 12)}${r.meanUs.toFixed(1)} us`,
    );
  }
}
