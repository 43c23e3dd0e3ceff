import { Alert, Card, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface CardErrorBoundaryProps {
  title: string;
  children: ReactNode;
}

interface CardErrorBoundaryState {
  error: Error | null;
}

/** One dashboard card's own boundary: a card that fails to render shows its error, the others keep working. */
export class CardErrorBoundary extends Component<CardErrorBoundaryProps, CardErrorBoundaryState> {
  override state: CardErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): CardErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // Kept in the console so a support call can quote the component stack.
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Card withBorder radius="md" component="section" aria-label={this.props.title}>
        <Title order={2} size="h5">
          {this.props.title}
        </Title>
        <Alert mt="sm" color="red" title="This widget failed" icon={<IconAlertTriangle aria-hidden />}>
          {this.state.error.message}
        </Alert>
      </Card>
    );
  }
}
