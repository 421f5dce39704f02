import { Spinner } from '@blueprintjs/core';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type CSSProperties, type ReactNode, type RefObject } from 'react';

/**
 * The one way a long list loads page after page while it scrolls (TanStack Virtual): rows of one height, one extra
 * row at the end while the server has more, and `onLoadMore` asked for when that row comes into view.
 */
export const useLoadMoreRows = (options: {
  /** rows loaded so far */
  loaded: number;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  rowHeight: number;
  overscan?: number;
}): { scroller: RefObject<HTMLDivElement | null>; virtualizer: Virtualizer<HTMLDivElement, Element> } => {
  const { loaded, hasMore, loadingMore, onLoadMore, rowHeight } = options;
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: loaded + (hasMore ? 1 : 0),
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: options.overscan ?? 12,
  });
  const items = virtualizer.getVirtualItems();
  const last = items[items.length - 1];
  useEffect(() => {
    if (last && last.index >= loaded - 1 && hasMore && !loadingMore) onLoadMore();
  }, [last, loaded, hasMore, loadingMore, onLoadMore]);
  return { scroller, virtualizer };
};

/**
 * The rows in view, each placed by `style`; an index past the loaded rows is the "loading more" row (a spinner with
 * `moreLabel`, class `moreClassName`).
 */
export const VirtualRows = ({
  virtualizer,
  loaded,
  moreLabel,
  moreClassName,
  children,
}: {
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  loaded: number;
  moreLabel: string;
  moreClassName: string;
  children: (index: number, style: CSSProperties) => ReactNode;
}) => (
  <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
    {virtualizer.getVirtualItems().map((item) => {
      const style: CSSProperties = {
        position: 'absolute',
        top: 0,
        left: 0,
        right: 0,
        height: item.size,
        transform: `translateY(${item.start}px)`,
      };
      return item.index < loaded ? (
        children(item.index, style)
      ) : (
        <div key="more" style={style} className={moreClassName} role="row">
          <Spinner size={16} aria-label={moreLabel} />
        </div>
      );
    })}
  </div>
);
