import type { ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import { Link } from 'react-router-dom';
import remarkGfm from 'remark-gfm';
import { safeUrl } from './safeUrl';
import './markdown.css';

const MarkdownLink = ({ href, children }: ComponentProps<'a'>) => {
  if (!href) return <span>{children}</span>;
  // a path of this site stays in the app; an address elsewhere opens in a new tab without access to this one
  if (href.startsWith('/')) return <Link to={href}>{children}</Link>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
};

const components: Components = {
  a: ({ href, children }) => <MarkdownLink href={href}>{children}</MarkdownLink>,
  img: ({ src, alt }) => (typeof src === 'string' && src ? <img src={src} alt={alt ?? ''} loading="lazy" /> : null),
};

/**
 * Markdown written by system admins (news, knowledge base), rendered safely: react-markdown builds React elements
 * from the markdown syntax tree (never innerHTML); raw HTML in the text is dropped (`skipHtml`, and no rehype-raw);
 * every link and image address passes `safeUrl`. GitHub-flavoured tables, task lists and strikethrough via remark-gfm.
 */
export const Markdown = ({ children, className }: { children: string; className?: string }) => (
  <div className={`stramien-markdown ${className ?? ''}`}>
    <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml urlTransform={(url) => safeUrl(url)} components={components}>
      {children}
    </ReactMarkdown>
  </div>
);
