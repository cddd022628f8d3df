import type { ReactNode } from 'react';

/**
 * What a form's own input widget takes, as a Mantine input does: its label, help, error and
 * required mark, and its value as text (the execute form's InputWidget hands these on).
 */
export interface FieldWidgetProps {
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
}
