import { lazy, Suspense } from 'react';

const Markdown = lazy(() => import('./Markdown').then((m) => ({ default: m.Markdown })));

/**
 * The markdown renderer loaded when first shown (react-markdown and its parser are not small), so the shell that
 * holds the news panel does not carry it on every first load. Shows the plain text until it has loaded.
 */
export const LazyMarkdown = ({ children, className }: { children: string; className?: string }) => (
  <Suspense fallback={<div className={className}>{children}</div>}>
    <Markdown className={className}>{children}</Markdown>
  </Suspense>
);
