import { OverlaysProvider, PortalProvider } from '@blueprintjs/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../shared/i18n';
import { queryClient as appQueryClient } from '../shared/queryClient';

/**
 * Query cache, translations and Blueprint's overlay and portal contexts around the whole app. Not BlueprintProvider:
 * its third part, HotkeysProvider, serves `useHotkeys`, which the app does not use, and would bring the hotkeys
 * dialog (dialog, tabs, key combos) into every cold load.
 */
export const AppProviders = ({ children, queryClient = appQueryClient }: { children: ReactNode; queryClient?: QueryClient }) => (
  <QueryClientProvider client={queryClient}>
    <I18nextProvider i18n={i18n}>
      <PortalProvider>
        <OverlaysProvider>{children}</OverlaysProvider>
      </PortalProvider>
    </I18nextProvider>
  </QueryClientProvider>
);
