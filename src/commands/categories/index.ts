/**
 * `/talep category list` (everyone: the categories the help desk offers the caller, with their ids)
 * and `/talep category new <name> [section:<id>]` (admins).
 */
import { messagesOf } from '../../slack/locale.js';
import type { Area } from '../../slack/dispatch.js';
import { actAs } from '../../slack/middleware.js';
import { routePaths } from '../../slack/route-paths.js';
import { route } from '../../slack/routes.js';
import { categoryListMessage } from '../../views/categories/list.js';
import { parseListArgs, parseNewCategoryArgs } from './args.js';
import { addCategory } from './create.js';

const CATEGORY = ['category', 'categories'];

export const categoriesArea: Area = {
  name: 'categories',
  routes: [
    route({
      // `category` and `categories` alone list too.
      ...routePaths(CATEGORY, ['list', '']),
      usage: 'category list',
      summary: 'The categories you can use, by section, with their ids',
      group: 'Administration',
      audience: 'everyone',
      parse: parseListArgs,
      needs: { linked: true },
      run: async (ctx) => ctx.surface.send(categoryListMessage(await ctx.actor.hd.categories(), ctx.actor, messagesOf(ctx))),
    }),
    route({
      ...routePaths(CATEGORY, ['new', 'add']),
      usage: 'category new <name> [section:<id>]',
      summary: 'Add a category (an existing name is reported, not sent again)',
      group: 'Administration',
      audience: 'admin',
      parse: parseNewCategoryArgs,
      // "Not found" here is about the section.
      run: (ctx) =>
        actAs(ctx, (actor) => addCategory(ctx, actor, ctx.args), ctx.args.sectionId !== undefined ? { label: messagesOf(ctx).t('categories.sectionLabel', { id: ctx.args.sectionId }) } : {}),
    }),
  ],
};
