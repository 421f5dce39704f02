import { BlueprintProvider } from '@blueprintjs/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../shared/i18n';
import { queryClient as appQueryClient } from '../shared/queryClient';

/** Query cache, translations and Blueprint's overlay context around the whole app. */
export const AppProviders = ({ children, queryClient = appQueryClient }: { children: ReactNode; queryClient?: QueryClient }) => (
  <QueryClientProvider client={queryClient}>
    <I18nextProvider i18n={i18n}>
      <BlueprintProvider>{children}</BlueprintProvider>
    </I18nextProvider>
  </QueryClientProvider>
);
