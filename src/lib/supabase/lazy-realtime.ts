// Realtime for the browser client, downloaded when a page first opens a channel. A channel
// is built synchronously (supabase.channel(name).on(…).subscribe()), so until the library
// has come, the channel records what it was asked and replays it on the real one.
// Supported: on, subscribe, unsubscribe (what the dashboard uses), and removeChannel.
// The library (17 KB gzip) comes once the page has loaded and the browser is idle: live
// updates can start a moment after the first render, which should not wait for them.
import { afterLoad } from "../after-load.ts";
import type { AuthChangeEvent } from "@supabase/auth-js";
import type { RealtimeChannel, RealtimeChannelOptions, RealtimeClient, RealtimeRemoveChannelResponse } from "@supabase/realtime-js";

type Step = (channel: RealtimeChannel) => unknown;

class PendingChannel {
  readonly steps: Step[] = [];
  real: RealtimeChannel | undefined;
  removed = false;
  private readonly open: (channel: PendingChannel) => void;
  constructor(open: (channel: PendingChannel) => void) {
    this.open = open;
  }
  on(...args: unknown[]): this {
    this.steps.push((channel) => (channel.on as (...a: unknown[]) => unknown)(...args));
    return this;
  }
  subscribe(...args: unknown[]): this {
    this.steps.push((channel) => (channel.subscribe as (...a: unknown[]) => unknown)(...args));
    this.open(this);
    return this;
  }
  async unsubscribe(): Promise<RealtimeRemoveChannelResponse> {
    this.removed = true;
    return this.real ? this.real.unsubscribe() : "ok";
  }
}

export function lazyRealtime(url: string, key: string, accessToken: () => Promise<string>, fetch: typeof globalThis.fetch) {
  let loading: Promise<RealtimeClient> | undefined;
  let loaded: RealtimeClient | undefined;
  let lastToken: string | undefined;
  const channels = new Set<PendingChannel>();
  const load = () =>
    (loading ??= afterLoad()
      .then(() => import("./realtime-client.ts"))
      .then(async ({ RealtimeClient }) => {
        const client = new RealtimeClient(url, { accessToken, fetch, params: { apikey: key } });
        // The user's token before any channel joins: a join sent without it is anonymous, and
        // RLS would then hide every row (supabase-js sets it at sign-in, before this existed).
        await client.setAuth();
        loaded = client;
        return client;
      }));
  const channel = (name: string, options: RealtimeChannelOptions = { config: {} }): RealtimeChannel => {
    const pending = new PendingChannel((self) => {
      void load().then((client) => {
        if (self.removed) return;
        const real = client.channel(name, options);
        for (const step of self.steps) step(real);
        self.real = real;
      });
    });
    channels.add(pending);
    return pending as unknown as RealtimeChannel;
  };
  const removeChannel = async (handle: RealtimeChannel): Promise<RealtimeRemoveChannelResponse> => {
    const pending = handle as unknown as PendingChannel;
    pending.removed = true;
    channels.delete(pending);
    return pending.real && loaded ? loaded.removeChannel(pending.real) : "ok";
  };
  return {
    channel,
    removeChannel,
    removeAllChannels: () => Promise.all([...channels].map((c) => removeChannel(c as unknown as RealtimeChannel))),
    /** As supabase-js: a refreshed token reaches the open socket; signing out clears it. */
    tokenChanged(event: AuthChangeEvent, token: string | undefined) {
      if ((event === "TOKEN_REFRESHED" || event === "SIGNED_IN") && token !== lastToken) {
        lastToken = token;
        void loaded?.setAuth(token);
      } else if (event === "SIGNED_OUT") {
        lastToken = undefined;
        void loaded?.setAuth();
      }
    },
  };
}
