/**
 * The inputs of each workflow step, checked with zod before anything is sent: Workflow Builder fills
 * them from whatever the workflow's builder mapped, so they are untrusted text. Every step also has
 * `ran_by` (`slack#/types/user_context`): Slack fills it from the action of the person who ran the
 * workflow, and the kernel acts as that person (src/slack/steps.ts). A test keeps these names equal to
 * manifest.yml's.
 */
import * as z from 'zod';
import { StepFailure } from '../../slack/listeners.js';
import { type StepId, StepIds } from './step-ids.js';

const ranBy = z.unknown();
const talepId = z.coerce.number({ error: 'must be a talep number' }).int('must be a whole number').min(1, 'must be a talep number').max(999_999_999, 'is too large');
const text = (max: number) => z.string({ error: 'must be text' }).trim().min(1, 'is empty').max(max, `is longer than ${max} characters`);
/** Workflow Builder sends booleans as booleans; text from a form may say "true"/"false". */
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]);
const slackUser = z.string().regex(/^[UW][A-Z0-9]{1,30}$/, 'must be a Slack user');

export const stepInputs = {
  [StepIds.createTalep]: z.object({
    ran_by: ranBy,
    category: text(200),
    subject: text(250),
    body: text(20_000),
    priority: z.string().trim().max(40).optional(),
    on_behalf_of: slackUser.optional(),
  }),
  [StepIds.addComment]: z.object({ ran_by: ranBy, talep_id: talepId, text: text(20_000), agents_only: flag.optional() }),
  [StepIds.closeTalep]: z.object({ ran_by: ranBy, talep_id: talepId, notify_submitter: flag.optional() }),
  [StepIds.findTalep]: z.object({ ran_by: ranBy, talep_id: talepId }),
} as const satisfies Record<StepId, z.ZodObject>;

/** The step's inputs, or a StepFailure naming the first wrong one. Empty optional inputs count as absent. */
export function readInputs<S extends StepId>(step: S, inputs: Record<string, unknown>): z.output<(typeof stepInputs)[S]> {
  const present = Object.fromEntries(Object.entries(inputs).filter(([, value]) => value !== null && value !== ''));
  const parsed = stepInputs[step].safeParse(present);
  if (parsed.success) return parsed.data as z.output<(typeof stepInputs)[S]>;
  const issue = parsed.error.issues[0];
  const name = String(issue?.path[0] ?? 'input');
  const message = present[name] === undefined ? 'is missing' : (issue?.message ?? 'is not valid');
  throw new StepFailure(`The step's input “${name}” ${message}.`);
}
