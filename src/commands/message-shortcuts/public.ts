/** What other areas may use of the message shortcuts: a Slack message read for the help desk (files, subject, body). */
export { messageBody, messageFiles, postedMarks, subjectFromText } from './message.js';
