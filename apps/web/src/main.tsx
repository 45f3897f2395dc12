import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { seedFirstView } from './app/first-view';
import { createAppRouter } from './app/router';
import { createQueryClient } from './lib/query-client';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// One cache for the pages and for the loaders that fill it before the pages render.
const queryClient = createQueryClient();
seedFirstView(queryClient);

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={createAppRouter(queryClient)} />
    </AppProviders>
  </StrictMode>,
);
