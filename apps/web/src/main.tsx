import '@blueprintjs/core/lib/css/blueprint.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { bootstrap } from './app/bootstrap';
import { routes } from './app/routes';
import { currentLanguage, i18nReady } from './shared/i18n';

const router = createBrowserRouter(routes);
bootstrap(router);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// the stored language's texts first (Dutch and German load on demand), so the first paint is in that language
void i18nReady.finally(() => {
  document.documentElement.lang = currentLanguage();
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
