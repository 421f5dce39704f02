import { z } from 'zod';
import type { EventSchemas } from '../shared/envelope';

export const LABEL_TITLE_MAX = 100;
export const toLabelStreamId = (labelId: string): string => `label-${labelId}`;

/** Hex colours: 3 or 6 digits, with or without the leading '#' (spec 1 §5). */
export const HEX_COLOR = /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
export const isHexColor = (value: string): boolean => HEX_COLOR.test(value.trim());
/** '#ABC' -> '#abc', 'a1b2c3' -> '#a1b2c3' */
export const normaliseHexColor = (value: string): string => `#${value.trim().replace(/^#/, '').toLowerCase()}`;

export const labelEventSchemas = {
  /** projectId null: a licence-wide label */
  LabelCreated: z.object({
    labelId: z.string(),
    licenceId: z.string(),
    projectId: z.string().nullable(),
    title: z.string(),
    color: z.string(),
  }),
  LabelUpdated: z.object({ labelId: z.string(), title: z.string(), color: z.string() }),
  LabelDeleted: z.object({ labelId: z.string() }),
} satisfies Record<string, z.ZodType>;

type Schemas = typeof labelEventSchemas;
export type LabelEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]> } }[keyof Schemas];
export const labelEventTypes = Object.keys(labelEventSchemas) as LabelEvent['type'][];
export const labelSchemas: EventSchemas<LabelEvent> = labelEventSchemas;

export interface LabelState {
  exists: boolean;
  deleted: boolean;
  labelId: string;
  licenceId: string;
  projectId: string | null;
  title: string;
  color: string;
}

export const initialLabelState = (): LabelState => ({
  exists: false,
  deleted: false,
  labelId: '',
  licenceId: '',
  projectId: null,
  title: '',
  color: '',
});

export const evolveLabel = (state: LabelState, event: LabelEvent): LabelState => {
  switch (event.type) {
    case 'LabelCreated':
      return { ...initialLabelState(), exists: true, ...event.data };
    case 'LabelUpdated':
      return { ...state, title: event.data.title, color: event.data.color };
    case 'LabelDeleted':
      return { ...state, deleted: true };
  }
};
