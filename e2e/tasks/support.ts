import { expect } from '@playwright/test';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { callApi } from '../support/api';
import { signInByUi } from '../support/users';
import type { Account } from '../support/users';

// Helpers of the Tasks panel journeys.

export const DESKTOP = { width: 1280, height: 800 };

export async function signedIn(browser: Browser, account: Account, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await signInByUi(page, account);
  await page.goto(path);
  if (/\/chat\/\d+$/.test(path)) await expect(page.getByTestId('chat-open')).toBeVisible();
  return page;
}

export async function openTasks(page: Page): Promise<Locator> {
  await page.getByTestId('tasks-open').click();
  const panel = page.getByTestId('tasks-panel');
  await expect(panel).toBeVisible();
  return panel;
}

/** The task row whose title is `title`. */
export const taskRow = (page: Page, title: string) =>
  page
    .getByTestId('task')
    .filter({ has: page.getByTestId('task-text').getByText(title, { exact: true }) });

export async function addGroup(page: Page, name: string): Promise<void> {
  const field = page.getByTestId('tasks-add-group');
  await field.fill(name);
  await field.press('Enter');
  await expect(page.getByTestId('tasks-group-name').filter({ hasText: name })).toBeVisible();
}

export async function addTask(page: Page, group: string, title: string): Promise<void> {
  const section = page
    .getByTestId('tasks-group')
    .filter({ has: page.getByTestId('tasks-group-name').filter({ hasText: group }) });
  const field = section.getByTestId('tasks-add-task');
  await field.fill(title);
  await field.press('Enter');
  await expect(taskRow(page, title)).toBeVisible();
}

type Board = {
  task_groups: {
    id: number;
    name: string;
    tasks: {
      id: number;
      title: string;
      done: boolean;
      description: string;
      versions: { done: number };
      assignee_ids: number[];
      created_by: number | null;
    }[];
  }[];
};

/** Seeds through the API (Bearer `token`): tasks on, one group, its tasks; their ids. */
export async function seedBoard(
  request: APIRequestContext,
  token: string,
  conversationId: number,
  group: string,
  titles: string[],
): Promise<{ groupId: number; taskIds: number[] }> {
  await callApi(request, token, `/user/conversations/${conversationId}/tasks/settings`, {
    has_tasks: true,
  });
  const made = await callApi<{ id: number }>(
    request,
    token,
    `/user/conversations/${conversationId}/task-groups`,
    { name: group },
  );
  const taskIds: number[] = [];
  for (const title of titles) {
    const task = await callApi<{ id: number }>(
      request,
      token,
      `/user/task-groups/${made.id}/tasks`,
      {
        title,
      },
    );
    taskIds.push(task.id);
  }
  return { groupId: made.id, taskIds };
}

export function readBoard(request: APIRequestContext, token: string, conversationId: number) {
  return callApi<Board>(request, token, `/user/conversations/${conversationId}/tasks`);
}
