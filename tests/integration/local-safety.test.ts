// The local stack on a campus network (issue 23, security review H1 and L8):
// - no request header decides where a function calls: a forged Host sends nothing (least of
//   all the secret key) anywhere but the stack itself, even among concurrent calls, and
//   auth e-mail links point at the stack whatever Host asked for them;
// - failing SQL is logged with its code and statement, never its parameters or the failing
//   row, and the worker's log masks contacts: a run's whole console holds none of the demo
//   data's e-mails or phone numbers.
import { execFile } from "node:child_process";
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { format } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEMO_ACCOUNTS } from "../../supabase/local/demo.ts";
import { signInAs, useLocalStack } from "../fixtures/stack.ts";

const stack = useLocalStack();
const account = (role: "student" | "admin") => DEMO_ACCOUNTS.find((a) => a.role === role)!;

// The "attacker": a server on a free port that records whatever reaches it.
const received: { method?: string; url?: string; headers: IncomingHttpHeaders }[] = [];
let attacker: Server;
let attackerHost: string;
beforeAll(async () => {
  attacker = createServer((req, res) => {
    received.push({ method: req.method, url: req.url, headers: req.headers });
    res.writeHead(404, { "content-type": "application/json" }).end("{}");
  });
  await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
  attackerHost = `127.0.0.1:${(attacker.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => attacker.close(() => resolve())));

/** A POST to the stack with the Host header given (fetch would not let us choose it). */
function post(path: string, host: string, headers: Record<string, string>, body: unknown): Promise<{ status: number; body: any }> {
  const { port } = new URL(stack().url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, method: "POST", headers: { ...headers, host, "content-type": "application/json" } }, (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
    });
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

async function tokenOf(role: "student" | "admin") {
  const client = await signInAs(stack(), account(role).email, account(role).password);
  return (await client.auth.getSession()).data.session!.access_token;
}

describe("a forged Host header", () => {
  it("does not send a function's calls (and the secret key) to that host", async () => {
    const headers = { apikey: stack().keys.publishableKey, authorization: `Bearer ${await tokenOf("student")}` };
    // admin-users checks the caller with the secret key first: the real stack answers who it is.
    expect(await post("/functions/v1/admin-users", attackerHost, headers, { action: "list" })).toMatchObject({ status: 403, body: { error: "not_admin" } });
    // payments-initiate finds the signed-in student, then refuses the empty request.
    expect(await post("/functions/v1/payments-initiate", attackerHost, headers, {})).toMatchObject({ status: 400, body: { error: "invalid_request" } });
    expect(await post("/functions/v1/application-fee", attackerHost, headers, {})).toMatchObject({ status: 400, body: { error: "invalid_request" } });
    expect(received).toEqual([]);
  });

  it("does not redirect concurrent calls that carry the right Host", async () => {
    const headers = { apikey: stack().keys.publishableKey, authorization: `Bearer ${await tokenOf("admin")}` };
    const own = new URL(stack().url).host;
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => post("/functions/v1/admin-users", i % 2 ? own : attackerHost, headers, { action: "nope" })));
    // Every call reached the real stack (the admin is known, then the action is refused),
    // whichever Host it or its neighbours sent.
    for (const answer of answers) expect(answer.status).not.toBe(401);
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toHaveLength(1);
    expect(received).toEqual([]);
  });

  it("does not decide where an auth e-mail's link points", async () => {
    const email = account("student").email;
    const before = stack().emails!.messages.get(email)?.length ?? 0;
    const answer = await post("/auth/v1/recover", attackerHost, { apikey: stack().keys.publishableKey }, { email });
    expect(answer.status).toBe(200);
    const text = stack().emails!.messages.get(email)!.slice(before).at(-1)!.text;
    expect(text).toContain(`${stack().url}/auth/v1/verify?`);
    expect(text).not.toContain(attackerHost);
  });
});

describe("the log of a run", () => {
  it("holds no e-mail or phone number of the demo data, though SQL failed on them", async () => {
    const lines: string[] = [];
    const methods = ["log", "error", "warn", "info", "debug"] as const;
    const spies = methods.map((m) => vi.spyOn(console, m).mockImplementation((...args) => void lines.push(format(...args))));
    const applicant = (await stack().sql<{ email: string; phone: string }>("select email, phone from public.applications where phone is not null order by email limit 1"))[0];
    const smsPhone = (await stack().sql<{ recipient: string }>("select recipient from public.outbox_messages where channel = 'sms' limit 1"))[0].recipient;
    let workerRun: { stdout: string; stderr: string };
    try {
      const student = await signInAs(stack(), account("student").email, account("student").password);
      // Refused by the table's trigger (23514): the e-mail and phone are bind parameters.
      const insert = await student.from("applications").insert({ kind: "general", full_name: "Test", email: applicant.email, phone: applicant.phone, status: "bogus" });
      expect(insert.error).not.toBeNull();
      // Refused (the phone is not the student's to write this way): the phone is a parameter.
      const me = (await student.auth.getUser()).data.user!.id;
      const upsert = await student.from("profile_contacts").upsert({ user_id: me, phone: `${smsPhone}!` });
      expect(upsert.error).not.toBeNull();
      // Refused while parsing a parameter: the message itself quotes the e-mail.
      const select = await student.from("applications").select("id").eq("id", applicant.email);
      expect(select.error?.code).toBe("22P02");
      // The worker's tick (course-start SMS to the demo student: printed by the outbox).
      workerRun = await runWorker({ SUPABASE_URL: stack().url, SUPABASE_SECRET_KEY: stack().keys.secretKey });
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    const log = [...lines, workerRun.stdout, workerRun.stderr].join("\n");

    const emails = (await stack().sql<{ email: string }>("select email from auth.users union select email from public.applications where email is not null")).map((r) => r.email);
    const phones = (
      await stack().sql<{ phone: string }>(
        `select phone from public.applications where phone is not null
       union select phone from public.profile_contacts where phone is not null
       union select recipient from public.outbox_messages where channel = 'sms'`,
      )
    ).map((r) => r.phone);
    expect(emails.length).toBeGreaterThan(10);
    expect(phones).toContain(smsPhone);
    const lower = log.toLowerCase();
    expect(emails.filter((email) => lower.includes(email.toLowerCase()))).toEqual([]);
    // A phone number in any spacing: its last 9 digits, anything of " .-" between them.
    const spaced = (phone: string) => new RegExp(phone.replace(/\D/g, "").slice(-9).split("").join("[ .-]?"));
    expect(phones.filter((phone) => spaced(phone).test(log))).toEqual([]);
    // The failures are in the log, with their code and statement.
    expect(log).toContain("code: 23514");
    expect(log).toContain('statement: insert into "public"."applications"');
    expect(log).toContain("code: 22P02");
  });
});

// Asynchronous on purpose: the stack serves from this very process.
function runWorker(env: Record<string, string>): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ["worker/main.ts", "--once"], { env: { PATH: process.env.PATH, ...env }, timeout: 30_000 }, (_error, stdout, stderr) => resolve({ stdout, stderr }));
  });
}
