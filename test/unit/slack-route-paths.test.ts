import { describe, expect, it } from 'vitest';
import { routePaths } from '../../src/slack/route-paths.js';

describe('routePaths', () => {
  it('makes the path of the first words and aliases of every other pair', () => {
    expect(routePaths(['user', 'users'], ['find', 'show'])).toEqual({ path: 'user find', aliases: ['user show', 'users find', 'users show'] });
  });

  it('lets an empty verb stand for the bare family word', () => {
    expect(routePaths(['category', 'categories'], ['list', ''])).toEqual({
      path: 'category list',
      aliases: ['category', 'categories list', 'categories'],
    });
  });
});
