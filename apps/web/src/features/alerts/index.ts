export { clearAllDrafts } from './api/action-drafts.ts';
export { applyAlertEvent, resetAlertCaches } from './api/alert-events.ts';
export { prefetchEarlyLists } from './api/get-alert-list.ts';
export { usePharmacies } from './api/get-pharmacies.ts';
export { AlertDetailPage } from './components/alert-detail-page.tsx';
export { AlertWidgetCard } from './components/alert-widget-card.tsx';
export { CardErrorBoundary } from './components/card-error-boundary.tsx';
export { WidgetPage } from './components/widget-page.tsx';
export { usePrefetchAlertPermissions } from './hooks/use-alert-permissions.ts';
