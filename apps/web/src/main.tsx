// First: it sets zod's configuration (lib/zod-config.ts) before any schema is built, then starts the early requests.
import './boot.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/reduced-motion.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { keepFocusThroughLoading } from './lib/keep-focus.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
keepFocusThroughLoading();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
