import type { ReactNode } from 'react';

export function RequireAuth({ children }: { title: string; children: ReactNode }) {
  return <>{children}</>;
}
