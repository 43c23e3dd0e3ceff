import { widgetByDetailPath } from '@portal/domain';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { AlertDetailPage } from '@/features/alerts';
import { PATHS } from '@/lib/paths.ts';

/** /{detailPath}/{id} of each widget with a detail page (e.g. /authorization/{rxNo}). */
export function AlertDetailRoute() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  // An archived alert's copied link pins it by its number: its Rx number may since name a newer, live alert.
  const pinned = search.get('internalId');
  const internalId = pinned && /^\d{1,10}$/.test(pinned) ? Number(pinned) : null;
  const prefix = `/${pathname.split('/')[1] ?? ''}`.toLowerCase();
  const widget = widgetByDetailPath(prefix);
  if (!widget) return <Navigate to={PATHS.dashboard} replace />;
  return (
    <AlertDetailPage
      key={`${widget.key}/${id}/${internalId ?? ''}`}
      widget={widget}
      identifier={id}
      internalId={internalId}
    />
  );
}
