/** A number of requests per window of `seconds`, counted from a key's first request in it. */
export interface Budget {
  points: number;
  seconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Every budget the studio keeps, by name (the name prefixes its keys in the table).
 *
 * - Sign-in, per account: a guesser spreading tries for one account over many addresses still
 *   gets five a minute. Per address: a guesser trying many accounts from one place is held too,
 *   yet a whole team behind one proxy (one address to the studio) has room for everyone.
 * - Access tokens: requests per token; failed tokens per address and per presented prefix,
 *   counted apart from the requests of valid tokens, which they never hold up.
 * - Guests' comments per link: a leaked link cannot flood a thread.
 * - Guests' picks per link and per address: a voter gives at most a few hundred picks, a few
 *   seconds each. New guest voters (new ballots) per link and per address on it: a browser is a
 *   voter, so a script that makes browsers would otherwise outvote any team.
 * - Uploads per member: each is decoded whole, which costs the server a second or so for a large one.
 */
export const RATE_LIMITS = {
  signInAccount: { points: 5, seconds: MINUTE },
  signInAddress: { points: 30, seconds: MINUTE },
  tokenRequests: { points: 300, seconds: MINUTE },
  tokenFailuresByAddress: { points: 20, seconds: MINUTE },
  tokenFailuresByPrefix: { points: 10, seconds: MINUTE },
  guestComments: { points: 10, seconds: MINUTE },
  guestPicksByLink: { points: 600, seconds: MINUTE },
  guestPicksByAddress: { points: 120, seconds: MINUTE },
  guestVotersByLink: { points: 200, seconds: HOUR },
  guestVotersByAddress: { points: 20, seconds: HOUR },
  uploads: { points: 60, seconds: MINUTE },
} as const satisfies Record<string, Budget>;

export type LimitName = keyof typeof RATE_LIMITS;
