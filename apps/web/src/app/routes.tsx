import { Center, Loader } from '@mantine/core';
import { WIDGETS } from '@portal/domain';
import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { RouteErrorFallback } from '@/components/route-error-fallback.tsx';
import { PATHS } from '@/lib/paths.ts';
import { queryClient } from '@/lib/query-client.ts';
import { PublicLayout } from './shell/public-layout.tsx';

/** A lazily loaded screen (its own chunk) with its own error boundary. */
function screen(path: string | undefined, load: () => Promise<ComponentType>): RouteObject {
  return {
    ...(path === undefined ? { index: true } : { path }),
    lazy: async () => ({ Component: await load() }),
    errorElement: <RouteErrorFallback />,
  };
}

function RouteLoading() {
  return (
    <Center h="100vh">
      <Loader role="status" aria-label="Loading" />
    </Center>
  );
}

const detailRoutes = WIDGETS.flatMap((widget) =>
  widget.detailPath
    ? [
        screen(`${widget.detailPath}/:id`, () =>
          import('./routes/alert-detail.tsx').then((m) => m.AlertDetailRoute),
        ),
      ]
    : [],
);

/** The route table of spec 2 section 2 and spec 1 section 2. */
export const routes: RouteObject[] = [
  {
    path: PATHS.home,
    errorElement: <RouteErrorFallback />,
    HydrateFallback: RouteLoading,
    children: [
      { index: true, element: <Navigate to={PATHS.dashboard} replace /> },
      {
        element: <PublicLayout />,
        children: [
          screen(PATHS.login, () => import('./routes/login.tsx').then((m) => m.LoginRoute)),
          screen(PATHS.logout, () => import('./routes/logout.tsx').then((m) => m.LogoutRoute)),
          screen(PATHS.register, () => import('./routes/register.tsx').then((m) => m.RegisterRoute)),
          screen(PATHS.confirm, () => import('./routes/confirm.tsx').then((m) => m.ConfirmRoute)),
          screen(PATHS.forgetPassword, () =>
            import('./routes/forget-password.tsx').then((m) => m.ForgetPasswordRoute),
          ),
          screen(PATHS.resetPassword, () =>
            import('./routes/reset-password.tsx').then((m) => m.ResetPasswordRoute),
          ),
          screen(PATHS.openDepositSlip, () =>
            import('./routes/open-deposit-slip.tsx').then((m) => m.OpenDepositSlipRoute),
          ),
        ],
      },
      {
        lazy: async () => ({
          Component: (await import('./routes/protected-layout.tsx')).ProtectedLayoutRoute,
        }),
        errorElement: <RouteErrorFallback />,
        children: [
          screen(PATHS.dashboard, () =>
            import('./routes/dashboard.tsx').then((m) => {
              m.prefetchEarlyLists(queryClient);
              return m.DashboardRoute;
            }),
          ),
          screen('/alerts/*', () =>
            import('./routes/widget-page.tsx').then((m) => {
              m.prefetchEarlyLists(queryClient);
              return m.WidgetPageRoute;
            }),
          ),
          ...detailRoutes,
          screen(PATHS.secureForms, () =>
            import('./routes/secure-forms.tsx').then((m) => m.SecureFormsRoute),
          ),
          screen(PATHS.recyclingBin, () =>
            import('./routes/recycling-bin.tsx').then((m) => m.RecyclingBinRoute),
          ),
          screen(`${PATHS.recyclingBin}/*`, () =>
            import('./routes/recycling-bin.tsx').then((m) => m.RecyclingBinRoute),
          ),
          screen(PATHS.files, () => import('./routes/files.tsx').then((m) => m.FilesRoute)),
          screen(`${PATHS.files}/*`, () => import('./routes/files.tsx').then((m) => m.FilesRoute)),
          screen(PATHS.packingSlips, () =>
            import('./routes/packing-slips.tsx').then((m) => m.PackingSlipsRoute),
          ),
          screen(PATHS.frameworkVision, () =>
            import('./routes/framework-vision.tsx').then((m) => m.FrameworkVisionRoute),
          ),
          screen(PATHS.specialtyRxNow, () =>
            import('./routes/specialty-rx-now.tsx').then((m) => m.SpecialtyRxNowRoute),
          ),
          {
            path: PATHS.settings,
            lazy: async () => ({
              Component: (await import('./routes/settings-layout.tsx')).SettingsLayoutRoute,
            }),
            errorElement: <RouteErrorFallback />,
            children: [
              { index: true, element: <Navigate to={PATHS.settingsAccount} replace /> },
              screen(PATHS.settingsAccount, () =>
                import('./routes/settings-account.tsx').then((m) => m.SettingsAccountRoute),
              ),
              screen(PATHS.settingsSpecialtyRxNow, () =>
                import('./routes/settings-specialty-rx-now.tsx').then((m) => m.SettingsSpecialtyRxNowRoute),
              ),
              screen(PATHS.settingsUserSettings, () =>
                import('./routes/settings-user-settings.tsx').then((m) => m.SettingsUserSettingsRoute),
              ),
              screen(PATHS.settingsTwoStep, () =>
                import('./routes/settings-two-step.tsx').then((m) => m.SettingsTwoStepRoute),
              ),
            ],
          },
          screen(PATHS.releaseNotes, () =>
            import('./routes/release-notes.tsx').then((m) => m.ReleaseNotesRoute),
          ),
          screen(PATHS.versions, () => import('./routes/versions.tsx').then((m) => m.VersionsRoute)),
          screen(PATHS.facilityUsers, () =>
            import('./routes/facility-users.tsx').then((m) => m.FacilityUsersRoute),
          ),
          screen(PATHS.facilities, () => import('./routes/facilities.tsx').then((m) => m.FacilitiesRoute)),
          screen(PATHS.pharmacies, () => import('./routes/pharmacies.tsx').then((m) => m.PharmaciesRoute)),
          screen(PATHS.pharmacyUsers, () =>
            import('./routes/pharmacy-users.tsx').then((m) => m.PharmacyUsersRoute),
          ),
          screen(PATHS.pharmacyKeys, () =>
            import('./routes/pharmacy-keys.tsx').then((m) => m.PharmacyKeysRoute),
          ),
          screen(PATHS.audit, () => import('./routes/audit.tsx').then((m) => m.AuditRoute)),
          screen(`${PATHS.facilitySettings}/:facID`, () =>
            import('./routes/facility-settings.tsx').then((m) => m.FacilitySettingsRoute),
          ),
        ],
      },
      { path: '*', element: <Navigate to={PATHS.dashboard} replace /> },
    ],
  },
];
