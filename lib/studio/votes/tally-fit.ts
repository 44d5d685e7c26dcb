/**
 * The studio's ranking model (Bradley-Terry with one virtual draw per variant against an average
 * opponent, as lib/studio/votes/bradley-terry.ts fits it) on a tally of wins, by Newton's method:
 * what runs after every vote and in every simulated ending, where the ranking's own fit (MM, made
 * for exactness once a vote is closed) would cost a hundred times more.
 */

const PRIOR = 1;

/**
 * Bradley-Terry log-strengths of a tally, with the ranking's one virtual draw against an average
 * opponent per variant. `wins[i * n + j]`: times i beat j (a tie half to each side). Newton's method:
 * the prior makes the log-likelihood strictly concave, so a few steps from 0 reach the maximum.
 */
export function fitTally(n: number, wins: Float64Array, start?: Float64Array): Float64Array {
  const theta = start ? Float64Array.from(start) : new Float64Array(n);
  const grad = new Float64Array(n);
  const hess = new Float64Array(n * n);
  for (let iter = 0; iter < 100; iter++) {
    grad.fill(0);
    hess.fill(0);
    for (let i = 0; i < n; i++) {
      const si = 1 / (1 + Math.exp(-(theta[i] as number)));
      grad[i] = (grad[i] as number) + PRIOR * (0.5 - si);
      hess[i * n + i] = (hess[i * n + i] as number) + PRIOR * si * (1 - si);
      for (let j = i + 1; j < n; j++) {
        const wij = wins[i * n + j] as number;
        const wji = wins[j * n + i] as number;
        const games = wij + wji;
        if (games === 0) continue;
        const s = 1 / (1 + Math.exp((theta[j] as number) - (theta[i] as number)));
        grad[i] = (grad[i] as number) + wij - games * s;
        grad[j] = (grad[j] as number) + wji - games * (1 - s);
        const h = games * s * (1 - s);
        hess[i * n + i] = (hess[i * n + i] as number) + h;
        hess[j * n + j] = (hess[j * n + j] as number) + h;
        hess[i * n + j] = (hess[i * n + j] as number) - h;
        hess[j * n + i] = (hess[j * n + i] as number) - h;
      }
    }
    const step = solve(n, hess, grad);
    let largest = 0;
    for (let i = 0; i < n; i++) largest = Math.max(largest, Math.abs(step[i] as number));
    // Far from the maximum a full Newton step can overshoot: no strength moves more than 1 at once.
    const scale = largest > 1 ? 1 / largest : 1;
    for (let i = 0; i < n; i++) theta[i] = (theta[i] as number) + scale * (step[i] as number);
    if (largest < 1e-10) break;
  }
  return theta;
}

/** Solves `a x = b` for a symmetric positive definite `a` (Cholesky); `a` is left as it was. */
function solve(n: number, a: Float64Array, b: Float64Array): Float64Array {
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i++)
    for (let j = 0; j <= i; j++) {
      let sum = a[i * n + j] as number;
      for (let k = 0; k < j; k++) sum -= (l[i * n + k] as number) * (l[j * n + k] as number);
      l[i * n + j] = i === j ? Math.sqrt(Math.max(sum, 1e-300)) : sum / (l[j * n + j] as number);
    }
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let sum = b[i] as number;
    for (let k = 0; k < i; k++) sum -= (l[i * n + k] as number) * (y[k] as number);
    y[i] = sum / (l[i * n + i] as number);
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let sum = y[i] as number;
    for (let k = i + 1; k < n; k++) sum -= (l[k * n + i] as number) * (x[k] as number);
    x[i] = sum / (l[i * n + i] as number);
  }
  return x;
}

/**
 * Standard errors of the centred log-strengths at `theta`: the inverse of the observed information
 * (the prior makes it invertible), centred as the ranking centres its scores. Infinity where the
 * information cannot be inverted.
 */
export function tallyErrors(n: number, wins: Float64Array, theta: Float64Array): Float64Array {
  const info = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    const si = 1 / (1 + Math.exp(-(theta[i] as number)));
    info[i * n + i] = (info[i * n + i] as number) + PRIOR * si * (1 - si);
    for (let j = i + 1; j < n; j++) {
      const games = (wins[i * n + j] as number) + (wins[j * n + i] as number);
      if (games === 0) continue;
      const s = 1 / (1 + Math.exp((theta[j] as number) - (theta[i] as number)));
      const h = games * s * (1 - s);
      info[i * n + i] = (info[i * n + i] as number) + h;
      info[j * n + j] = (info[j * n + j] as number) + h;
      info[i * n + j] = (info[i * n + j] as number) - h;
      info[j * n + i] = (info[j * n + i] as number) - h;
    }
  }
  const cov = new Float64Array(n * n);
  const unit = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    unit.fill(0);
    unit[k] = 1;
    const column = solve(n, info, unit);
    for (let i = 0; i < n; i++) cov[i * n + k] = column[i] as number;
  }
  const rowMean = new Float64Array(n);
  let all = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) rowMean[i] = (rowMean[i] as number) + (cov[i * n + j] as number) / n;
    all += (rowMean[i] as number) / n;
  }
  // Symmetric: column means are the row means.
  return Float64Array.from({ length: n }, (_, i) => {
    const v = (cov[i * n + i] as number) - 2 * (rowMean[i] as number) + all;
    return Number.isFinite(v) ? Math.sqrt(Math.max(0, v)) : Number.POSITIVE_INFINITY;
  });
}
