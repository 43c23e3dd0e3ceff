import { widgetByPath } from '@portal/domain';
import { Navigate, useLocation, useParams } from 'react-router';
import { WidgetPage } from '@/features/alerts';
import { PATHS, widgetPagePath } from '@/lib/paths.ts';

export { prefetchEarlyLists } from '@/features/alerts';

const ARCHIVE_SUFFIX = /\/archive$/i;

/**
 * /alerts/{widget} and /alerts/{widget}/archive. The segment may be any spelling the catalogue accepts (any
 * case, aliases such as pharmacyalerts/refilltoosoon); it is rewritten to the widget's own path, keeping the
 * query and hash (a reminder email's ?facilityIds= narrowing). Unknown widgets go to the dashboard.
 */
export function WidgetPageRoute() {
  const { search, hash } = useLocation();
  const splat = (useParams()['*'] ?? '').replace(/\/+$/, '');
  const isArchive = ARCHIVE_SUFFIX.test(splat);
  const widget = widgetByPath(splat.replace(ARCHIVE_SUFFIX, ''));
  if (!widget) return <Navigate to={PATHS.dashboard} replace />;
  const canonical = widgetPagePath(widget, isArchive);
  if (`/alerts/${splat}` !== canonical)
    return <Navigate to={{ pathname: canonical, search, hash }} replace />;
  // Keyed so the archive and the live list never share sort or range state.
  return <WidgetPage key={canonical} widget={widget} isArchive={isArchive} />;
}
