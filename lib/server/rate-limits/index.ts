export { type Budget, type LimitName, RATE_LIMITS } from "./budgets";
export { databaseRateLimits, memoryRateLimits, RateLimits } from "./rate-limits";
