import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Project, Task } from '@stramien/api';
import { DEMO_ADMIN } from './playwright.config';
import { api, apiToken, unique } from './projects-support';

/** Helpers of the tasks browser flows: the texts of a language, a project with its admin, tasks made through the API. */

export type Language = 'en' | 'nl' | 'de';
const locales = join(import.meta.dirname, '../../apps/web/src/locales');
const bundle = (language: Language, namespace: string): Record<string, string> =>
  JSON.parse(readFileSync(join(locales, language, `${namespace}.json`), 'utf8')) as Record<string, string>;

/** A text of the web app in `language` (tasks, server or common namespace), placeholders filled. */
export const textOf = (language: Language) => {
  const all = { ...bundle(language, 'common'), ...bundle(language, 'server'), ...bundle(language, 'tasks') };
  return (key: string, values: Record<string, string | number> = {}): string => {
    const text = all[key];
    if (text === undefined) throw new Error(`no text ${key} in ${language}`);
    return text.replace(/\{\{?(\w+)\}?\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
  };
};

export const SHOTS = '/tmp/shots-tasksweb';
export const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });

/** The demo admin's token, licence and own user, and a fresh project they administer (`members`: users of a second role). */
export const adminWithProject = async (request: APIRequestContext, label = 'Taken', members: string[] = []) => {
  const token = await apiToken(request, DEMO_ADMIN);
  const as = api(request, token);
  const me = await as.get<{ id: string; name: string; licenses: { id: string; name: string }[] }>('/api/user');
  const licence = me.licenses.find((l) => l.name === 'Stramien Demo')!.id;
  const project = (
    await as.post<{ data: Project }>('/api/project', {
      license: licence,
      name: unique(label),
      number: `T-${Date.now().toString(36).slice(-4)}`,
      roles: [
        { name: 'Beheer', is_projectadmin: true, users: [] },
        ...(members.length > 0 ? [{ name: 'Uitvoering', is_projectadmin: false, users: members }] : []),
      ],
    })
  ).data;
  const createTask = async (body: Record<string, unknown>): Promise<Task> =>
    (await as.post<{ data: Task }>('/api/tasks-create', { project: project.id, assigned_to: me.id, priority: 'normal', ...body })).data;
  const getTask = async (id: string): Promise<Task> => (await as.get<{ data: Task }>(`/api/tasks/${id}`)).data;
  return { token, as, me, licence, project, createTask, getTask };
};

/** 'YYYY-MM-DD' of today plus `days` (local time of the test runner, as the browser's). */
export const dayFromToday = (days: number): string => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export const expectToast = async (page: Page, text: string) =>
  expect(page.locator('.bp6-toast').filter({ hasText: text }).first()).toBeVisible();
