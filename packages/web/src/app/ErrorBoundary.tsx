import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { CrashScreen } from './CrashScreen';

type Props = {
  children: ReactNode;
  /** A change of this value (the path) clears a caught error, without remounting the children. */
  resetKey?: string;
};
type State = { error: unknown; failed: boolean };

/** Catches render errors anywhere below (outside the router too) and shows the crash screen. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Crash', error, info.componentStack);
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) {
      this.setState({ error: null, failed: false });
    }
  }

  override render(): ReactNode {
    return this.state.failed ? <CrashScreen error={this.state.error} /> : this.props.children;
  }
}
