// How server-side code (the worker, supabase/functions) sends e-mail and SMS. Never used
// by the browser: a sender holds provider secrets.

export type MessageChannel = "email" | "sms";

export interface OutgoingMessage {
  /** The outbox row this message is (outbox_messages.id). */
  id: string;
  channel: MessageChannel;
  /** E-mail address, or phone number in international form (+2376XXXXXXXX). */
  recipient: string;
  subject: string | null;
  body: string;
}

/** What became of one message, as recorded in the outbox. */
export interface SendResult {
  id: string;
  /** logged: no provider for the channel, printed (masked) to the console; sent: the provider accepted it. */
  status: "logged" | "sent" | "failed";
  provider: string;
  provider_id: string | null;
  error: string | null;
}

export interface MessageSender {
  /** Sends one message; never throws (a failure is a "failed" result). */
  send(message: OutgoingMessage): Promise<SendResult>;
}

export type Log = (line: string) => void;
