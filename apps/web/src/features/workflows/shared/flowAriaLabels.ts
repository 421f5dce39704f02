import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AriaLabelConfig } from '@xyflow/react';

/**
 * React Flow's screen-reader texts (its `ariaLabelConfig`) in the user's language, for the builder canvas and the
 * session flow: the library's own texts are English only.
 */
export const useFlowAriaLabels = (): AriaLabelConfig => {
  const { t } = useTranslation('workflows');
  return useMemo(() => {
    const directions: Record<string, string> = {
      up: t('workflows.flow-aria.direction-up'),
      down: t('workflows.flow-aria.direction-down'),
      left: t('workflows.flow-aria.direction-left'),
      right: t('workflows.flow-aria.direction-right'),
    };
    return {
      'node.a11yDescription.default': t('workflows.flow-aria.node'),
      'node.a11yDescription.keyboardDisabled': t('workflows.flow-aria.node-keyboard'),
      'node.a11yDescription.ariaLiveMessage': ({ direction, x, y }: { direction: string; x: number; y: number }) =>
        t('workflows.flow-aria.node-moved', { direction: directions[direction] ?? direction, x, y }),
      'edge.a11yDescription.default': t('workflows.flow-aria.edge'),
      'controls.ariaLabel': t('workflows.flow-aria.controls'),
      'controls.zoomIn.ariaLabel': t('workflows.flow-aria.zoom-in'),
      'controls.zoomOut.ariaLabel': t('workflows.flow-aria.zoom-out'),
      'controls.fitView.ariaLabel': t('workflows.flow-aria.fit-view'),
      'controls.interactive.ariaLabel': t('workflows.flow-aria.interactive'),
      'minimap.ariaLabel': t('workflows.flow-aria.minimap'),
      'handle.ariaLabel': t('workflows.flow-aria.handle'),
    };
  }, [t]);
};
