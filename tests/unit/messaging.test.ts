import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMessageSender, maskContacts, maskRecipient, OrangeSmsSender, OutboxSender, sendAll } from "../../src/lib/messaging/index.ts";
import type { OutgoingMessage } from "../../src/lib/messaging/types.ts";

const sms = (over: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  id: "m1",
  channel: "sms",
  recipient: "+237671234567",
  subject: null,
  body: "Algorithmique commence dans 15 minutes.",
  ...over,
});

describe("maskRecipient", () => {
  it("keeps a phone number's country code, first and last two digits only", () => {
    expect(maskRecipient("+237671234567")).toBe("+237 6••••••67");
    expect(maskRecipient("+237671234567")).not.toContain("712345");
  });
  it("keeps an e-mail's first letter and domain", () => {
    expect(maskRecipient("etudiant@demo.univ.cm")).toBe("e•••@demo.univ.cm");
  });
  it("hides short or odd values entirely", () => {
    expect(maskRecipient("123")).toBe("•••");
  });
});

describe("maskContacts", () => {
  it("masks every e-mail and phone number in a log line, in any spacing", () => {
    const line = maskContacts('params: [ "chinedu.okafor@example.ng", "+237 6 77 10 20 45", "690000001", "+33 6 12 34 56 78" ]');
    expect(line).toBe('params: [ "c•••@example.ng", "+237 6••••••45", "6••••••01", "+33 6••••••78" ]');
  });
  it("leaves ids, dates, amounts and timestamps alone", () => {
    const line = "id 550e8400-e29b-41d4-a716-446655440000 at 2026-11-26T10:00:00.000Z amount 150000 XAF ts 1764158400000";
    expect(maskContacts(line)).toBe(line);
  });
});

describe("OutboxSender", () => {
  it("logs one masked line and reports the message logged", async () => {
    const lines: string[] = [];
    const result = await new OutboxSender((l) => lines.push(l)).send(sms());
    expect(result).toEqual({ id: "m1", status: "logged", provider: "outbox", provider_id: null, error: null });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("+237 6••••••67");
    expect(lines[0]).not.toContain("671234567");
  });
});

// A fake of Orange's API following its documented requests and answers.
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}
let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
let tokenCount = 0;
let failNextSendWith: number | undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      if (req.url === "/oauth/v3/token") {
        const ok = req.headers.authorization === `Basic ${Buffer.from("id:secret").toString("base64")}` && body === "grant_type=client_credentials";
        res.writeHead(ok ? 200 : 401, { "content-type": "application/json" });
        return res.end(JSON.stringify(ok ? { token_type: "Bearer", access_token: `tok${++tokenCount}`, expires_in: "3600" } : { error: "invalid_client" }));
      }
      if (req.url?.startsWith("/smsmessaging/v1/outbound/")) {
        if (failNextSendWith) {
          const status = failNextSendWith;
          failNextSendWith = undefined;
          res.writeHead(status, { "content-type": "application/json" });
          return res.end(
            JSON.stringify(
              status === 401
                ? { code: 42, message: "Expired credentials" }
                : { requestError: { serviceException: { messageId: "SVC0004", text: "No valid addresses provided in message part %1", variables: "tel:+237671234567" } } },
            ),
          );
        }
        const request = JSON.parse(body).outboundSMSMessageRequest;
        res.writeHead(201, { "content-type": "application/json" });
        return res.end(JSON.stringify({ outboundSMSMessageRequest: { ...request, resourceURL: `${baseUrl}${req.url}/abc-123` } }));
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  failNextSendWith = undefined;
});

describe("OrangeSmsSender against a fake Orange API", () => {
  const config = () => ({ clientId: "id", clientSecret: "secret", senderAddress: "2370000", senderName: "UEL", baseUrl });

  it("gets a client-credentials token, then posts the documented request and keeps the request id", async () => {
    const lines: string[] = [];
    const sender = new OrangeSmsSender(config(), (l) => lines.push(l));
    const result = await sender.send(sms());
    expect(result).toEqual({ id: "m1", status: "sent", provider: "orange", provider_id: "abc-123", error: null });
    expect(seen.map((s) => [s.method, s.url])).toEqual([
      ["POST", "/oauth/v3/token"],
      ["POST", "/smsmessaging/v1/outbound/tel%3A%2B2370000/requests"],
    ]);
    expect(seen[0].headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(seen[1].headers.authorization).toMatch(/^Bearer tok\d+$/);
    expect(JSON.parse(seen[1].body)).toEqual({
      outboundSMSMessageRequest: {
        address: "tel:+237671234567",
        senderAddress: "tel:+2370000",
        senderName: "UEL",
        outboundSMSTextMessage: { message: "Algorithmique commence dans 15 minutes." },
      },
    });
    expect(lines.join("\n")).not.toContain("671234567");
  });

  it("reuses the token until it expires", async () => {
    const sender = new OrangeSmsSender(config(), () => {});
    await sender.send(sms());
    await sender.send(sms({ id: "m2" }));
    expect(seen.filter((s) => s.url === "/oauth/v3/token")).toHaveLength(1);
  });

  it("asks for a new token once when Orange answers 401", async () => {
    const sender = new OrangeSmsSender(config(), () => {});
    await sender.send(sms());
    failNextSendWith = 401;
    expect((await sender.send(sms({ id: "m2" }))).status).toBe("sent");
    expect(seen.filter((s) => s.url === "/oauth/v3/token")).toHaveLength(2);
  });

  it("reports a refusal with Orange's message id and never the number", async () => {
    const lines: string[] = [];
    failNextSendWith = 400;
    const result = await new OrangeSmsSender(config(), (l) => lines.push(l)).send(sms());
    expect(result).toMatchObject({ status: "failed", provider: "orange", error: "orange 400 SVC0004" });
    expect(lines.join("\n") + result.error).not.toContain("671234567");
  });

  it("fails (without throwing) on wrong credentials or an unreachable API", async () => {
    expect((await new OrangeSmsSender({ ...config(), clientSecret: "nope" }, () => {}).send(sms())).status).toBe("failed");
    expect((await new OrangeSmsSender({ ...config(), baseUrl: "http://127.0.0.1:1" }, () => {}).send(sms())).status).toBe("failed");
  });
});

describe("createMessageSender", () => {
  it("uses the outbox for every channel without Orange credentials", () => {
    expect(createMessageSender({}, () => {}).describe()).toEqual({ email: "outbox", sms: "outbox" });
  });
  it("uses Orange for SMS once its three variables are set", () => {
    const env = { ORANGE_SMS_CLIENT_ID: "id", ORANGE_SMS_CLIENT_SECRET: "secret", ORANGE_SMS_SENDER: "2370000" };
    expect(createMessageSender(env, () => {}).describe()).toEqual({ email: "outbox", sms: "orange" });
    expect(createMessageSender({ ...env, ORANGE_SMS_SENDER: "" }, () => {}).describe().sms).toBe("outbox");
  });
  it("sends a batch through the right channel and returns every result", async () => {
    const sender = createMessageSender({ ORANGE_SMS_CLIENT_ID: "id", ORANGE_SMS_CLIENT_SECRET: "secret", ORANGE_SMS_SENDER: "2370000", ORANGE_SMS_API_URL: baseUrl }, () => {});
    const results = await sendAll(sender, [sms(), { ...sms({ id: "e1" }), channel: "email", recipient: "a@b.cm", subject: "S" }]);
    expect(results.map((r) => [r.id, r.status, r.provider]).sort()).toEqual([
      ["e1", "logged", "outbox"],
      ["m1", "sent", "orange"],
    ]);
  });
});
