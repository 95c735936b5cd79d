import { Component, type ReactNode } from 'react';

/**
 * Keeps the desk up when a tab fails to load or render (a lazy chunk that cannot be fetched, a chart library that
 * refuses the browser's language tag): the tab shows the message, the other tabs keep working.
 */
export class TabBoundary extends Component<{ message: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? (
      <p className="error" role="alert">
        {this.props.message}
      </p>
    ) : (
      this.props.children
    );
  }
}
