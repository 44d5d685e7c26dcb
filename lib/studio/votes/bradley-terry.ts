/**
 * The ranking of a blind A/B vote: a Bradley-Terry fit of the pairwise votes (P(i beats j) =
 * p_i / (p_i + p_j)), with a 95% interval per variant from the fit's observed information, and how
 * far the voters agree with each other.
 *
 * The fit is Hunter's MM algorithm (2004), which climbs the likelihood at every step. A variant that
 * won (or lost) every vote has no finite maximum-likelihood strength, so by default each variant
 * also plays one virtual draw against an average opponent (half a win, half a loss): a weak prior
 * that keeps every strength finite and vanishes as votes accumulate. `prior: 0` gives the plain MLE.
 */

export interface Vote {
  winner: string;
  loser: string;
  /** Who voted: agreement is measured between voters. */
  voter: string;
  /**
   * "Can't tell": the two were judged equal. In the fit a tie is half a win to each side (the
   * usual Bradley-Terry treatment of ties: it pulls the two strengths together); agreement leaves
   * it out, since it names no winner to agree on. `winner`/`loser` order does not matter.
   */
  tie?: boolean;
  /**
   * What exactly was judged (one pair of images), so agreement compares voters who saw the same
   * pair. Defaults to the two variants (every comparison of them counts as one question).
   */
  pair?: string;
}

export interface VariantScore {
  id: string;
  /** Log-strength, centred so the variants' mean is 0; higher is better. */
  score: number;
  /** 95% interval of `score` (null with too few votes to tell). */
  low: number | null;
  high: number | null;
  /** Chance of beating an average variant: e^s / (e^s + 1) for score s. */
  winChance: number;
  /** Decisive votes won and lost, and "can't tell" votes, as counted (not weighted). */
  wins: number;
  losses: number;
  ties: number;
}

export interface Ranking {
  /** Best first. */
  variants: VariantScore[];
  votes: number;
  voters: number;
  /**
   * Agreement between voters on the pairs two or more of them judged: the share of voter pairs
   * who picked the same winner (null when no pair was judged twice), and Fleiss' kappa, which
   * is 0 for agreement no better than chance and 1 for full agreement.
   */
  agreement: { share: number; kappa: number } | null;
}

export interface FitOptions {
  /** Virtual draws against an average opponent per variant (default 1). */
  prior?: number;
  maxIterations?: number;
  tolerance?: number;
}

/** Fits the votes over `variantIds` (votes naming other ids are ignored). */
export function rankVariants(
  variantIds: readonly string[],
  votes: readonly Vote[],
  options: FitOptions = {},
): Ranking {
  const prior = options.prior ?? 1;
  const ids = [...new Set(variantIds)];
  const index = new Map(ids.map((id, i) => [id, i]));
  const n = ids.length;
  const counted = votes.filter((v) => v.winner !== v.loser && index.has(v.winner) && index.has(v.loser));
  // wins[i][j]: times i beat j, a tie counting half to each side.
  const wins = ids.map(() => new Array<number>(n).fill(0));
  const decisive = ids.map(() => ({ wins: 0, losses: 0, ties: 0 }));
  for (const v of counted) {
    const i = index.get(v.winner) as number;
    const j = index.get(v.loser) as number;
    const rowI = wins[i] as number[];
    const rowJ = wins[j] as number[];
    const di = decisive[i] as { wins: number; losses: number; ties: number };
    const dj = decisive[j] as { wins: number; losses: number; ties: number };
    if (v.tie) {
      rowI[j] = (rowI[j] ?? 0) + 0.5;
      rowJ[i] = (rowJ[i] ?? 0) + 0.5;
      di.ties += 1;
      dj.ties += 1;
    } else {
      rowI[j] = (rowI[j] ?? 0) + 1;
      di.wins += 1;
      dj.losses += 1;
    }
  }
  const w = (i: number, j: number) => wins[i]?.[j] ?? 0;
  const totalWins = ids.map((_, i) => wins[i]?.reduce((a, b) => a + b, 0) ?? 0);
  const totalLosses = ids.map((_, i) => ids.reduce((a, _x, j) => a + w(j, i), 0));

  // MM iterations on p (strengths), the virtual opponent fixed at strength 1.
  let p = ids.map(() => 1);
  const maxIterations = options.maxIterations ?? 10_000;
  const tolerance = options.tolerance ?? 1e-10;
  for (let iter = 0; iter < maxIterations; iter++) {
    const next = p.map((pi, i) => {
      let denominator = prior / (pi + 1);
      for (let j = 0; j < n; j++) {
        if (j === i) continue;
        const games = w(i, j) + w(j, i);
        if (games > 0) denominator += games / (pi + (p[j] as number));
      }
      const numerator = (totalWins[i] as number) + prior / 2;
      return denominator > 0 ? numerator / denominator : pi;
    });
    // Without the prior the scale is free: keep the geometric mean at 1.
    const logMean = next.reduce((a, v) => a + Math.log(v), 0) / n;
    const scaled = prior > 0 ? next : next.map((v) => v / Math.exp(logMean));
    const change = Math.max(...scaled.map((v, i) => Math.abs(Math.log(v) - Math.log(p[i] as number))));
    p = scaled;
    if (change < tolerance) break;
  }
  const theta = p.map((v) => Math.log(v));
  const mean = theta.reduce((a, v) => a + v, 0) / Math.max(1, n);
  const centred = theta.map((t) => t - mean);
  const se = standardErrors(p, w, prior);
  const variants: VariantScore[] = ids.map((id, i) => {
    const s = centred[i] as number;
    const e = se?.[i];
    const known =
      e !== undefined && Number.isFinite(e) && (totalWins[i] as number) + (totalLosses[i] as number) > 0;
    return {
      id,
      score: s,
      low: known ? s - 1.96 * e : null,
      high: known ? s + 1.96 * e : null,
      winChance: 1 / (1 + Math.exp(-s)),
      wins: decisive[i]?.wins ?? 0,
      losses: decisive[i]?.losses ?? 0,
      ties: decisive[i]?.ties ?? 0,
    };
  });
  variants.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
  return {
    variants,
    votes: counted.length,
    voters: new Set(counted.map((v) => v.voter)).size,
    agreement: voterAgreement(counted),
  };
}

