import { describe, expect, it } from 'vitest';
import { parseTemplate, referenceText, renderTemplate, templateReferences, type TemplateScope } from './templates';

const scope: TemplateScope = {
  session: { name: 'Block A', sbs_code: '01.02' },
  jobs: { n1: { remarks: 'All good', count: 3, approved: true, empty: null } },
};

describe('Templates', () => {
  describe('when parsed', () => {
    it('cut the text into literals and references, spaces inside the braces allowed', () => {
      expect(parseTemplate('Check {{ session.name }} ({{session.sbs_code}}): {{job.n1.remarks}}')).toEqual({
        ok: true,
        parts: [
          'Check ',
          { kind: 'session', key: 'name' },
          ' (',
          { kind: 'session', key: 'sbs_code' },
          '): ',
          { kind: 'job', nodeId: 'n1', fieldId: 'remarks' },
        ],
      });
      expect(parseTemplate('no references')).toEqual({ ok: true, parts: ['no references'] });
      expect(parseTemplate('')).toEqual({ ok: true, parts: [] });
    });
    it('take node ids with dashes (uuids)', () => {
      expect(templateReferences('{{job.6f1c-2b.field_1}}')).toEqual([{ kind: 'job', nodeId: '6f1c-2b', fieldId: 'field_1' }]);
    });
    it('refuse an unknown expression or a brace left open, naming it', () => {
      expect(parseTemplate('Hi {{session.owner}}')).toEqual({ ok: false, error: '{{session.owner}}' });
      expect(parseTemplate('{{job.n1}}')).toEqual({ ok: false, error: '{{job.n1}}' });
      expect(parseTemplate('{{job.n1.a.b}}')).toEqual({ ok: false, error: '{{job.n1.a.b}}' });
      expect(parseTemplate('{{}}')).toEqual({ ok: false, error: '{{}}' });
      expect(parseTemplate('Hi {{session.name')).toEqual({ ok: false, error: '{{session.name' });
    });
    it('list the references in order, none for a template that does not parse', () => {
      expect(templateReferences('{{job.a.x}} and {{session.name}}').map(referenceText)).toEqual(['job.a.x', 'session.name']);
      expect(templateReferences('{{nope}}')).toEqual([]);
    });
  });

  describe('when rendered', () => {
    it('fill in the session and the values of earlier jobs', () => {
      expect(
        renderTemplate('{{session.name}} / {{session.sbs_code}}: {{job.n1.remarks}} ({{job.n1.count}}, {{job.n1.approved}})', scope),
      ).toBe('Block A / 01.02: All good (3, true)');
    });
    it('give an empty string for a missing value', () => {
      expect(renderTemplate('[{{job.n1.empty}}][{{job.n1.other}}][{{job.n9.remarks}}]', scope)).toBe('[][][]');
      expect(renderTemplate('{{session.sbs_code}}', { ...scope, session: { name: 'x', sbs_code: null } })).toBe('');
    });
  });
});
