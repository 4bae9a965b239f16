/**
 * The help desk inside Slack's Workflow Builder: custom steps (defined under `functions` in
 * manifest.yml) that create, comment, close and find taleps as the person who ran the workflow. Slack
 * offers custom steps only on paid plans and to org-ready apps; without them these listeners are
 * simply never called and the rest of the bot works as before.
 */
import type { Area } from '../../slack/dispatch.js';
import { createTalepStep } from './create.js';
import { addCommentStep, closeTalepStep, findTalepStep } from './talep-steps.js';

export const workflowStepsArea: Area = {
  name: 'workflow-steps',
  listeners: [createTalepStep, addCommentStep, closeTalepStep, findTalepStep],
};
