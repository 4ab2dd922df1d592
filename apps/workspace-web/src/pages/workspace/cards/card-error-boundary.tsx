import { Alert, Button } from '@mui/material';
import { Component, type ReactNode } from 'react';
import { WorkspaceStrings as S } from '../../../strings/workspace';

/** A card that fails to render shows a notice instead of taking the whole workspace down. */
export class CardErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    // The message only: a card's props may hold patient data (LGPD).
    console.error('workspace card failed', error instanceof Error ? error.message : 'unknown');
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert
        severity="error"
        action={<Button onClick={() => this.setState({ failed: false })}>{S.retry}</Button>}
      >
        {S.cardFailed}
      </Alert>
    );
  }
}
