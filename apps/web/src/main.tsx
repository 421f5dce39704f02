import '@blueprintjs/core/lib/css/blueprint.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { bootstrap } from './app/bootstrap';
import { routes } from './app/routes';
import { currentLanguage } from './shared/i18n';

const router = createBrowserRouter(routes);
bootstrap(router);
document.documentElement.lang = currentLanguage();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
