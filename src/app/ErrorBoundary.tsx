import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from '../screens/error/ErrorScreen';
import { supportReference } from '../api/client';

interface State {
  error: Error | null;
}

/** A render error anywhere in a route becomes the router-level error screen with its message. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  render() {
    return this.state.error ? <ErrorScreen message={this.state.error.message} requestId={supportReference(this.state.error)} /> : this.props.children;
  }
}
