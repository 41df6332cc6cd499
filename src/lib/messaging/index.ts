// The sender server-side code uses: SMS through Orange when its credentials are set, the
// local outbox otherwise; e-mail through the outbox (no e-mail provider yet).
import { z } from "zod";
import { OrangeSmsSender } from "./orange-sms.ts";
import { OutboxSender } from "./outbox.ts";
import type { Log, MessageSender, OutgoingMessage, SendResult } from "./types.ts";

export type { Log, MessageSender, OutgoingMessage, SendResult } from "./types.ts";
export { maskContacts, maskRecipient } from "./mask.ts";
export { OutboxSender } from "./outbox.ts";
export { OrangeSmsSender } from "./orange-sms.ts";

const orangeEnv = z.object({
  ORANGE_SMS_CLIENT_ID: z.string().min(1),
  ORANGE_SMS_CLIENT_SECRET: z.string().min(1),
  ORANGE_SMS_SENDER: z.string().regex(/^\+?\d{4,15}$/),
  ORANGE_SMS_SENDER_NAME: z.string().min(1).optional(),
  ORANGE_SMS_API_URL: z.url().optional(),
});

/** Routes each message to its channel's sender. */
export class ChannelSender implements MessageSender {
  private readonly senders: { email: MessageSender; sms: MessageSender };
  constructor(senders: { email: MessageSender; sms: MessageSender }) {
    this.senders = senders;
  }
  send(message: OutgoingMessage): Promise<SendResult> {
    return this.senders[message.channel].send(message);
  }
  /** Which provider each channel uses, for the start-up log line. */
  describe(): { email: string; sms: string } {
    const name = (s: MessageSender) => (s instanceof OrangeSmsSender ? "orange" : "outbox");
    return { email: name(this.senders.email), sms: name(this.senders.sms) };
  }
}

export function createMessageSender(env: Record<string, string | undefined>, log?: Log): ChannelSender {
  const outbox = new OutboxSender(log);
  const orange = orangeEnv.safeParse(env);
  const sms = orange.success
    ? new OrangeSmsSender(
        {
          clientId: orange.data.ORANGE_SMS_CLIENT_ID,
          clientSecret: orange.data.ORANGE_SMS_CLIENT_SECRET,
          senderAddress: orange.data.ORANGE_SMS_SENDER,
          senderName: orange.data.ORANGE_SMS_SENDER_NAME,
          baseUrl: orange.data.ORANGE_SMS_API_URL,
        },
        log,
      )
    : outbox;
  return new ChannelSender({ email: outbox, sms });
}

/** Sends each message (a few at a time) and returns every result; never throws. */
export async function sendAll(sender: MessageSender, messages: readonly OutgoingMessage[], concurrency = 4): Promise<SendResult[]> {
  const results: SendResult[] = [];
  let next = 0;
  async function lane() {
    while (next < messages.length) {
      const message = messages[next++];
      results.push(await sender.send(message));
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, messages.length) }, lane));
  return results;
}
