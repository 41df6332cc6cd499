// Catches a rendering failure anywhere in the dashboard and shows the error screen; its
// retry re-renders the children after 500 ms (SPEC §4).
import { Component, type ReactNode } from "react";
import { ERROR_RETRY_DELAY_MS } from "../../lib/constants.ts";
import type { Locale } from "../../lib/locales.ts";
import ErrorScreen from "./ErrorScreen.tsx";

interface State {
  error: unknown;
  retrying: boolean;
  attempt: number;
}

export default class ErrorBoundary extends Component<{ locale: Locale; children: ReactNode }, State> {
  state: State = { error: null, retrying: false, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, retrying: false };
  }

  retry = () => {
    this.setState({ retrying: true });
    setTimeout(() => this.setState((s) => ({ error: null, retrying: false, attempt: s.attempt + 1 })), ERROR_RETRY_DELAY_MS);
  };

  render() {
    if (this.state.error) return <ErrorScreen error={this.state.error} locale={this.props.locale} onRetry={this.retry} retrying={this.state.retrying} />;
    return <div key={this.state.attempt}>{this.props.children}</div>;
  }
}
