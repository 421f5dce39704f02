import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { clearToasts, toasterInUse } from '../shared/toaster';
import { LANGUAGES, i18n, loadLanguage } from '../shared/i18n';

// the first render of a test file loads the shell's lazy screens (transformed on demand): on a busy 2-core machine that
// takes longer than findBy's default 1 s, which made the first test of a file fail by timing alone
configure({ asyncUtilTimeout: 10_000 });

// every language at hand, so a test may switch with i18n.changeLanguage directly
await Promise.all(LANGUAGES.map(loadLanguage));

// vitest runs without globals, so testing-library cannot switch React's act environment on by itself
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(async () => {
  await clearToasts();
  cleanup();
  localStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  });
  await i18n.changeLanguage('en');
});

// the toasts' exit transitions finish before the environment is torn down (a file that showed none has none to wait for)
afterAll(() => (toasterInUse() ? new Promise((resolve) => setTimeout(resolve, 500)) : undefined));
