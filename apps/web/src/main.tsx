import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { i18nReady } from './i18n/index.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The active language's catalogue is its own chunk (i18n/index.ts): render once it is there.
void i18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
