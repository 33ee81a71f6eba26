import { Component, type ErrorInfo, type ReactNode } from "react";

interface Props {
  /** Shown instead of the children once a query under it has thrown. */
  fallback: ReactNode;
  /** Called once per caught error (e.g. to toast it). */
  onError?: (error: unknown) => void;
  children: ReactNode;
}

/**
 * Convex queries throw their errors during render (e.g. an admin-only list after losing the role):
 * this keeps such a failure inside the section that made the query instead of the whole page.
 */
export class QueryBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown, _info: ErrorInfo) {
    this.props.onError?.(error);
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
