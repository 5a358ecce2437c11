import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { queryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { Toaster, TooltipProvider, applyStoredTheme } from './ui';
import './ui/styles.css';

applyStoredTheme();
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render the workspace into.');
createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <RouterProvider router={createAppRouter()} />
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  </StrictMode>,
);
