import { describe, expect, it, vi } from "vitest";
import type { MailTransport } from "./mail-queue";
import { smtpTransport } from "./smtp-transport";

const URL = "smtp://mail.example.com:2525";
const message = (to: string) => ({
  from: "studio@example.com",
  to,
  subject: "Hi",
  text: "Hi",
  html: "<p>Hi</p>",
});

/** A stand-in for nodemailer: counts loads, and records the transports made and what they sent. */
function fakeNodemailer() {
  const made: { options: object; sent: string[]; closed: boolean }[] = [];
  const load = vi.fn(async () => ({
    createTransport(options: object): MailTransport {
      const transport = { options, sent: [] as string[], closed: false };
      made.push(transport);
      return {
        sendMail: async (m) => {
          transport.sent.push(m.to);
          return { accepted: [m.to] };
        },
        close: () => {
          transport.closed = true;
        },
      };
    },
  }));
  return { load, made };
}

describe("smtpTransport", () => {
  it("loads nodemailer on the first email, not when made", async () => {
    const { load, made } = fakeNodemailer();
    const transport = smtpTransport(URL, load);
    expect(load).not.toHaveBeenCalled();

    await transport.sendMail(message("ada@example.com"));
    expect(load).toHaveBeenCalledTimes(1);
    expect(made).toHaveLength(1);
    expect(made[0]?.options).toMatchObject({ url: URL, connectionTimeout: 10_000, socketTimeout: 20_000 });
    expect(made[0]?.sent).toEqual(["ada@example.com"]);
  });

  it("sends every later email, even ones sent at once, through the one transport", async () => {
    const { load, made } = fakeNodemailer();
    const transport = smtpTransport(URL, load);
    await Promise.all([
      transport.sendMail(message("a@example.com")),
      transport.sendMail(message("b@example.com")),
    ]);
    await transport.sendMail(message("c@example.com"));
    expect(load).toHaveBeenCalledTimes(1);
    expect(made).toHaveLength(1);
    expect(made[0]?.sent.sort()).toEqual(["a@example.com", "b@example.com", "c@example.com"]);
  });

  it("closes the transport it made, and loads nothing to close one never used", async () => {
    const unused = fakeNodemailer();
    smtpTransport(URL, unused.load).close?.();
    await Promise.resolve();
    expect(unused.load).not.toHaveBeenCalled();

    const { load, made } = fakeNodemailer();
    const transport = smtpTransport(URL, load);
    await transport.sendMail(message("ada@example.com"));
    transport.close?.();
    await vi.waitFor(() => expect(made[0]?.closed).toBe(true));
  });

  it("tries loading again on the next email after a load failed", async () => {
    const { load, made } = fakeNodemailer();
    load.mockImplementationOnce(async () => {
      throw new Error("cannot load");
    });
    const transport = smtpTransport(URL, load);
    await expect(transport.sendMail(message("a@example.com"))).rejects.toThrow("cannot load");
    await transport.sendMail(message("b@example.com"));
    expect(load).toHaveBeenCalledTimes(2);
    expect(made[0]?.sent).toEqual(["b@example.com"]);
  });
});
