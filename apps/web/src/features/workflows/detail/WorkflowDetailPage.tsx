import { PlaceholderPage } from '../../../ui/PlaceholderPage';

// replaced by the page's implementation in this change
export function WorkflowDetailPage() {
  return <PlaceholderPage title="WorkflowDetailPage" />;
}
