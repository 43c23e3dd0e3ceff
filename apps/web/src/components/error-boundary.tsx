import { Component, type ErrorInfo, type ReactNode } from 'react';
import { LazyErrorFallback } from './lazy-error-fallback.tsx';

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** A change of this value (e.g. the location) clears a caught error. */
  resetKey?: string;
}

interface ErrorBoundaryState {
  error: unknown;
  hasError: boolean;
  resetKey: string | undefined;
}

/** Catches a render error in part of a page so the rest keeps working, and shows the 'Uh Oh...' modal. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, hasError: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    if (props.resetKey !== state.resetKey) return { error: null, hasError: false, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // Kept in the console so a support call can quote the component stack.
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.hasError) return <LazyErrorFallback error={this.state.error} />;
    return this.props.children;
  }
}
