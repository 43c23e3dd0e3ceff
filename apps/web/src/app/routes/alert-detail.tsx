import { widgetByDetailPath } from '@portal/domain';
import { Navigate, useLocation, useParams } from 'react-router';
import { AlertDetailPage } from '@/features/alerts';
import { PATHS } from '@/lib/paths.ts';

/** /{detailPath}/{id} of each widget with a detail page (e.g. /authorization/{rxNo}). */
export function AlertDetailRoute() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const prefix = `/${pathname.split('/')[1] ?? ''}`.toLowerCase();
  const widget = widgetByDetailPath(prefix);
  if (!widget) return <Navigate to={PATHS.dashboard} replace />;
  return <AlertDetailPage key={`${widget.key}/${id}`} widget={widget} identifier={id} />;
}
