/**
 * The inputs of each workflow step, checked with zod before anything is sent: Workflow Builder fills
 * them from whatever the workflow's builder mapped, so they are untrusted text. Every step also has
 * `ran_by` (`slack#/types/user_context`): Slack fills it from the action of the person who ran the
 * workflow, and the kernel acts as that person (src/slack/steps.ts). A test keeps these names equal to
 * manifest.yml's.
 */
import * as z from 'zod';
import { english, type Messages } from '../../i18n/messages.js';
import { StepFailure } from '../../slack/listeners.js';
import { type StepId, StepIds } from './step-ids.js';

/**
 * What is wrong with an input, as the `problem` of the message `steps.input` (the zod messages below
 * are these words, so the sentence is made in the reader's language).
 */
export type InputProblem = 'missing' | 'talepNumber' | 'whole' | 'tooLarge' | 'text' | 'empty' | 'tooLong' | 'user' | 'flag' | 'priority' | 'invalid';

const problem = (word: InputProblem) => ({ error: word });

const ranBy = z.unknown();
const talepId = z.coerce
  .number(problem('talepNumber'))
  .int(problem('whole'))
  .min(1, problem('talepNumber'))
  .max(999_999_999, problem('tooLarge'));
const text = (max: number) => z.string(problem('text')).trim().min(1, problem('empty')).max(max, problem('tooLong'));
/** Workflow Builder sends booleans as booleans; text from a form may say "true"/"false". */
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], problem('flag'));
const slackUser = z.string(problem('user')).regex(/^[UW][A-Z0-9]{1,30}$/, problem('user'));

export const stepInputs = {
  [StepIds.createTalep]: z.object({
    ran_by: ranBy,
    category: text(200),
    subject: text(250),
    body: text(20_000),
    priority: z.string(problem('text')).trim().max(40, problem('tooLong')).optional(),
    on_behalf_of: slackUser.optional(),
  }),
  [StepIds.addComment]: z.object({ ran_by: ranBy, talep_id: talepId, text: text(20_000), agents_only: flag.optional() }),
  [StepIds.closeTalep]: z.object({ ran_by: ranBy, talep_id: talepId, notify_submitter: flag.optional() }),
  [StepIds.findTalep]: z.object({ ran_by: ranBy, talep_id: talepId }),
} as const satisfies Record<StepId, z.ZodObject>;

const PROBLEMS: ReadonlySet<string> = new Set<InputProblem>(['talepNumber', 'whole', 'tooLarge', 'text', 'empty', 'tooLong', 'user', 'flag', 'priority']);

/** "The step's input “name” is missing." in the reader's language. */
export const inputFailure = (name: string, why: InputProblem, m: Messages = english, max = 0): StepFailure =>
  new StepFailure(m.t('steps.input', { name, problem: why, max: m.number(max) }));

/** The step's inputs, or a StepFailure naming the first wrong one. Empty optional inputs count as absent. */
export function readInputs<S extends StepId>(step: S, inputs: Record<string, unknown>, m: Messages = english): z.output<(typeof stepInputs)[S]> {
  const present = Object.fromEntries(Object.entries(inputs).filter(([, value]) => value !== null && value !== ''));
  const parsed = stepInputs[step].safeParse(present);
  if (parsed.success) return parsed.data as z.output<(typeof stepInputs)[S]>;
  const issue = parsed.error.issues[0];
  const name = String(issue?.path[0] ?? 'input');
  const said = issue?.message ?? '';
  const why: InputProblem = present[name] === undefined ? 'missing' : PROBLEMS.has(said) ? (said as InputProblem) : 'invalid';
  const max = issue?.code === 'too_big' ? Number(issue.maximum) : 0;
  throw inputFailure(name, why, m, max);
}
