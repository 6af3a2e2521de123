import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { CrashScreen } from './CrashScreen';

type Props = { children: ReactNode };
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

  override render(): ReactNode {
    return this.state.failed ? <CrashScreen error={this.state.error} /> : this.props.children;
  }
}

/** The router catches errors of route elements (chunk loads included) itself; show the same screen. */
export function RouteCrash() {
  const error = useRouteError();
  return <CrashScreen error={error} />;
}