/**
 * Standard errors of the centred log-strengths: the inverse of the observed information of the
 * log-likelihood in θ = log p, taken on the subspace where the θ sum to zero (with the prior the
 * information is invertible as it is). Null when the matrix is singular (votes too few to tell).
 */
function standardErrors(p: number[], w: (i: number, j: number) => number, prior: number): number[] | null {
  const n = p.length;
  if (n < 2) return null;
  const info = p.map(() => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    const pi = p[i] as number;
    const row = info[i] as number[];
    // The virtual opponent (strength 1) contributes to the diagonal only.
    row[i] = prior * (pi / (pi + 1)) * (1 / (pi + 1));
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const games = w(i, j) + w(j, i);
      if (games === 0) continue;
      const pj = p[j] as number;
      const v = (games * pi * pj) / (pi + pj) ** 2;
      row[i] = (row[i] as number) + v;
      row[j] = (row[j] as number) - v;
    }
  }
  // Centring: C = I - 11ᵀ/n; the covariance of Cθ is C·I⁻¹·C (prior) or the pseudo-inverse (no prior).
  const centre = (m: number[][]) => {
    const rowMeans = m.map((r) => r.reduce((a, v) => a + v, 0) / n);
    const colMeans = m[0]?.map((_, j) => m.reduce((a, r) => a + (r[j] as number), 0) / n) ?? [];
    const all = rowMeans.reduce((a, v) => a + v, 0) / n;
    return m.map((r, i) => r.map((v, j) => v - (rowMeans[i] as number) - (colMeans[j] as number) + all));
  };
  // Adding 11ᵀ/n turns the singular (no prior) information into an invertible one with the same
  // inverse on the centred subspace.
  const shifted = info.map((r) => r.map((v) => v + (prior > 0 ? 0 : 1 / n)));
  const inverse = invert(shifted);
  if (!inverse) return null;
  const cov = centre(inverse);
  return cov.map((r, i) => Math.sqrt(Math.max(0, r[i] as number)));
}

/** Gauss-Jordan inverse with partial pivoting; null when singular. */
function invert(matrix: number[][]): number[][] | null {
  const n = matrix.length;
  const a = matrix.map((r, i) => [...r, ...Array.from({ length: n }, (_, j) => (i === j ? 1 : 0))]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) {
      if (Math.abs(a[r]?.[col] as number) > Math.abs(a[pivot]?.[col] as number)) pivot = r;
    }
    const pv = a[pivot]?.[col] as number;
    if (Math.abs(pv) < 1e-12) return null;
    [a[col], a[pivot]] = [a[pivot] as number[], a[col] as number[]];
    const rowC = a[col] as number[];
    for (let k = 0; k < 2 * n; k++) rowC[k] = (rowC[k] as number) / pv;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const row = a[r] as number[];
      const factor = row[col] as number;
      if (factor === 0) continue;
      for (let k = 0; k < 2 * n; k++) row[k] = (row[k] as number) - factor * (rowC[k] as number);
    }
  }
  return a.map((r) => r.slice(n));
}

/**
 * Agreement on the pairs judged by two or more voters (a pair is `vote.pair`, else the two
 * variants). A voter who judged a pair several times counts with their majority (ties dropped);
 * "can't tell" votes name no winner and are left out.
 */
function voterAgreement(votes: readonly Vote[]): Ranking["agreement"] {
  // pair key -> voter -> net wins of the pair's first id
  const pairs = new Map<string, Map<string, number>>();
  for (const v of votes) {
    if (v.tie) continue;
    const [a, b] = v.winner < v.loser ? [v.winner, v.loser] : [v.loser, v.winner];
    const key = `${v.pair ?? ""}\u0000${a}\u0000${b}`;
    const byVoter = pairs.get(key) ?? new Map<string, number>();
    byVoter.set(v.voter, (byVoter.get(v.voter) ?? 0) + (v.winner === a ? 1 : -1));
    pairs.set(key, byVoter);
  }
  let agreeing = 0;
  let voterPairs = 0;
  let pSum = 0;
  let items = 0;
  let firstTotal = 0;
  let ratings = 0;
  for (const byVoter of pairs.values()) {
    const picks = [...byVoter.values()].filter((x) => x !== 0).map((x) => (x > 0 ? 1 : 0));
    const k = picks.length;
    if (k < 2) continue;
    const first = picks.reduce<number>((a, x) => a + x, 0);
    const second = k - first;
    const agreeingPairs = (first * (first - 1) + second * (second - 1)) / 2;
    agreeing += agreeingPairs;
    voterPairs += (k * (k - 1)) / 2;
    pSum += agreeingPairs / ((k * (k - 1)) / 2);
    items += 1;
    firstTotal += first;
    ratings += k;
  }
  if (items === 0) return null;
  const share = agreeing / voterPairs;
  const pBar = pSum / items;
  const q = firstTotal / ratings;
  const pe = q * q + (1 - q) * (1 - q);
  const kappa = pe >= 1 ? 1 : (pBar - pe) / (1 - pe);
  return { share, kappa };
}
