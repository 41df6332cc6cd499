// The local outbox sender: no provider, the message stays in outbox_messages (status
// "logged") and one masked line goes to the console, so `npm start` shows what would have
// been sent without printing anyone's phone number or e-mail.
import { maskContacts, maskRecipient } from "./mask.ts";
import type { Log, MessageSender, OutgoingMessage, SendResult } from "./types.ts";

export class OutboxSender implements MessageSender {
  private readonly log: Log;
  constructor(log: Log = (line) => console.log(line)) {
    this.log = log;
  }

  async send(message: OutgoingMessage): Promise<SendResult> {
    const subject = message.subject ? ` "${message.subject}"` : "";
    this.log(`outbox: ${message.channel} to ${maskRecipient(message.recipient)}${maskContacts(`${subject}: ${message.body}`)}`);
    return { id: message.id, status: "logged", provider: "outbox", provider_id: null, error: null };
  }
}
