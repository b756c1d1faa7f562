import { Button, NonIdealState } from '@blueprintjs/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { errorLogged, toErrorLogEntry } from '@/lib/errorLog/errorLogSlice';

interface BoundaryProps {
  children: ReactNode;
  onError: (error: unknown, componentStack: string) => void;
  fallback: (reset: () => void) => ReactNode;
  /** Changing it clears a caught error (e.g. the route). */
  resetKey?: unknown;
}

interface BoundaryState {
  error: unknown;
  resetKey: unknown;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('unknown error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError(error, info.componentStack ?? '');
  }

  override render(): ReactNode {
    if (this.state.error) return this.props.fallback(() => this.setState({ error: null }));
    return this.props.children;
  }
}

/**
 * Catches a render error of its subtree, records it in the error log, and shows a retry panel instead of
 * blanking the console (each page and panel has its own, STYLE.md "Errors and config").
 */
export function ErrorBoundary({ children, resetKey }: { children: ReactNode; resetKey?: unknown }) {
  const dispatch = useDispatch();
  const { t } = useTranslation();
  return (
    <Boundary
      resetKey={resetKey}
      onError={(error, stack) =>
        dispatch(errorLogged(toErrorLogEntry(error, `React: ${stack.trim().split('\n')[0] ?? ''}`.trim())))
      }
      fallback={(reset) => (
        <NonIdealState
          className="dms-panel-error"
          icon="error"
          title={t('common:panelError.title')}
          description={t('common:panelError.description')}
          action={<Button icon="refresh" text={t('common:retry')} onClick={reset} />}
        />
      )}
    >
      {children}
    </Boundary>
  );
}
