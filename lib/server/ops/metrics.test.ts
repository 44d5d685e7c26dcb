import { describe, expect, it } from "vitest";
import { bearerMatches, createMetrics, metricsAnswer } from "./metrics";

const TOKEN = "a-metrics-token-of-some-length";

describe("metrics endpoint", () => {
  it("is closed (404, contract shape) when no token is configured, whatever the request carries", async () => {
    const answer = await metricsAnswer(createMetrics({ defaults: false }), undefined, `Bearer ${TOKEN}`);
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toEqual({
      errors: [expect.objectContaining({ code: "notFound", parameter: "path" })],
    });
  });

  it.each([
    ["no header", undefined],
    ["a wrong token", "Bearer not-the-metrics-token"],
    ["the token without the scheme", TOKEN],
    ["another scheme", `Basic ${TOKEN}`],
    ["a prefix of the token", `Bearer ${TOKEN.slice(0, -1)}`],
    ["the token and more", `Bearer ${TOKEN}x`],
    ["an empty bearer", "Bearer "],
  ])("answers 401 to %s, naming the header", async (_, authorization) => {
    const answer = await metricsAnswer(createMetrics({ defaults: false }), TOKEN, authorization);
    expect(answer.status).toBe(401);
    expect(answer.headers["www-authenticate"]).toMatch(/^Bearer/);
    const body = JSON.parse(answer.body) as { errors: { parameter: string; message: string }[] };
    expect(body.errors[0]?.parameter).toBe("authorization");
    expect(answer.body).not.toContain(TOKEN);
  });

  it("answers the Prometheus text with the right token (scheme in any case)", async () => {
    const answer = await metricsAnswer(createMetrics(), TOKEN, `bearer ${TOKEN}`);
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toContain("text/plain");
    expect(answer.body).toContain("process_resident_memory_bytes");
    expect(answer.body).toContain("nodejs_eventloop_lag_seconds");
  });

  it("compares whole tokens only", () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN} `, TOKEN)).toBe(true);
    expect(bearerMatches("Bearer", TOKEN)).toBe(false);
    expect(bearerMatches(undefined, "")).toBe(false);
  });
});

describe("studio metrics", () => {
  it("counts tasks sent and finished by type and outcome, and result latency", async () => {
    const metrics = createMetrics({ defaults: false });
    metrics.tasksSent.inc({ type: "imageInference" });
    metrics.tasksSent.inc({ type: "imageInference" });
    metrics.tasksSent.inc({ type: "videoInference" });
    metrics.tasksFinished.inc({ type: "imageInference", outcome: "success" });
    metrics.tasksFinished.inc({ type: "videoInference", outcome: "error" });
    metrics.resultLatency.observe({ type: "imageInference" }, 0.3);
    const text = await metrics.registry.metrics();
    expect(text).toContain('studio_tasks_sent_total{type="imageInference"} 2');
    expect(text).toContain('studio_tasks_sent_total{type="videoInference"} 1');
    expect(text).toContain('studio_tasks_finished_total{type="imageInference",outcome="success"} 1');
    expect(text).toContain('studio_tasks_finished_total{type="videoInference",outcome="error"} 1');
    expect(text).toContain('studio_result_latency_seconds_bucket{le="0.5",type="imageInference"} 1');
    expect(text).toContain('studio_result_latency_seconds_bucket{le="0.25",type="imageInference"} 0');
    expect(text).toContain('studio_result_latency_seconds_count{type="imageInference"} 1');
  });

  it("reads relay connections, the upstream socket's state and the event lag when scraped", async () => {
    let now = 50_000;
    const metrics = createMetrics({ defaults: false, now: () => now });
    const before = await metrics.registry.metrics();
    expect(before).toContain("studio_relay_connections 0");
    expect(before).toContain("studio_event_log_lag_seconds 0");
    let connections = 3;
    metrics.setSources({
      relayConnections: () => connections,
      upstreamState: () => "reconnecting",
      newestDeliveredAt: () => 47_500,
      eventCounts: () => ({ published: 7, delivered: 9 }),
    });
    const text = await metrics.registry.metrics();
    expect(text).toContain("studio_events_published_total 7");
    expect(text).toContain("studio_events_delivered_total 9");
    expect(text).toContain("studio_relay_connections 3");
    expect(text).toContain('studio_upstream_socket_state{state="reconnecting"} 1');
    expect(text).toContain('studio_upstream_socket_state{state="connected"} 0');
    expect(text).toContain("studio_event_log_lag_seconds 2.5");
    connections = 1;
    now = 51_000;
    const later = await metrics.registry.metrics();
    expect(later).toContain("studio_relay_connections 1");
    expect(later).toContain("studio_event_log_lag_seconds 3.5");
  });
});
