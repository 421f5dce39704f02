import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// Blueprint's Tooltip brings its popover and floating-ui (about 15 KB brotli): it loads when a pointer or the focus
// first reaches a mark, not with the form (the sign-in page's cold load carries no popover)
const RequiredTooltip = lazy(() => import('./RequiredTooltip').then((m) => ({ default: m.RequiredTooltip })));

/** The asterisk of a required field, with the tooltip 'Required field' (spec §5). */
export const RequiredMark = () => {
  const { t } = useTranslation('account');
  const text = t('account.form.required-field');
  // null until first hovered; then whether the pointer is still on the mark when the tooltip arrives
  const [hovered, setHovered] = useState<boolean | null>(null);
  const mark = (
    <span
      className="stramien-required"
      title={text}
      onPointerEnter={hovered === null ? () => setHovered(true) : undefined}
      onPointerLeave={hovered === true ? () => setHovered(false) : undefined}
    >
      *
    </span>
  );
  if (hovered === null) return mark;
  return (
    <Suspense fallback={mark}>
      <RequiredTooltip text={text} open={hovered}>
        <span className="stramien-required" title={text}>
          *
        </span>
      </RequiredTooltip>
    </Suspense>
  );
};
