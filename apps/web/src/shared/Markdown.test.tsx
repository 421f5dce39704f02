import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../test/renderWithRouter';
import { Markdown } from './Markdown';
import { safeUrl } from './safeUrl';

const show = (text: string) => renderAt(<Markdown>{text}</Markdown>, { path: '/' });

describe('Markdown', () => {
  it('renders headings, emphasis, lists and tables', () => {
    const { container } = show('## Start\n\nOpen **Settings**.\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |');
    expect(container.querySelector('h2')?.textContent).toBe('Start');
    expect(container.querySelector('strong')?.textContent).toBe('Settings');
    expect(container.querySelectorAll('li')).toHaveLength(2);
    expect(container.querySelector('td')?.textContent).toBe('1');
  });

  it('drops raw HTML: no script, no event handler, no iframe', () => {
    const { container } = show(
      'Hi <script>window.pwned = 1</script> <img src="x" onerror="window.pwned = 1"> <iframe src="https://evil.example"></iframe> **there**',
    );
    expect(container.querySelector('script, iframe, [onerror]')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('strong')?.textContent).toBe('there');
    expect((window as { pwned?: number }).pwned).toBeUndefined();
  });

  it('keeps no javascript: or data: address in a link or image', () => {
    const { container } = show(
      '[click](javascript:alert(1)) [data](data:text/html,x) ![img](data:image/svg+xml,x) [vb](vbscript:x) [pr](//evil.example)',
    );
    for (const a of container.querySelectorAll('a'))
      expect(a.getAttribute('href') ?? '').not.toMatch(/^(javascript|data|vbscript):|^\/\//i);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('click').tagName).not.toBe('A');
  });

  it('opens addresses elsewhere in a new tab without access to this one, and paths of this site in the app', () => {
    show('[docs](https://example.com/docs) and [tasks](/tasks/board)');
    const external = screen.getByRole('link', { name: 'docs' });
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
    const internal = screen.getByRole('link', { name: 'tasks' });
    expect(internal.getAttribute('href')).toBe('/tasks/board');
    expect(internal.getAttribute('target')).toBeNull();
  });

  it('accepts http(s), mailto:, anchors and paths as addresses, nothing else', () => {
    for (const ok of ['https://x.example/a', 'mailto:help@example.com', '#top', '/knowledge-base/1']) expect(safeUrl(ok), ok).toBe(ok);
    for (const bad of ['javascript:alert(1)', ' JAVASCRIPT:alert(1)', 'data:text/html,x', '//evil.example', 'file:///etc/passwd'])
      expect(safeUrl(bad), bad).toBeNull();
  });
});
