import './boot.ts';
// Before anything parses with zod (see the module).
import './lib/zod-config.ts';
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
