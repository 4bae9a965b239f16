/**
 * What the new-talep form carries in its private_metadata: what was rendered, where the person
 * started, the message it is opened from. It comes back from Slack, so it is read with these schemas.
 */
import * as z from 'zod';
import { fileRefSchema, MAX_FILES } from '../kit/slack-files.js';

/** The message a talep is opened from ("Open a talep"). */
export const sourceMessageSchema = z.object({
  channelId: z.string().min(1),
  ts: z.string().min(1),
  /** Thread the message lives in, if it is a reply; the link is posted there. */
  threadTs: z.string().optional(),
  files: z.array(fileRefSchema).max(MAX_FILES),
});
export type SourceMessage = z.infer<typeof sourceMessageSchema>;

/** A custom field as rendered: id, type, mandatory. Enough to validate the submission. */
export const renderedFieldSchema = z.tuple([z.int().positive(), z.int(), z.boolean()]);
export type RenderedField = z.infer<typeof renderedFieldSchema>;

export const newTalepMetadataSchema = z.object({
  /** Where the person started (slash command, message): the confirmation goes there, else to a DM. */
  channelId: z.string().optional(),
  /** Whether the agent-only blocks (assignee, on behalf of) were shown. */
  agent: z.boolean(),
  /** The category whose custom fields and agents are rendered (undefined: none chosen or not loaded). */
  categoryId: z.int().positive().optional(),
  fields: z.array(renderedFieldSchema),
  source: sourceMessageSchema.optional(),
});
export type NewTalepMetadata = z.infer<typeof newTalepMetadataSchema>;
