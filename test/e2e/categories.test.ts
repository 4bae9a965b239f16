/**
 * `/talep category …` end to end against the sandbox: the list each user gets (agents-only categories
 * for agents), an admin adding one (in a section, and seen by the list right after), a duplicate name
 * reported instead of sent, an unknown section, and the help desk's refusal for a non-admin.
 */
import { describe, expect, it } from 'vitest';
import { useHarness } from '../support/use-harness.js';
import { json, slashAnswer } from '../support/e2e.js';
import { type Person } from '../support/harness.js';

const h = useHarness();

const slash = async (person: Person, text: string) => (await slashAnswer(h, person, text, { status: true, ephemeral: true })).post;

describe('category list', () => {
  it('groups the categories by section with their ids', async () => {
    const blocks = json((await slash('agent', 'category list')).blocks);
    expect(blocks).toContain('*IT Support (section 1)*');
    expect(blocks).toContain('• Hardware · `1`');
    expect(blocks).toContain('Internal Maintenance');
    expect(blocks).not.toContain('category new');
  });

  it("does not show a regular user the agents-only category", async () => {
    const blocks = json((await slash('user', 'categories')).blocks);
    expect(blocks).toContain('Hardware');
    expect(blocks).not.toContain('Internal Maintenance');
  });
});

describe('category new', () => {
  it('lets an admin add a category in a section, which the list shows at once', async () => {
    const post = await slash('admin', 'category new Printers section:1');
    expect(post.text).toMatch(/Category \*Printers\* \(`\d+`\) created in \*IT Support\* \(section 1\)/);
    const id = Number(/\(`(\d+)`\)/.exec(String(post.text))?.[1]);
    const created = (await h.helpdeskAs('admin').categories()).find((category) => category.CategoryID === id);
    expect(created).toMatchObject({ Name: 'Printers', SectionID: 1 });
    // The reference-data cache was invalidated by the write: the list has it.
    expect(json((await slash('admin', 'category list')).blocks)).toContain(`• Printers · \`${id}\``);
  });

  it('reports an existing name in the same section instead of sending it again', async () => {
    const before = (await h.helpdeskAs('admin').categories()).length;
    const post = await slash('admin', 'category new hardware section:1');
    expect(post.text).toContain('Category *Hardware* (`1`) already exists in *IT Support*; nothing was added.');
    expect((await h.helpdeskAs('admin').categories()).length).toBe(before);
  });

  it('says when the section does not exist', async () => {
    const post = await slash('admin', 'category new Scanners section:99');
    expect(post.text).toContain('Section 99');
    expect(post.text).toMatch(/not found|does not exist/i);
  });

  it('explains the refusal to an agent', async () => {
    const post = await slash('agent', 'category new Scanners');
    expect(post.text).toContain('The help desk refused');
    expect(post.text).toContain('*admin* permission');
    expect((await h.helpdeskAs('admin').categories()).some((category) => category.Name === 'Scanners')).toBe(false);
  });

  it('shows the usage for a wrong argument', async () => {
    const post = await slash('admin', 'category new Printers section:x');
    expect(post.text).toContain('The section is a number');
    // `category new` is a route of its own: its usage is its own line of the help.
    expect(post.text).toContain('Usage: `/talep category new <name> [section:<id>]`');
  });
});
